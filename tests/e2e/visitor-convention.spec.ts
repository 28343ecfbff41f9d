import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { dismissWelcomeVideoUpfront, expect, expectAccessible, necessaryCookiesOnly, test } from './fixtures';

/**
 * A visitor's walk through the demo convention (seeded by the e2e server): landing, welcome video, hall tour,
 * stand with a reference point, the preview link of a stand waiting for approval, an inactive convention. Runs at
 * phone and desktop width; the main pages also without JavaScript.
 */
const CONVENTION = '/convention/digitale-fachmesse-2026';
const HALL = `${CONVENTION}/hall/demo-halle-maschinenbau`;

async function acceptNecessaryCookies(page: Page) {
  const button = page.getByRole('button', { name: 'Necessary only' });
  await button.click();
  await expect(button).toHaveCount(0);
}

for (const viewport of [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ locale: 'en-GB', viewport: { width: viewport.width, height: viewport.height } });

    test('the welcome video shows once, then the visitor walks the hall tour and opens a stand point', async ({ page }) => {
      await page.goto(CONVENTION);
      // the cookie question first; the welcome video follows the answer
      await acceptNecessaryCookies(page);
      const welcome = page.getByRole('dialog', { name: 'Welcome video' });
      await expect(welcome).toBeVisible();
      await expect(welcome.getByRole('link', { name: /^Play video/ })).toBeVisible();
      // the video's picture, kept in our storage
      await expect(welcome.getByRole('link', { name: /^Play video/ }).locator('img')).toHaveAttribute('src', /^\/files\//);
      await expectAccessible(page);
      await welcome.getByRole('button', { name: 'Close' }).click();
      await expect(welcome).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'Digital Trade Fair 2026' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Digital Trade Fair 2026' })).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Welcome video' })).toBeHidden();

      // the navigation is a drawer on phones
      const nav = page.getByRole('navigation', { name: 'Convention' });
      if (viewport.width < 1024) {
        await expect(nav).toBeHidden();
        await page.getByRole('link', { name: 'Menu' }).click();
      }
      await nav.getByRole('link', { name: 'Mechanical engineering' }).click();
      await expect(page).toHaveURL(HALL);
      await expect(page.getByRole('heading', { level: 1, name: 'Mechanical engineering' })).toBeVisible();
      await expectAccessible(page);

      const tour = page.getByRole('complementary', { name: /^Tour of/ });
      await tour.getByRole('link', { name: 'Start tour' }).click();
      await expect(page).toHaveURL(/\/stand\/[^/?]+\?tour=1$/);
      await expect(tour.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
      const firstStand = await page.getByRole('heading', { level: 1 }).textContent();
      await tour.getByRole('link', { name: 'Next stand' }).click();
      await expect(page).toHaveURL(/\?tour=2$/);
      await expect(tour.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '67');
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(firstStand ?? '');
      await expect(tour.locator('a[aria-current="step"]')).toHaveCount(1);
      await tour.getByRole('link', { name: 'Back', exact: true }).click();
      await expect(page).toHaveURL(/\?tour=1$/);
      // back from the first stand returns to the hall, where the tour can be continued
      await tour.getByRole('link', { name: 'Back to the hall' }).click();
      await expect(page).toHaveURL(HALL);
      await expect(page.getByRole('heading', { level: 1, name: 'Mechanical engineering' })).toBeVisible();
      await expect(tour.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
      await tour.getByRole('link', { name: 'Continue at step 1' }).click();
      await expect(page).toHaveURL(/\?tour=1$/);
      // the last stand finishes the tour: the hall says so and keeps the progress
      await tour.getByRole('link', { name: 'Next stand' }).click();
      await expect(page).toHaveURL(/\?tour=2$/);
      await tour.getByRole('link', { name: 'Next stand' }).click();
      await expect(page).toHaveURL(/\?tour=3$/);
      await expect(tour.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      await tour.getByRole('link', { name: 'Finish tour' }).click();
      await expect(page).toHaveURL(`${HALL}?tour=done`);
      await expect(tour.getByRole('status')).toHaveText('Tour complete: you have visited all 3 stands of Mechanical engineering.');
      await expect(tour.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      await page.goto(HALL);
      await expect(tour.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      await expect(tour.getByRole('status')).toBeVisible();
      await expect(tour.getByRole('link', { name: 'Start again' })).toBeVisible();

      // a stand's reference point opens beside it
      await page.getByRole('link', { name: /Müller Präzisionstechnik/ }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: /Müller Präzisionstechnik/ })).toBeVisible();
      // the English view names its points in English
      await page.getByRole('link', { name: 'Open Products' }).click();
      await expect(page).toHaveURL(/\/rp\/produkte$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Products' })).toBeFocused();
      await expectAccessible(page);
    });
  });
}

