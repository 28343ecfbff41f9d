import { expect, test } from './fixtures';

test.describe('language switch', () => {
  test.use({ locale: 'de-DE' });

  test('switches a visitor from German to English without a reload and remembers it', async ({ page }) => {
    await page.goto('/imprint');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));

    await page.getByRole('button', { name: 'Sprache: Deutsch' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprint');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    expect((await page.context().cookies()).find((c) => c.name === 'lng')?.value).toBe('EN');
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications).toContainText('Language switched to English');
    await notifications.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notifications).toBeHidden();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprint');
  });

  test('persists the choice as the default language of a logged-in user', async ({ page, login, db }) => {
    const { userId } = await login({ language: 'DE' });
    await page.goto('/');
    const nav = page.locator('aside').getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('heading', { name: 'Inhalte' })).toBeVisible();

    await page.getByRole('button', { name: 'Sprache: Deutsch' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();

    await expect(page.locator('aside').getByRole('navigation', { name: 'Main navigation' }).getByRole('heading', { name: 'Content' })).toBeVisible();
    await expect.poll(async () => (await db('users').where({ id: userId }).first('default_language')).default_language).toBe('EN');
    // a success toast hides on its own after a few seconds
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Language switched to English');
    await expect(page.getByRole('region', { name: 'Notifications' })).toBeHidden({ timeout: 10_000 });

    // the language now follows the account, not the browser cookie
    await page.context().clearCookies({ name: 'lng' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('rejects an unknown language with 400 and a translated message', async ({ request }) => {
    const response = await request.post('/resources/language', {
      form: { language: 'FR', redirectTo: '/' },
      headers: { 'Accept-Language': 'de-DE' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).error).toBe('Unbekannte Sprache „FR“. Erlaubt sind DE und EN.');
  });
});

test.describe('language switch without JavaScript', () => {
  test.use({ locale: 'de-DE', javaScriptEnabled: false });

  test('works as a plain form and returns to the same page', async ({ page }) => {
    await page.goto('/privacypolicy?lang=de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/privacypolicy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    // the success toast is rendered by the server when scripts do not run
    await expect(page.getByRole('status').filter({ hasText: 'Language switched to English' })).toBeVisible();
  });
});
