import type { Page } from '@playwright/test';
import type { LayoutItem, PageLayout } from '../../app/lib/content-pages/layout';
import { createContentPage, createContentPageTranslation } from '../fixtures/content-pages';
import { expect, hydrated, necessaryCookiesOnly, test } from './fixtures';

/**
 * The content page builder as a new user met it (issue 24 items 7, 8 and 10): unsaved work asks before an in-app
 * navigation and is kept as a draft in the browser, offered on return; the palette and the properties sit beside
 * the canvas (a bottom sheet on phones) without sideways scrolling; the mobile preview is as wide as a phone's page
 * and hyphenates as it does; the page's title names a language not made yet; no hydration error on load.
 */

test.use({ locale: 'en-GB', viewport: { width: 1440, height: 900 } });

const LONG_WORDS = 'Donaudampfschifffahrtsgesellschaftskapitän und Bundesausbildungsförderungsgesetz auf der Messe';

/** A page of one block per row (the blocks' fields beyond their type are filled by their defaults when shown). */
const layoutWith = (...blocks: Record<string, unknown>[]): PageLayout => ({
  rows: blocks.map((content, index) => ({
    id: `r${index}`,
    type: 'ROW' as const,
    columns: [{ id: `c${index}`, type: 'COL' as const, width: 'N8' as const, rows: [], item: { id: `i${index}`, sort: 0, content: content as LayoutItem['content'] } }],
  })),
});
const text = (html: string) => ({ type: 'TEXT', html, showExample: false });

/** React's errors in the browser console (a hydration error is logged there as a recoverable error). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const cellTypes = (page: Page) =>
  page.locator('[data-builder-canvas] [data-builder-cell]').evaluateAll((cells) => cells.map((cell) => cell.querySelector('[data-block]')?.getAttribute('data-block') ?? 'EMPTY'));

test('unsaved work asks before the breadcrumb leaves, and its draft is offered back on return', async ({ page, login, db }) => {
  test.setTimeout(90_000);
  const { organizationIds } = await login({ language: 'EN' });
  const content = await createContentPage(db, { organization_id: organizationIds[0]! });
  await createContentPageTranslation(db, { page_id: content.id, language: 'DE', name: 'Messeseite', layout: { rows: [] } });
  await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE`);
  await hydrated(page);

  await page.getByRole('button', { name: 'Add Text' }).click();
  await expect.poll(() => cellTypes(page)).toEqual(['TEXT']);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  // what is typed into the properties (not applied yet) is part of the draft too
  const form = page.locator('[data-builder-item-form]');
  await form.locator('textarea').first().fill('<p>Willkommen am Stand</p>');

  // the breadcrumb asks first; staying keeps everything
  const breadcrumb = page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Content pages' });
  await breadcrumb.click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave the page with unsaved changes?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Stay here' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Stay here' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/contentpool/builder_v2/${content.slug}`));
  await expect.poll(() => cellTypes(page)).toEqual(['TEXT']);

  // leaving anyway: the draft stays in this browser and is offered on return
  await breadcrumb.click();
  await dialog.getByRole('button', { name: 'Leave anyway' }).click();
  await expect(page).toHaveURL(/\/contentpool\/pages/);
  await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE`);
  await hydrated(page);
  await expect(page.getByText(/This browser kept an unsaved draft from/)).toBeVisible();
  await expect.poll(() => cellTypes(page)).toEqual([]);
  await page.getByRole('button', { name: 'Restore draft' }).click();
  await expect.poll(() => cellTypes(page)).toEqual(['TEXT']);
  await expect(page.locator('[data-builder-canvas]')).toContainText('Willkommen am Stand');
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // saved: a version of its own (the draft never was one), and no draft offered any more
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('The page has been saved.')).toBeVisible();
  const saved = await db('content_page_translations').where({ page_id: content.id, language: 'DE' }).first();
  expect(saved.version).toBe(2);
  expect(JSON.stringify(saved.layout)).toContain('Willkommen am Stand');
  await page.reload();
  await hydrated(page);
  await expect.poll(() => cellTypes(page)).toEqual(['TEXT']);
  await expect(page.getByText(/This browser kept an unsaved draft/)).toHaveCount(0);
});

test('unsaved work is kept on the server as well, and offered where the browser kept nothing (another device)', async ({ page, login, db }) => {
  test.setTimeout(90_000);
  const { organizationIds } = await login({ language: 'EN' });
  const content = await createContentPage(db, { organization_id: organizationIds[0]! });
  const translation = await createContentPageTranslation(db, { page_id: content.id, language: 'DE', name: 'Serverentwurf', layout: { rows: [] } });
  await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.locator('[data-builder-item-form]').locator('textarea').first().fill('<p>Vom anderen Gerät weiterarbeiten</p>');

  // a moment after the last change the work is on the server
  const kept = async () => JSON.stringify((await db('content_page_drafts').where({ translation_id: translation.id }).first())?.layout ?? null);
  await expect.poll(kept, { timeout: 20_000 }).toContain('Vom anderen Gerät weiterarbeiten');

  // leave, and come back where this browser kept nothing (as on another device)
  await page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Content pages' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave anyway' }).click();
  await expect(page).toHaveURL(/\/contentpool\/pages/);
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE`);
  await hydrated(page);
  await expect(page.getByText(/An unsaved draft from .+ was kept for you on the server/)).toBeVisible();
  await page.getByRole('button', { name: 'Restore draft' }).click();
  await expect(page.locator('[data-builder-canvas]')).toContainText('Vom anderen Gerät weiterarbeiten');

  // saved: the server keeps no draft any more
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('The page has been saved.')).toBeVisible();
  await expect.poll(kept).toBe('null');
});

/**
 * Holds the builder's first post of one intent (save, draft) at the door until `release`; `arrived` resolves when it
 * got there, `sent` lists the intents of every post in order.
 */