test.describe('keyboard and storage', () => {
  test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

  test('keyboard-only visitors reach the stand cards and the stand points', async ({ page }) => {
    await dismissWelcomeVideoUpfront(page);
    await page.goto(HALL);
    await acceptNecessaryCookies(page);
    const firstCard = page.getByRole('list').filter({ has: page.getByRole('link', { name: /Müller Präzisionstechnik/ }) }).getByRole('link').first();
    for (let i = 0; i < 40 && !(await firstCard.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await expect(firstCard).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: /Müller Präzisionstechnik/ })).toBeVisible();
    const point = page.getByRole('link', { name: 'Open Products' });
    for (let i = 0; i < 60 && !(await point.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await expect(point).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Products' })).toBeFocused();
  });

  test('the hall page offers to continue a tour kept in browser storage', async ({ page }) => {
    await dismissWelcomeVideoUpfront(page);
    await page.goto(`${HALL}`);
    await acceptNecessaryCookies(page);
    const tour = page.getByRole('complementary', { name: /^Tour of/ });
    await tour.getByRole('link', { name: 'Start tour' }).click();
    await tour.getByRole('link', { name: 'Next stand' }).click();
    await expect(page).toHaveURL(/\?tour=2$/);
    await page.getByRole('navigation', { name: 'Convention' }).getByRole('link', { name: 'Mechanical engineering' }).click();
    await expect(page).toHaveURL(HALL);
    await tour.getByRole('link', { name: 'Continue at step 2' }).click();
    await expect(page).toHaveURL(/\?tour=2$/);
  });
});

test.describe('what a page downloads', () => {
  /** The URL the browser chose for the first stand card of the hall, once it has loaded. */
  async function firstCardPicture(page: Page) {
    await dismissWelcomeVideoUpfront(page);
    const responses: { url: string; type: string | null }[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/files/')) responses.push({ url: res.url(), type: res.headers()['content-type'] ?? null });
    });
    await page.goto(HALL);
    const picture = page.getByRole('link', { name: /^Müller Präzisionstechnik/ }).locator('img');
    await expect(picture).toHaveJSProperty('complete', true);
    const current = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
    return { current, response: responses.find((r) => r.url === current) };
  }

  for (const screen of [
    { name: 'a phone', width: 375, height: 740, deviceScaleFactor: 2, picture: 960, what: 'a WebP about twice the width of the screen, not the upload' },
    { name: 'a desktop', width: 1280, height: 900, deviceScaleFactor: 1, picture: 640, what: 'the 640 px picture for the three-column grid' },
  ]) {
    test.describe(`on ${screen.name}`, () => {
      test.use({ locale: 'en-GB', viewport: { width: screen.width, height: screen.height }, deviceScaleFactor: screen.deviceScaleFactor });
      test(`a stand card loads ${screen.what}`, async ({ page }) => {
        const { current, response } = await firstCardPicture(page);
        expect(current).toMatch(new RegExp(`/files/[0-9a-f-]{36}\\?w=${screen.picture}$`));
        expect(response?.type).toBe('image/webp');
      });
    });
  }

  test.describe('scripts and texts', () => {
    test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

    /** What came over the network (not from the browser's cache) for the texts, read through the DevTools protocol. */
    async function textsFromTheNetwork(page: Page): Promise<() => string[]> {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const fetched: string[] = [];
      cdp.on('Network.responseReceived', (event) => {
        const path = new URL(event.response.url).pathname;
        // the chat widget, embedded after the page has loaded (issue 28), brings its own texts then
        if (path.startsWith('/locales/') && !path.endsWith('/chats.json') && !event.response.fromDiskCache && !event.response.fromPrefetchCache) fetched.push(event.response.url);
      });
      return () => [...fetched].sort();
    }

    test('a visitor page starts its scripts and texts after it has loaded, hydrates without an error and fetches each text once', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const texts = await textsFromTheNetwork(page);
      const response = await page.goto(HALL);
      // the page as the server sent it: no module preloads, no text preloads in its head (issue 26)
      const html = (await response?.text()) ?? '';
      expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
      expect(html).not.toMatch(/<link[^>]+rel="preload"[^>]+as="fetch"/);
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      // every script and text started after the load event (the browser's own record of the page's requests)
      const timing = await page.evaluate(() => ({
        load: performance.getEntriesByType('navigation')[0] ? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart : NaN,
        requests: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/(assets\/[^/]+\.js|locales\/)/.test(new URL(entry.name).pathname))
          .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      expect(timing.load).toBeGreaterThan(0);
      expect(timing.requests.length).toBeGreaterThan(5);
      expect(timing.requests.filter((request) => request.start < timing.load)).toEqual([]);
      // the texts the page needs, each from the server once (the entry's i18next found them in the cache)
      expect(texts().map((href) => new URL(href).pathname)).toEqual(
        // auth: the business card's avatar field (issue 27) is the layout's; its texts load with every convention page
        ['/locales/en/auth.json', '/locales/en/common.json', '/locales/en/errors.json', '/locales/en/validation.json', '/locales/en/visitor.json'],
      );
      expect(texts().every((href) => /\?v=[0-9a-f]{12}$/.test(href))).toBe(true);
      // a hydration that did not match would be logged (React errors 418, 423) and the page rendered afresh
      expect(errors).toEqual([]);
      // and the page works as an app: a client-side move to a stand
      await page.getByRole('link', { name: /^Müller Präzisionstechnik/ }).first().click();
      await expect(page).toHaveURL(/\/stand\/mueller-praezisionstechnik/);
      expect(errors).toEqual([]);
    });

    test('a page outside the visitor pages preloads its texts with the scripts and fetches them once', async ({ page }) => {
      const texts = await textsFromTheNetwork(page);
      const response = await page.goto('/login');
      const html = (await response?.text()) ?? '';
      const preloads = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="[^"]+" href="([^"]+)"/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&'), page.url()).href);
      expect(html).toMatch(/<link rel="modulepreload"/);
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      // after hydration the links are gone: later pages load their own texts
      await expect(page.locator('link[rel="preload"][as="fetch"]')).toHaveCount(0);
      expect(preloads.map((href) => new URL(href).pathname)).toContain('/locales/en/auth.json');
      expect(texts()).toEqual([...preloads].sort());
    });

    test('scripts and styles arrive Brotli-compressed (compressed at build time) and are cached for a year', async ({ page }) => {
      const assets: { url: string; encoding?: string; cache?: string; length?: string }[] = [];
      page.on('response', (res) => {
        if (new URL(res.url()).pathname.startsWith('/assets/')) {
          const headers = res.headers();
          assets.push({ url: res.url(), encoding: headers['content-encoding'], cache: headers['cache-control'], length: headers['content-length'] });
        }
      });
      await page.goto(HALL);
      await expect(page.getByRole('heading', { level: 1, name: 'Mechanical engineering' })).toBeVisible();
      expect(assets.filter((a) => a.url.endsWith('.js')).length).toBeGreaterThan(3);
      expect(assets.filter((a) => a.encoding === 'br').length).toBeGreaterThan(3);
      for (const asset of assets) {
        // files under 1 KiB are not worth compressing
        if (asset.encoding !== 'br') expect(Number(asset.length), asset.url).toBeLessThan(1024);
        expect(asset.cache, asset.url).toBe('public, max-age=31536000, immutable');
      }
    });
  });
});

test.describe('times in the visitor own zone', () => {
  test('a visitor in New York sees the fair times in Berlin and their own after hydration, written without Intl', async ({ browser, baseURL, db }) => {
    const convention = await db('conventions').where({ slug: CONVENTION.split('/').pop() }).first('start_date', 'end_date');
    // the own line repeats the fair's days without the year (the line above has it)
    const nyTime = (value: Date) =>
      new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/New_York' }).format(value);
    const berlinTime = (value: Date) =>
      new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Berlin' }).format(value);
    const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'America/New_York', baseURL, viewport: { width: 1280, height: 900 } });
    await necessaryCookiesOnly(context, baseURL);
    // counts the page's Intl date formatters: the event zone and the visitor's own are written without them
    await context.addInitScript(() => {
      const original = Intl.DateTimeFormat;
      const counted = function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        (window as unknown as { __dateFormats: number }).__dateFormats += 1;
        return new original(...args);
      } as unknown as typeof Intl.DateTimeFormat;
      (window as unknown as { __dateFormats: number }).__dateFormats = 0;
      Intl.DateTimeFormat = Object.assign(counted, original);
    });
    const page = await context.newPage();
    await page.goto(CONVENTION);
    const start = new Date(convention.start_date);
    const end = new Date(convention.end_date);
    await expect(page.getByText(`${berlinTime(start)} –`, { exact: false }).first()).toBeVisible();
    await expect(page.getByText(`(your time: ${nyTime(start)} – ${nyTime(end)})`)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __dateFormats: number }).__dateFormats)).toBe(0);
    await context.close();
  });

  test('the own times of a visitor far away appear on a phone without moving the page', async ({ browser, baseURL }) => {
    // 13 hours ahead of Berlin: every talk and the fair's days fall on other dates there, the longest own lines
    const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Pacific/Kiritimati', baseURL, viewport: { width: 360, height: 2000 }, isMobile: true });
    await necessaryCookiesOnly(context, baseURL);
    // the shifts of anything but the foyer's points (they are spread apart once the picture's size is known, by design)
    await context.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { __shifts: string[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Node | null }[] }[]) {
          const moved = entry.sources.map((source) => source.node).filter((node) => !(node instanceof Element && node.closest('[data-foyer-point]')));
          for (const node of moved) shifts.push(`${entry.value}: ${node instanceof Element ? node.outerHTML.slice(0, 120) : String(node)}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    await page.goto(CONVENTION);
    const programme = page.locator('[data-programme-entry]');
    await expect(programme.first()).toBeVisible();
    // every talk's own line is there once the page has hydrated
    await expect(programme.getByText(/^\(Ihre Zeit: /)).toHaveCount(await programme.count());
    await expect(page.locator('[data-now-line]')).toContainText('Ihre Zeit');
    // the observer reports a shift in the frame after it; one more frame makes sure it has been counted
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
    await context.close();
  });
});

test.describe('without JavaScript', () => {
  test.use({ locale: 'en-GB', javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
  // answered on an earlier visit: the banner slides in 500 ms after each page load and could take a click
  test.beforeEach(({ context, baseURL }) => necessaryCookiesOnly(context, baseURL));

  test('landing, hall, tour and stand work with plain links', async ({ page }) => {
    await page.goto(CONVENTION);
    await expect(page.getByRole('heading', { level: 1, name: 'Digital Trade Fair 2026' })).toBeVisible();
    // the drawer opens through its #navigation target
    await page.getByRole('link', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Convention' }).getByRole('link', { name: 'Mechanical engineering' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mechanical engineering' })).toBeVisible();
    await page.getByRole('link', { name: 'Start tour' }).click();
    await expect(page).toHaveURL(/\?tour=1$/);
    await expect(page.getByText('Step 1 of 3 (33 %)').first()).toBeVisible();
    await page.getByRole('link', { name: 'Open Products' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Products' })).toBeVisible();
    // the welcome video opens as a page state and its thumbnail links to the video site
    await page.goto(`${CONVENTION}?dialog=welcome`);
    await expect(page.getByRole('dialog', { name: 'Welcome video' }).getByRole('link', { name: /^Play video/ })).toHaveAttribute('href', /youtube\.com/);
  });
});

test.describe('preview links and inactive conventions', () => {
  test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

  test('the preview link shows a stand before approval and a wrong slug gives the 404 page', async ({ page, db }) => {
    await dismissWelcomeVideoUpfront(page);
    const pending = await db('hall_stands').where({ slug: 'gastaussteller-sued' }).first('preview_slug');
    const path = `/prev/${pending.preview_slug}${HALL}/stand/gastaussteller-sued`;
    await page.goto(`${HALL}/stand/gastaussteller-sued`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto(path);
    await expect(page.getByText('Preview: this stand is not approved yet.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Guest exhibitor South' })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/prev/wrong-slug${HALL}/stand/gastaussteller-sued`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('an inactive convention shows its page with title and dates', async ({ page, db }) => {
    await dismissWelcomeVideoUpfront(page);
    const demo = await db('conventions').where({ slug: 'digitale-fachmesse-2026' }).first('organization_id');
    const slug = `herbstmesse-${crypto.randomBytes(3).toString('hex')}`;
    await db('conventions').insert({
      organization_id: demo.organization_id,
      slug,
      title: 'Herbstmesse',
      active: false,
      permission_type: 'PUBLIC',
      start_date: new Date('2026-10-01T07:00:00Z'),
      end_date: new Date('2026-10-02T15:00:00Z'),
    });
    try {
      await page.goto(`/convention/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Herbstmesse' })).toBeVisible();
      await expect(page.getByText('Not active')).toBeVisible();
      await expect(page.getByText(/01\/10\/2026/).first()).toBeVisible();
      await expectAccessible(page);
    } finally {
      await db('conventions').where({ slug }).delete();
    }
  });
});
