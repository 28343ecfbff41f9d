import { dismissWelcomeVideoUpfront, expect, necessaryCookiesOnly, test } from './fixtures';

/**
 * Visitor pages on phones (issue 14): no page scrolls sideways at 320, 375 or 390 px, logged out and logged in (the
 * logged-in top bar also carries the business card and the logout); the hall tour comes before the footer links;
 * points on pictures show their names on touch screens (on phones in the list below the picture); a missing page inside a convention leads back to its foyer.
 */
const CONVENTION = '/convention/digitale-fachmesse-2026';
const HALL = `${CONVENTION}/hall/demo-halle-maschinenbau`;
const STAND = `${HALL}/stand/mueller-praezisionstechnik`;
const PAGES = [
  CONVENTION,
  HALL,
  `${HALL}?tour=1`,
  STAND,
  `${STAND}?tour=1`,
  `${STAND}/rp/produkte`,
  `${STAND}/imprint`,
  `${HALL}/imprint`,
  `${CONVENTION}/stage/demo-hauptbuehne`,
  `${CONVENTION}/ondemand`,
  `${CONVENTION}/ondemand/aufzeichnung-eroeffnung`,
  `${CONVENTION}/infopoint`,
  `${CONVENTION}/imprint`,
  `${CONVENTION}/datapolicy`,
  `${CONVENTION}/hall/no-such-hall`,
  `${CONVENTION}/no/such/page`,
  '/stage/demo-hauptbuehne',
  '/exhibition/demo-hausmesse',
  '/exhibition/demo-hausmesse/rp/neuheiten-2026',
  '/exhibition/demo-hausmesse/stage/demo-hauptbuehne',
  '/exhibition/demo-hausmesse/imprint',
  '/login',
  `/login?next=${encodeURIComponent('/convention/partnertag-2026')}`,
];

for (const width of [320, 375, 390]) {
  for (const loggedIn of [false, true]) {
    test(`no visitor page scrolls sideways at ${width} px, ${loggedIn ? 'logged in' : 'logged out'}`, async ({ page, login, baseURL }) => {
      await page.setViewportSize({ width, height: 740 });
      await dismissWelcomeVideoUpfront(page);
      await necessaryCookiesOnly(page.context(), baseURL);
      // German: the longer words ("Abmelden", "Visitenkarte")
      if (loggedIn) await login({ language: 'DE' });
      const wide: string[] = [];
      for (const path of PAGES) {
        await page.goto(path);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        if (scrollWidth > innerWidth) wide.push(`${path}: ${scrollWidth} px`);
      }
      expect(wide).toEqual([]);
      if (loggedIn) {
        // everything in the top bar is on the screen, the logout too
        await page.goto(CONVENTION);
        const logout = page.getByRole('banner').getByRole('button', { name: 'Abmelden' });
        await expect(logout).toBeInViewport({ ratio: 1 });
      }
    });
  }
}

test.describe('on a phone', () => {
  test.use({ locale: 'en-GB', viewport: { width: 390, height: 844 } });

  test('the hall tour comes before the footer links, in the hall and on its stands', async ({ page, baseURL }) => {
    await dismissWelcomeVideoUpfront(page);
    await necessaryCookiesOnly(page.context(), baseURL);
    for (const path of [HALL, `${STAND}?tour=1`]) {
      await page.goto(path);
      const tour = page.getByRole('complementary', { name: /^Tour of/ });
      const imprint = page.getByRole('main').getByRole('link', { name: 'Imprint' });
      const tourBox = await tour.boundingBox();
      const imprintBox = await imprint.boundingBox();
      expect(tourBox!.y + tourBox!.height, path).toBeLessThanOrEqual(imprintBox!.y);
    }
    await page.getByRole('main').getByRole('link', { name: 'Imprint' }).click();
    await expect(page).toHaveURL(`${STAND}/imprint`);
  });

  test('a missing page inside a convention leads back to its foyer', async ({ page, baseURL }) => {
    await dismissWelcomeVideoUpfront(page);
    await necessaryCookiesOnly(page.context(), baseURL);
    for (const path of [`${CONVENTION}/hall/no-such-hall`, `${CONVENTION}/no/such/page`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      // no login to the console: the way back into the convention instead
      await expect(page.getByRole('main').getByRole('link', { name: 'Log in', exact: true })).toHaveCount(0);
      await page.getByRole('link', { name: 'Back to the foyer' }).click();
      await expect(page).toHaveURL(CONVENTION);
      await expect(page.getByRole('heading', { level: 1, name: 'Digital Trade Fair 2026' })).toBeVisible();
    }
  });
});

test.describe('on a touch screen', () => {
  test.use({ locale: 'en-GB', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('foyer and panorama points show their names; a point that leads nowhere is not offered', async ({ page, baseURL, db }) => {
    await dismissWelcomeVideoUpfront(page);
    await necessaryCookiesOnly(page.context(), baseURL);
    await page.goto(CONVENTION);
    const foyerPoints = page.locator('[data-foyer-point]');
    // both halls, the stage, a stand and the info desk (issue 14: every point leads somewhere)
    await expect(foyerPoints).toHaveCount(5);
    // on a phone the picture's points are numbered and named in the list below it, so names cover neither the
    // picture's signs nor each other (issue 24 item 20)
    for (const name of ['Hall: Mechanical engineering', 'Stand: Müller Präzisionstechnik']) {
      await expect(page.locator('[data-point-list="foyer"]').getByRole('link', { name, exact: true })).toBeVisible();
    }
    await foyerPoints.and(page.getByRole('link', { name: /^\d+\. Hall: Mechanical engineering$/ })).tap();
    await expect(page).toHaveURL(HALL);

    // the demo's points all lead somewhere; a plain point (as an editor may leave one) leads nowhere
    const stand = await db('base_stands').where({ slug: 'mueller-praezisionstechnik' }).first('id');
    const node = await db('stand_nodes').where({ stand_id: stand.id, language: 'EN' }).first('id', 'organization_id');
    const [dead] = await db('points').insert({ organization_id: node.organization_id, node_id: node.id, cx: 12, cy: 80, kind: 'POINT' }).returning('id');
    try {
      await page.goto(STAND);
      const panorama = page.getByRole('region', { name: /^Panorama/ });
      // the three reference points and the virtual showroom (issue 17), named on the picture in the visitor's
      // language; the plain point is not shown
      await expect(panorama.locator('[data-point]')).toHaveCount(4);
      const names = page.locator('[data-point-list="stand"]');
      await expect(panorama.locator('[data-room-point]')).toHaveAttribute('aria-label', /^\d+\. Open Virtual showroom$/);
      await expect(names.getByRole('link', { name: 'Virtual showroom', exact: true })).toBeVisible();
      await expect(names.getByRole('link', { name: 'Products', exact: true })).toBeVisible();
      await panorama.getByRole('link', { name: 'Open Products' }).tap();
      await expect(page).toHaveURL(`${STAND}/rp/produkte`);
    } finally {
      await db('points').where({ id: dead.id }).delete();
    }
  });
});
