import { createContentPage, createContentPageTranslation } from '../fixtures/content-pages';
import { expect, necessaryCookiesOnly, test } from './fixtures';
import { pointIn, sortableDrag } from './drag';
import type { Locator, Page } from '@playwright/test';

/**
 * The content page builder (issue 16, spec 000 point 4): a page built from template t1 by keyboard (a block
 * added from the palette, moved with Alt+arrow, the move undone and redone, every move announced) and by drag and
 * drop (a row by its handle, undone; a palette block dropped beside a row), saved, copied
 * to English, published, and opened on a phone by its link.
 */

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

/** The block types of the canvas's cells, top to bottom. */
const cellTypes = (page: Page) =>
  page.locator('[data-builder-canvas] [data-builder-cell]').evaluateAll((cells) => cells.map((cell) => cell.querySelector('[data-block]')?.getAttribute('data-block') ?? 'EMPTY'));

async function pressOn(locator: Locator, key: string) {
  await locator.focus();
  await locator.press(key);
}

test('build a page from template t1 by keyboard, undo and redo, save, copy to English, publish and open it on a phone', async ({ db, login, page, browser, baseURL }) => {
  const { organizationIds } = await login({ language: 'EN' });
  const content = await createContentPage(db, { organization_id: organizationIds[0]! });
  await createContentPageTranslation(db, { page_id: content.id, language: 'DE', name: 'Produktseite', layout: { rows: [] } });

  await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE`);
  const announcement = page.locator('[data-builder-announcement]');
  await expect(page.getByText('This page is empty.')).toBeVisible();

  // template t1 (the preselected choice) by keyboard
  await pressOn(page.getByRole('button', { name: 'Use template' }), 'Enter');
  await expect.poll(() => cellTypes(page)).toEqual(['HERO', 'TEXT', 'IMAGE', 'TEXT']);
  await expect(announcement).toContainText('Template 1');

  // a block from the palette, at the end; the focus goes to its handle
  await pressOn(page.getByRole('button', { name: 'Add Video' }), 'Enter');
  await expect.poll(() => cellTypes(page)).toEqual(['HERO', 'TEXT', 'IMAGE', 'TEXT', 'VIDEO']);
  await expect(announcement).toContainText('Video added');
  const handle = page.locator('[data-builder-handle]').last();
  await expect(handle).toBeFocused();

  // moved up with Alt+ArrowUp, announced with its position
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => cellTypes(page)).toEqual(['HERO', 'TEXT', 'VIDEO', 'IMAGE', 'TEXT']);
  await expect(announcement).toContainText('Video moved up. Row 3 of 4');

  // undo and redo
  await page.keyboard.press('Control+z');
  await expect.poll(() => cellTypes(page)).toEqual(['HERO', 'TEXT', 'IMAGE', 'TEXT', 'VIDEO']);
  await expect(announcement).toHaveText('Change undone.');
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => cellTypes(page)).toEqual(['HERO', 'TEXT', 'VIDEO', 'IMAGE', 'TEXT']);
  await expect(announcement).toHaveText('Change redone.');
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // drag and drop: the video's row by its handle onto the first row, announced, and undone like a key move
  await page.setViewportSize({ width: 1280, height: 2400 });
  const canvas = page.locator('[data-builder-canvas]');
  await expect(canvas).toHaveAttribute('data-dnd-ready', 'yes');
  const rows = canvas.locator('[data-builder-rows][data-level="1"] > [data-layout-row]');
  await sortableDrag(page, canvas.locator('[data-builder-handle]').nth(2), pointIn(rows.first(), 40, 5), ({ timeout }) =>
    expect.poll(() => cellTypes(page), { timeout }).toEqual(['VIDEO', 'HERO', 'TEXT', 'IMAGE', 'TEXT']),
  );
  await expect(announcement).toContainText('Video moved by drag and drop. Row 1 of 4');
  await expect.poll(() => cellTypes(page)).toEqual(['VIDEO', 'HERO', 'TEXT', 'IMAGE', 'TEXT']);
  await expect(canvas).toHaveAttribute('data-dnd-ready', 'yes');
  await page.keyboard.press('Control+z');
  await expect.poll(() => cellTypes(page)).toEqual(['HERO', 'TEXT', 'VIDEO', 'IMAGE', 'TEXT']);
  await expect(announcement).toHaveText('Change undone.');

  // a block from the palette dropped on the second row inserts a new row there; undone again
  await expect(canvas).toHaveAttribute('data-dnd-ready', 'yes');
  await sortableDrag(page, page.locator('[data-palette-block="INFOBOX"] button'), pointIn(rows.nth(1), 40, 5), ({ timeout }) =>
    expect(canvas.locator('[data-builder-rows] > [data-palette-block]')).toHaveCount(1, { timeout }),
  );
  await expect.poll(() => cellTypes(page)).toEqual(['HERO', 'INFOBOX', 'TEXT', 'VIDEO', 'IMAGE', 'TEXT']);
  await expect(announcement).toContainText('Row 2 of 5');
  await page.keyboard.press('Control+z');
  await expect.poll(() => cellTypes(page)).toEqual(['HERO', 'TEXT', 'VIDEO', 'IMAGE', 'TEXT']);
  // the palette keeps one working entry: React's own node is back (sortable's copy would post the form)
  await expect(page.locator('[data-palette-block="INFOBOX"]')).toHaveCount(1);
  await pressOn(page.locator('[data-builder-palette="INFOBOX"]'), 'Enter');
  await expect.poll(() => cellTypes(page)).toEqual(['HERO', 'TEXT', 'VIDEO', 'IMAGE', 'TEXT', 'INFOBOX']);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect.poll(() => cellTypes(page)).toEqual(['HERO', 'TEXT', 'VIDEO', 'IMAGE', 'TEXT']);
  await page.setViewportSize({ width: 1280, height: 900 });

  // the hero's headline by its side form (selected by Enter on its handle)
  await pressOn(page.locator('[data-builder-handle]').first(), 'Enter');
  await expect(page.locator('[data-builder-cell]').first()).toHaveAttribute('data-selected', 'yes');
  await page.getByLabel('Headline', { exact: true }).fill('Modul X');
  await pressOn(page.getByRole('button', { name: 'Apply changes' }), 'Enter');
  await expect(page.locator('[data-builder-canvas]')).toContainText('Modul X');

  // saved with the version it was loaded with
  await pressOn(page.getByRole('button', { name: 'Save page' }), 'Enter');
  await expect(page.getByText('The page has been saved.')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  const saved = await db('content_page_translations').where({ page_id: content.id, language: 'DE' }).first();
  expect(saved.version).toBe(2);
  expect((saved.layout as { rows: { columns: { item: { content: { type: string } } }[] }[] }).rows.map((row) => row.columns.map((c) => c.item.content.type))).toEqual([
    ['HERO'],
    ['TEXT'],
    ['VIDEO'],
    ['IMAGE', 'TEXT'],
  ]);

  // English starts as a copy of German; an item shows that German has it and copies it over
  await page.locator('[data-builder-language="EN"]').click();
  await page.locator('[data-builder-translate]').click();
  await expect(page.getByText('The translation has been created.')).toBeVisible();
  await expect.poll(() => cellTypes(page)).toEqual(['HERO', 'TEXT', 'VIDEO', 'IMAGE', 'TEXT']);
  await expect(page.locator('[data-builder-other="yes"]')).toHaveCount(5);
  await page.locator('[data-builder-handle]').first().click();
  await page.getByRole('button', { name: 'Copy content from DE' }).click();
  await expect(announcement).toHaveText('Content copied from the other language.');

  // published: the token link opens on a phone without sideways scrolling
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The page has been published.')).toBeVisible();
  await expect(page.locator('[data-builder-state]')).toHaveText('Published');
  const link = await page.locator('[data-builder-public-link]').getAttribute('href');
  expect(link).toContain('token=');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
  await necessaryCookiesOnly(phone, baseURL);
  const visitor = await phone.newPage();
  const url = new URL(link!);
  expect((await visitor.goto(`${url.pathname}${url.search}`))!.status()).toBe(200);
  await expect(visitor.getByText('Modul X')).toBeVisible();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();
});
