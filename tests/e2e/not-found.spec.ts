import { expect, test } from './fixtures';

test.describe('404 page in German', () => {
  test.use({ locale: 'de-DE' });

  test('is headed "Seite nicht gefunden", with a login link and status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle('Seite nicht gefunden');
    await page.getByRole('link', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('404 page in English', () => {
  test.use({ locale: 'en-US' });

  test('is "Page not found" and also served at /404', async ({ page }) => {
    const response = await page.goto('/404');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('follows the lang query parameter over the browser language', async ({ page }) => {
    await page.goto('/missing?lang=de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
  });
});

test.describe('404 inside the console', () => {
  test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

  test('keeps the console shell around it and offers no login to a logged-in member', async ({ page, login }) => {
    await login({ language: 'EN' });
    const response = await page.goto('/hall/builder/no-such-hall');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await expect(page).not.toHaveURL(/no-such-hall/);
  });
});

test.describe('404 outside the console for a logged-in member', () => {
  test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

  test('shows the console 404 in the console shell, with the start page instead of the login', async ({ page, login }) => {
    await login({ language: 'EN' });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.locator('aside').getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await expect(page).not.toHaveURL(/no\/such\/page/);
  });
});
