import { dismissWelcomeVideoUpfront, expect, expectAccessible, necessaryCookiesOnly, test } from './fixtures';

/**
 * A visitor's walk through the demo in-house fair `demo-hausmesse` (LOGGED_IN, seeded with its stand, two
 * reference points and the main stage) and the demo convention's info point. Runs at phone and desktop width.
 */
const FAIR = '/exhibition/demo-hausmesse';
const CONVENTION = '/convention/digitale-fachmesse-2026';

for (const viewport of [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ locale: 'en-GB', viewport: { width: viewport.width, height: viewport.height } });

    test('a logged-in visitor sees the fair’s stand, opens a reference point, the imprint, the data policy and the stage', async ({ page, context, baseURL, login }) => {
      await necessaryCookiesOnly(context, baseURL);
      await login({ language: 'EN' });
      await page.goto(FAIR);
      await expect(page.getByRole('heading', { level: 1, name: 'Hausmesse Demo Messe GmbH' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Demo Messe GmbH – in-house fair' })).toBeVisible();
      const meeting = page.getByRole('main').getByRole('link', { name: 'Join the video meeting (opens in a new tab)' });
      await expect(meeting).toHaveAttribute('href', 'https://meet.demo-messe.example/hausmesse');
      await expect(meeting).toHaveAttribute('target', '_blank');
      const video = page.getByRole('link', { name: /^Play video: Welcome video/ });
      await expect(video).toBeVisible();
      // the Vimeo video's picture is ours, with one play button over it
      await expect(video.locator('img')).toHaveAttribute('src', /^\/files\//);
      await expect(video.locator('svg')).toHaveCount(1);
      await expectAccessible(page);

      await page.getByRole('link', { name: 'Open New in 2026' }).click();
      await expect(page).toHaveURL(`${FAIR}/rp/neuheiten-2026`);
      const point = page.getByRole('heading', { level: 2, name: 'New in 2026' });
      await expect(point).toBeFocused();
      await expect(page.getByText('The new series of compact milling centres')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Close reference point' }).click();
      await expect(page).toHaveURL(FAIR);

      const nav = page.getByRole('navigation', { name: 'In-house fair' });
      await nav.getByRole('link', { name: 'Imprint' }).click();
      await expect(page).toHaveURL(`${FAIR}/imprint`);
      await expect(page.getByRole('heading', { level: 1, name: 'Imprint' })).toBeVisible();
      await expect(page.getByText('HRB 12345, Amtsgericht Köln')).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Imprint' })).toHaveAttribute('aria-current', 'page');
      await expectAccessible(page);

      await nav.getByRole('link', { name: 'Data policy' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Data policy' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Data policy of Demo Messe GmbH (opens in a new tab)' })).toHaveAttribute(
        'href',
        'https://demo-messe.example/datenschutz',
      );

      await nav.getByRole('link', { name: 'Stage' }).click();
      await expect(page).toHaveURL(`${FAIR}/stage/demo-hauptbuehne`);
      await expect(page.getByRole('heading', { level: 1, name: 'Main stage' })).toBeVisible();
      await expectAccessible(page);
    });

    test('the convention’s info point gives the organiser’s help, support page and legal links; content pages are not found yet', async ({ page, context, baseURL }) => {
      await necessaryCookiesOnly(context, baseURL);
      await dismissWelcomeVideoUpfront(page);
      await page.goto(CONVENTION);
      const nav = page.getByRole('navigation', { name: 'Convention' });
      if (viewport.width < 1024) await page.getByRole('link', { name: 'Menu' }).click();
      await nav.getByRole('link', { name: 'Info point' }).click();
      await expect(page).toHaveURL(`${CONVENTION}/infopoint`);
      await expect(page.getByRole('heading', { level: 1, name: 'Info point' })).toBeVisible();
      await expect(page.getByText(/^Willkommen! Über die Navigation links/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Support page of Demo Messe GmbH (opens in a new tab)' })).toHaveAttribute(
        'href',
        'https://demo-messe.example/support',
      );
      await expect(page.getByRole('heading', { level: 2, name: 'About Digital Trade Fair 2026' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('main').getByRole('link', { name: 'Imprint' }).click();
      await expect(page).toHaveURL(`${CONVENTION}/imprint`);

      // content pages arrive with a later issue: until then the standard not-found page
      const missing = await page.goto(`${CONVENTION}/content/agenda`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    });
  });
}

test.describe('login and keyboard', () => {
  test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

  test('a logged-out visitor is sent to the login and comes back to the fair in their own language', async ({ page, context, baseURL }) => {
    await necessaryCookiesOnly(context, baseURL);
    await page.goto(FAIR);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(FAIR)}`);
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('visitor@demo.example');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Messe-Demo-2026!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(FAIR);
    // the demo visitor reads German
    await expect(page.getByRole('heading', { level: 2, name: 'Demo Messe GmbH – Hausmesse' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Neuheiten 2026 öffnen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });

  test('keyboard-only visitors reach the stand’s points and land on the opened point', async ({ page, context, baseURL, login }) => {
    await necessaryCookiesOnly(context, baseURL);
    await login({ language: 'EN' });
    await page.goto(FAIR);
    const point = page.getByRole('link', { name: 'Open Service & advice' });
    for (let i = 0; i < 40 && !(await point.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await expect(point).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${FAIR}/rp/service-beratung`);
    await expect(page.getByRole('heading', { level: 2, name: 'Service & advice' })).toBeFocused();
  });
});

test.describe('without JavaScript', () => {
  test.use({ locale: 'en-GB', javaScriptEnabled: false, viewport: { width: 375, height: 740 } });

  test('the fair, a reference point and the imprint work with plain links', async ({ page, context, baseURL, login }) => {
    await necessaryCookiesOnly(context, baseURL);
    await login({ language: 'EN' });
    await page.goto(FAIR);
    await page.getByRole('link', { name: 'Open New in 2026' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'New in 2026' })).toBeVisible();
    await page.getByRole('navigation', { name: 'In-house fair' }).getByRole('link', { name: 'Imprint' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Imprint' })).toBeVisible();
  });
});