async function holdBuilderPost(page: Page, intent: string) {
  const sent: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  await page.route(/\/contentpool\/builder_v2\//, async (route) => {
    if (route.request().method() === 'POST') {
      const posted = /intent(?:=|"\r\n\r\n)(\w+)/.exec(route.request().postData() ?? '')?.[1] ?? '?';
      sent.push(posted);
      if (posted === intent) {
        reached();
        await held;
      }
    }
    await route.continue();
  });
  return { arrived, release, sent };
}

test('no draft goes out while the page is being saved, so the save’s answer and its toast are not taken over', async ({ page, login, db }) => {
  const { organizationIds } = await login({ language: 'EN' });
  const content = await createContentPage(db, { organization_id: organizationIds[0]! });
  const translation = await createContentPageTranslation(db, { page_id: content.id, language: 'DE', name: 'Gespeichert', layout: { rows: [] } });
  // the browser's timers under the test's hand: the draft's delay passes when the test says so
  await page.clock.install();
  const drafts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /intent(=|"\r\n\r\n)(draft|discardDraft)\b/.test(request.postData() ?? '')) drafts.push(request.url());
  });
  // the save is held at the door until the draft's delay has passed twice over
  const { arrived, release } = await holdBuilderPost(page, 'save');
  await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE`);
  await hydrated(page);

  await page.getByRole('button', { name: 'Add Text' }).click();
  const form = page.locator('[data-builder-item-form]');
  await form.locator('textarea').first().fill('<p>Gleich gespeichert</p>');
  await form.getByRole('button', { name: 'Apply changes' }).click();
  await page.getByRole('button', { name: 'Save page' }).click();
  await arrived;
  await page.clock.runFor(6_000);
  expect(drafts).toEqual([]);
  release();

  await expect(page.getByText('The page has been saved.')).toBeVisible();
  const saved = await db('content_page_translations').where({ id: translation.id }).first();
  expect(JSON.stringify(saved.layout)).toContain('Gleich gespeichert');
  expect(await db('content_page_drafts').where({ translation_id: translation.id }).first()).toBeUndefined();
  expect(drafts).toEqual([]);
});

test('a draft on its way when Save is pressed: the save waits for its answer and keeps its toast', async ({ page, login, db }) => {
  const { organizationIds } = await login({ language: 'EN' });
  const content = await createContentPage(db, { organization_id: organizationIds[0]! });
  const translation = await createContentPageTranslation(db, { page_id: content.id, language: 'DE', name: 'Entwurf', layout: { rows: [] } });
  await page.clock.install();
  // the draft is held at the door; the save must not leave the browser before the draft's answer is back
  const { arrived, release, sent } = await holdBuilderPost(page, 'draft');
  await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE`);
  await hydrated(page);

  await page.getByRole('button', { name: 'Add Text' }).click();
  const form = page.locator('[data-builder-item-form]');
  await form.locator('textarea').first().fill('<p>Nach dem Entwurf gespeichert</p>');
  await form.getByRole('button', { name: 'Apply changes' }).click();
  await page.clock.runFor(3_000);
  await arrived;
  await page.getByRole('button', { name: 'Save page' }).click();
  // the click is taken and the save waits while the draft is held
  await expect(page.locator('[data-builder-save]')).toHaveAttribute('aria-busy', 'true');
  expect(sent).toEqual(['draft']);
  release();

  await expect(page.getByText('The page has been saved.')).toBeVisible();
  expect(sent).toEqual(['draft', 'save']);
  const saved = await db('content_page_translations').where({ id: translation.id }).first();
  expect(JSON.stringify(saved.layout)).toContain('Nach dem Entwurf gespeichert');
});

