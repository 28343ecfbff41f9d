import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies' });
const consentCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'cookieConsent');

test.describe('cookie banner', () => {
  test.use({ locale: 'en-GB' });

  test('appears after load, accepting hides it for good', async ({ page }) => {
    await page.goto('/imprint');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('analytics cookies');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect.poll(async () => (await consentCookie(page))?.value).toBe('true');
    const cookie = await consentCookie(page);
    // kept 365 days
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprint');
    await expect(banner(page)).toHaveCount(0);
  });

  test('declining stores false and the question is not asked again', async ({ page }) => {
    await page.goto('/privacypolicy');
    await banner(page).getByRole('button', { name: 'Necessary only' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect.poll(async () => (await consentCookie(page))?.value).toBe('false');
    await page.goto('/imprint');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprint');
    await expect(banner(page)).toHaveCount(0);
  });

  test('is not shown on the content route', async ({ page }) => {
    await page.goto('/content/some-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });
});

test.describe('cookie banner without JavaScript', () => {
  test.use({ locale: 'en-GB', javaScriptEnabled: false });

  test('stores the choice through the plain form', async ({ page }) => {
    await page.goto('/imprint');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect(page).toHaveURL(/\/imprint$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprint');
    await expect(banner(page)).toHaveCount(0);
    expect((await consentCookie(page))?.value).toBe('true');
  });
});