test('palette and properties beside the canvas on a desktop, in view while the page scrolls; no hydration error; the title in a language not made yet', async ({ page, login, db }) => {
  const errors = consoleErrors(page);
  const { organizationIds } = await login({ language: 'EN' });
  const content = await createContentPage(db, { organization_id: organizationIds[0]! });
  const blocks = Array.from({ length: 12 }, (_, index) => text(`<p>Absatz ${index + 1}: ${LONG_WORDS}</p>`));
  await createContentPageTranslation(db, {
    page_id: content.id,
    language: 'DE',
    name: 'Hallenplan',
    layout: layoutWith(...blocks, { type: 'VIDEO', showExample: true }, { type: 'ACCORDION', showExample: true }),
  });
  // the accordion's code (loaded on demand) held back until the page has hydrated: its suspended
  // blocks must not be rendered anew by what changes right after hydration (React #421)
  let release!: () => void;
  const blockCodeMayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/accordion-[^/]*\.js$/, async (route) => {
    await blockCodeMayLoad;
    await route.continue();
  });
  // `commit`: the held code would hold back the load event too
  await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE`, { waitUntil: 'commit' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await hydrated(page);
  release();
  await expect(page.locator('[data-builder-canvas]')).toHaveAttribute('data-dnd-ready', 'yes');
  await expect(page.locator('[data-builder-canvas] [data-block="ACCORDION"]')).toBeVisible();
  expect(errors.filter((error) => /#4(18|19|21|22|23|25)|hydrat/i.test(error))).toEqual([]);

  const canvas = (await page.locator('[data-builder-canvas]').boundingBox())!;
  const palette = (await page.locator('[data-builder-palette-section]').boundingBox())!;
  // beside the canvas, not below it
  expect(palette.x + palette.width).toBeLessThanOrEqual(canvas.x);
  expect(palette.y).toBeLessThan(canvas.y + 100);

  // the last item, far down the page: its properties are on screen beside it
  await page.locator('[data-builder-handle]').last().click();
  const inspector = page.locator('[data-builder-inspector]');
  await expect(inspector.locator('[data-builder-item-form]')).toBeVisible();
  await expect(inspector).toBeInViewport();
  const box = (await inspector.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(canvas.x + canvas.width);

  // English is not made yet: the heading names the page by its title, not its address
  await page.locator('[data-builder-language="EN"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page builder: Hallenplan');
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText(content.slug);
});

test('on a 390 px phone: nothing sideways, properties as a bottom sheet, the preview as wide as the phone’s page with its hyphenation and margin', async ({
  page,
  login,
  db,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { organizationIds } = await login({ language: 'EN' });
  const content = await createContentPage(db, { organization_id: organizationIds[0]!, state: 'PUBLISHED', publish_token: `tok${Date.now()}` });
  await createContentPageTranslation(db, { page_id: content.id, language: 'DE', name: 'Standinfo', layout: layoutWith(text(`<p>${LONG_WORDS}</p>`)) });
  await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE`);
  await hydrated(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.locator('[data-builder-handle]').first().click();
  const inspector = page.locator('[data-builder-inspector]');
  await expect(inspector.locator('[data-builder-item-form]')).toBeInViewport();
  const sheet = (await inspector.boundingBox())!;
  expect(Math.round(sheet.y + sheet.height)).toBe(844);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await inspector.locator('[data-builder-inspector-close]').click();
  await expect(inspector.locator('[data-builder-item-form]')).toHaveCount(0);

  // the mobile preview on a desktop: the text as wide as on the phone's public page, hyphenated in the page's language
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Mobile preview' }).click();
  const previewText = page.locator('[data-builder-canvas] [data-block="TEXT"]');
  const inPreview = await previewText.evaluate((element) => ({
    width: element.getBoundingClientRect().width,
    hyphens: getComputedStyle(element).hyphens,
    lang: element.closest('[lang]')?.getAttribute('lang'),
  }));

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
  await necessaryCookiesOnly(phone, baseURL);
  const visitor = await phone.newPage();
  expect((await visitor.goto(`/content/${content.slug}?token=${content.publish_token}`))!.status()).toBe(200);
  const publicText = visitor.locator('[data-block="TEXT"]');
  await expect(publicText).toContainText('Donaudampfschifffahrtsgesellschaftskapitän');
  const onPhone = await publicText.evaluate((element) => ({
    width: element.getBoundingClientRect().width,
    left: element.getBoundingClientRect().left,
    hyphens: getComputedStyle(element).hyphens,
    lang: element.closest('[lang]')?.getAttribute('lang'),
  }));
  await phone.close();

  // a margin from the screen's edge on the phone
  expect(onPhone.left).toBeGreaterThanOrEqual(16);
  expect(onPhone.width).toBeLessThanOrEqual(390 - 32);
  expect(inPreview.width).toBeCloseTo(onPhone.width, 0);
  expect(inPreview.hyphens).toBe('auto');
  expect(onPhone.hyphens).toBe('auto');
  expect(inPreview.lang).toBe('de');
  expect(onPhone.lang).toBe('de');
});

test('a new block’s form starts with the example the canvas shows, marked as such; colours from a picker with the palette; spacing with its unit', async ({ page, login, db }) => {
  const { organizationIds } = await login({ language: 'EN' });
  const content = await createContentPage(db, { organization_id: organizationIds[0]! });
  await createContentPageTranslation(db, { page_id: content.id, language: 'DE', name: 'Beispiele', layout: { rows: [] } });
  await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE`);
  await hydrated(page);

  await page.getByRole('button', { name: 'Add Info box' }).click();
  const form = page.locator('[data-builder-item-form]');
  await expect(form).toBeVisible();
  await expect(page.locator('[data-builder-canvas]')).toContainText('Good to know');
  await expect(form.locator('[data-builder-example-note]')).toBeVisible();
  const html = form.locator('textarea[name="content.html"]');
  await expect(html).toHaveValue(/Good to know/);
  await expect(form.locator('[data-builder-example-value="content.html"]')).toHaveText('Example');

  // a colour: a picker beside the field, and the brand palette's swatches writing into it
  const textColour = form.locator('[data-builder-color="content.textColor"]');
  await expect(textColour.locator('input[type="color"]')).toHaveAttribute('list', 'builder-palette-colours');
  await textColour.getByRole('button', { name: 'Use Dark blue (#283853)' }).click();
  await expect(textColour.locator('input[name="content.textColor"]')).toHaveValue('#283853');

  // spacing: the spec's scale in steps, each with its size in px
  const padding = form.locator('select[name="content.paddingYaxis"]');
  await expect(padding.locator('option[value="4"]')).toHaveText('4 (16 px)');
  await expect(padding.locator('option')).toHaveCount(29);
  await expect(page.locator(`label[for="${await padding.getAttribute('id')}"]`)).toContainText('1 step = 4 px');

  // applied as it is: the example becomes the item's own content
  await form.getByRole('button', { name: 'Apply changes' }).click();
  await expect(form.locator('[data-builder-example-note]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('The page has been saved.')).toBeVisible();
  const saved = await db('content_page_translations').where({ page_id: content.id, language: 'DE' }).first();
  const item = (saved.layout as { rows: { columns: { item: { content: Record<string, unknown> } }[] }[] }).rows[0]!.columns[0]!.item.content;
  expect(item.html).toContain('Good to know');
  expect(item.textColor).toBe('#283853');
  expect(item.showExample).toBe(false);
});
