import sharp from 'sharp';
import { blockDefaults } from '../../app/lib/content-pages/blocks';
import type { LayoutItem, PageLayout } from '../../app/lib/content-pages/layout';
import { createContentPage, createContentPageTranslation } from '../fixtures/content-pages';
import { expect, expectAccessible, necessaryCookiesOnly, test } from './fixtures';
import { sortableDrag } from './drag';
import type { Page } from '@playwright/test';
import { silentWav } from '../../app/server/seed/room-panoramas';

/**
 * The content page builder's blocks and drops (issue 16, spec 000 point 4): every one of the 17 block types added
 * in the builder, its fields filled in through its side form (lists as sub-forms, files uploaded), saved and seen
 * on the public page; a palette block dropped on a cell fills it, one dropped on a lone cell's edge wraps it in a
 * nested row, and the same drop by keyboard only; a picture uploaded without JavaScript.
 */

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 2400 } });

const PNG = async (width: number, height: number, mark = 0.5) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#283853"/><rect x="${Math.round(
        mark * (width - 10),
      )}" y="0" width="10" height="${height}" fill="#e45364"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

const STL = `solid cube
facet normal 0 0 0
 outer loop
  vertex 0 0 0
  vertex 1 1 0
  vertex 1 0 0
 endloop
endfacet
facet normal 0 0 0
 outer loop
  vertex 0 0 1
  vertex 1 0 1
  vertex 1 1 1
 endloop
endfacet
endsolid cube
`;
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** The side form's field by its content path (`headline.text`, `accordionItems.0.headline`). */
const field = (page: Page, path: string) => page.locator(`#builder-field-content-${path.replace(/\./g, '-')}`);

/** Uploads a file at a file field of the side form (with JavaScript: straight to /resources/upload) and waits for its id. */
async function upload(page: Page, path: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const form = page.locator('[data-builder-item-form]');
  const input = field(page, path);
  await input.locator('xpath=following-sibling::input[@type="file"][1]').setInputFiles(file);
  await expect(form.getByText(`${file.name} uploaded.`)).toBeVisible();
  await expect(input).toHaveValue(/^[0-9a-f-]{36}$/);
}

/** A new block's form starts with the example's entries (issue 24 item 9): the test's own entries replace them. */
async function removeExampleEntries(page: Page) {
  const entries = page.locator('[data-builder-entry]');
  for (let left = await entries.count(); left > 0; left -= 1) {
    await entries.first().locator('[data-builder-entry-remove]').click();
    await expect(entries).toHaveCount(left - 1);
  }
}

/** The block types of the canvas's cells (a cell of nested rows as the list of its rows' types). */
const canvasShape = (page: Page) =>
  page.locator('[data-builder-canvas] [data-builder-rows][data-level="1"]').evaluate((root) => {
    const rows = (list: Element): unknown =>
      [...list.children]
        .filter((row) => row.hasAttribute('data-layout-row'))
        .map((row) =>
          [...row.children].map((column) => {
            const nested = column.querySelector('[data-builder-rows]');
            if (nested) return rows(nested);
            return column.querySelector('[data-block]')?.getAttribute('data-block') ?? 'EMPTY';
          }),
        );
    return rows(root);
  });

test('every block type is added in the builder, filled in, saved and shown on the public page', async ({ db, login, page, browser, baseURL }) => {
  test.slow();
  const { organizationIds } = await login({ language: 'EN' });
  const content = await createContentPage(db, { organization_id: organizationIds[0]! });
  await createContentPageTranslation(db, { page_id: content.id, language: 'DE', name: 'Alle Blöcke', layout: { rows: [] } });
  await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE`);
  await expect(page.locator('[data-builder-canvas]')).toHaveAttribute('data-dnd-ready', 'yes');
  const announcement = page.locator('[data-builder-announcement]');
  const photo = { name: 'foto.png', mimeType: 'image/png', buffer: await PNG(640, 360) };

  const fills: Record<string, () => Promise<void>> = {
    ACCORDION: async () => {
      await removeExampleEntries(page);
      await page.locator('[data-builder-entry-add="accordionItems"]').click();
      await field(page, 'accordionItems.0.headline').fill('Frage eins');
      await field(page, 'accordionItems.0.content').fill('Antwort eins');
      await page.locator('[data-builder-entry-add="accordionItems"]').click();
      await field(page, 'accordionItems.1.headline').fill('Frage zwei');
      await field(page, 'accordionItems.1.content').fill('Antwort zwei');
      // the second entry moves up, a third is added and removed again
      await page.locator('[data-builder-entry="1"] [data-builder-entry-up]').click();
      await expect(field(page, 'accordionItems.0.headline')).toHaveValue('Frage zwei');
      await page.locator('[data-builder-entry-add="accordionItems"]').click();
      await page.locator('[data-builder-entry="2"] [data-builder-entry-remove]').click();
      await expect(page.locator('[data-builder-entry]')).toHaveCount(2);
    },
    AUDIO: async () => {
      await upload(page, 'file', { name: 'jingle.wav', mimeType: 'audio/wav', buffer: silentWav() });
      await field(page, 'text').fill('Jingle');
    },
    CADFILE: async () => {
      await upload(page, 'file', { name: 'cube.stl', mimeType: 'model/stl', buffer: Buffer.from(STL) });
      await field(page, 'text').fill('Würfel');
    },
    CAROUSEL: async () => {
      await removeExampleEntries(page);
      await page.locator('[data-builder-entry-add="carouselMedia"]').click();
      await upload(page, 'carouselMedia.0.image', photo);
      await field(page, 'carouselMedia.0.text').fill('Folie eins');
    },
    CONTACT: async () => {
      await field(page, 'contact.company').fill('Muster GmbH');
      await field(page, 'contact.city').fill('Berlin');
      await field(page, 'contact.email').fill('info@example.com');
    },
    FEATURE: async () => {
      await removeExampleEntries(page);
      await page.locator('[data-builder-entry-add="features"]').click();
      await field(page, 'features.0.text').fill('Schnell geliefert');
      await field(page, 'features.0.icon').selectOption('ShieldCheck');
    },
    FILE: async () => {
      await upload(page, 'file', { name: 'datenblatt.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
      await field(page, 'text').fill('Datenblatt');
    },
    HERO: async () => {
      await field(page, 'headline.text').fill('Willkommen am Stand');
    },
    HORIZONTALDIVIDER: async () => {
      await field(page, 'dividerWidth').selectOption('4');
    },
    IFRAME: async () => {
      await field(page, 'url').fill('https://example.com/');
      await field(page, 'text').fill('Beispielseite');
    },
    IMAGE: async () => {
      await upload(page, 'file', photo);
      await field(page, 'text').fill('Ein Foto');
    },
    IMAGES360: async () => {
      const files = await Promise.all(
        Array.from({ length: 70 }, async (_, i) => ({ name: `spin-${i}.png`, mimeType: 'image/png', buffer: await PNG(160, 120, i / 69) })),
      );
      await page.locator('[data-builder-upload="files"]').setInputFiles(files);
      await expect(page.locator('[data-builder-item-form]').getByText('70 files uploaded.')).toBeVisible();
      await field(page, 'text').fill('Rundum');
    },
    INFOBOX: async () => {
      await field(page, 'html').fill('<p>Gut zu wissen</p>');
    },
    PDF: async () => {
      await upload(page, 'file', { name: 'broschuere.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
      await field(page, 'pdfView').selectOption('TargetBlank');
      await field(page, 'text').fill('Broschüre');
    },
    SOCIALMEDIA: async () => {
      await removeExampleEntries(page);
      await page.locator('[data-builder-entry-add="socialLinks"]').click();
      await field(page, 'socialLinks.0.type').selectOption('LINKEDIN');
      await field(page, 'socialLinks.0.link').fill('https://www.linkedin.com/company/example');
    },
    TEXT: async () => {
      await field(page, 'html').fill('<h2>Über uns</h2><p>Ein Absatz.</p>');
    },
    VIDEO: async () => {
      await field(page, 'url').fill('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
      await field(page, 'text').fill('Film');
    },
  };
  const types = Object.keys(fills);
  expect(types).toHaveLength(17);
  for (const type of types) {
    await page.locator(`[data-builder-palette="${type}"]`).click();
    const cell = page.locator('[data-builder-cell][data-selected="yes"]');
    // an untouched new item shows its example
    await expect(cell.locator(`[data-block="${type}"]`)).toHaveCount(1);
    await expect(page.locator(`[data-builder-item-form]`)).toHaveCount(1);
    await fills[type]!();
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(announcement).toContainText('applied');
    await expect(cell.locator(`[data-block="${type}"]`), type).toHaveCount(1);
  }
  expect(await canvasShape(page)).toEqual(types.map((type) => [type]));

  // an invalid form hides the selected item on the canvas until it is valid again
  await page.locator('[data-builder-handle]').nth(types.indexOf('IFRAME')).click();
  await field(page, 'url').fill('http://example.com/');
  await expect(page.locator('[data-builder-cell][data-selected="yes"] [data-block-invalid-form]')).toBeVisible();
  // applying it is refused at the field, with the server's message, and nothing changes
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(field(page, 'url')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#builder-field-content-url-error')).toContainText('https');
  await expect(announcement).toHaveText('Please correct the marked fields and try again');
  await field(page, 'url').fill('https://example.com/');
  await expect(page.locator('[data-builder-cell][data-selected="yes"] [data-block="IFRAME"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(field(page, 'url')).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('The page has been saved.')).toBeVisible();
  const saved = await db('content_page_translations').where({ page_id: content.id, language: 'DE' }).first();
  const items = (saved.layout as PageLayout).rows.map((row) => row.columns[0]!.item!.content as LayoutItem['content'] & Record<string, unknown>);
  expect(items.map((item) => item.type)).toEqual(types);
  expect(items.every((item) => item.showExample === false)).toBe(true);
  const accordion = items[types.indexOf('ACCORDION')]!;
  expect((accordion.accordionItems as { headline: string }[]).map((entry) => entry.headline)).toEqual(['Frage zwei', 'Frage eins']);
  expect((items[types.indexOf('IMAGES360')]!.files as string[]).length).toBe(70);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.locator('[data-builder-state]')).toHaveText('Published');
  const link = new URL((await page.locator('[data-builder-public-link]').getAttribute('href'))!);
  const visitorContext = await browser.newContext({ locale: 'de-DE' });
  await necessaryCookiesOnly(visitorContext, baseURL);
  const visitor = await visitorContext.newPage();
  expect((await visitor.goto(`${link.pathname}${link.search}`))!.status()).toBe(200);
  for (const type of types) await expect(visitor.locator(`[data-block="${type}"]`), type).toHaveCount(1);
  for (const text of ['Willkommen am Stand', 'Über uns', 'Gut zu wissen', 'Frage zwei', 'Muster GmbH', 'Schnell geliefert', 'Datenblatt', 'Folie eins'])
    await expect(visitor.getByText(text).first(), text).toBeVisible();
  await expect(visitor.locator('[data-block="IMAGE"] img')).toHaveAttribute('alt', 'Ein Foto');
  await expect(visitor.locator('[data-block="SOCIALMEDIA"] a[href="https://www.linkedin.com/company/example"]')).toHaveCount(1);
  await visitorContext.close();
});

test('a palette block dropped on a cell fills it, on a lone cell\'s edge wraps it in a nested row; the same by keyboard', async ({ db, login, page }) => {
  const { organizationIds } = await login({ language: 'EN' });
  const content = await createContentPage(db, { organization_id: organizationIds[0]! });
  const layout: PageLayout = {
    rows: [
      { id: 'r1', type: 'ROW', columns: [{ id: 'c1', type: 'COL', width: 'N8', item: { id: 'i1', sort: 0, content: { ...blockDefaults('TEXT'), html: '<p>Erster Text</p>' } as LayoutItem['content'] }, rows: [] }] },
      {
        id: 'r2',
        type: 'ROW',
        columns: [
          { id: 'c2', type: 'COL', width: 'N4', item: null, rows: [] },
          { id: 'c3', type: 'COL', width: 'N4', item: null, rows: [] },
        ],
      },
    ],
  };
  await createContentPageTranslation(db, { page_id: content.id, language: 'DE', name: 'Ablegen', layout });
  await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE`);
  const canvas = page.locator('[data-builder-canvas]');
  const announcement = page.locator('[data-builder-announcement]');
  await expect(canvas).toHaveAttribute('data-dnd-ready', 'yes');
  expect(await canvasShape(page)).toEqual([['TEXT'], ['EMPTY', 'EMPTY']]);
  await page.locator('[data-builder-handle="c1"]').click();
  await expect(page.locator('[data-builder-item-form]')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // onto the right-hand empty cell: it is filled
  const target = (await canvas.locator('[data-cell-drop="c3"]').boundingBox())!;
  await sortableDrag(page, page.locator('[data-palette-block="IMAGE"] button'), { x: target.x + target.width / 2, y: target.y + target.height / 2 }, ({ timeout }) =>
    expect(canvas.locator('[data-cell-drop="c3"] > [data-palette-block]')).toHaveCount(1, { timeout }),
  );
  await expect.poll(() => canvasShape(page)).toEqual([['TEXT'], ['EMPTY', 'IMAGE']]);
  await expect(announcement).toContainText('Image added. Row 2 of 2, column 2 of 2');
  await expect(canvas).toHaveAttribute('data-dnd-ready', 'yes');

  // onto the right edge of the lone text cell: it is wrapped in a nested row with the video beside it
  const lone = (await canvas.locator('[data-builder-cell="c1"]').boundingBox())!;
  await sortableDrag(page, page.locator('[data-palette-block="VIDEO"] button'), { x: lone.x + lone.width - 3, y: lone.y + lone.height / 2 }, ({ timeout }) =>
    expect(canvas.locator('[data-cell-beside="after"][data-cell="c1"] > [data-palette-block]')).toHaveCount(1, { timeout }),
  );
  await expect.poll(() => canvasShape(page)).toEqual([[[['TEXT', 'VIDEO']]], ['EMPTY', 'IMAGE']]);
  await expect(announcement).toContainText('Video added. Row 1 of 1, column 2 of 2, level 2');
  // the palette keeps its entries
  await expect(page.locator('[data-palette-block]')).toHaveCount(17);

  // both undone; the same wrap by keyboard only: the text cell selected, "add block here" beside it on the right
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect.poll(() => canvasShape(page)).toEqual([['TEXT'], ['EMPTY', 'EMPTY']]);
  const handle = page.locator('[data-builder-handle="c1"]');
  await handle.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-builder-cell="c1"]')).toHaveAttribute('data-selected', 'yes');
  const tools = page.locator('[data-builder-tools]');
  await tools.getByLabel('Add block here').selectOption('VIDEO');
  await tools.locator('[data-builder-where]').selectOption('right');
  await tools.locator('[data-builder-add-here]').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => canvasShape(page)).toEqual([[[['TEXT', 'VIDEO']]], ['EMPTY', 'EMPTY']]);
  await expect(announcement).toContainText('Video added. Row 1 of 1, column 2 of 2, level 2');
  // and a cell filled by keyboard: the empty cell's "in place of this cell"
  await page.locator('[data-builder-handle="c2"]').focus();
  await page.keyboard.press('Enter');
  await tools.getByLabel('Add block here').selectOption('TEXT');
  await tools.locator('[data-builder-where]').selectOption('replace');
  await tools.locator('[data-builder-add-here]').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => canvasShape(page)).toEqual([[[['TEXT', 'VIDEO']]], ['TEXT', 'EMPTY']]);

  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('The page has been saved.')).toBeVisible();
  const saved = await db('content_page_translations').where({ page_id: content.id, language: 'DE' }).first();
  const wrapper = (saved.layout as PageLayout).rows[0]!.columns[0]!;
  expect(wrapper.item).toBeNull();
  expect(wrapper.rows[0]!.columns.map((column) => column.item?.content.type)).toEqual(['TEXT', 'VIDEO']);
  expect(wrapper.rows[0]!.columns[0]!.item!.id).toBe('i1');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a picture is uploaded with the item form, a list entry added and a translation deleted after asking', async ({ db, login, page }) => {
    const { organizationIds } = await login({ language: 'EN' });
    const content = await createContentPage(db, { organization_id: organizationIds[0]! });
    const layout: PageLayout = {
      rows: [
        { id: 'r1', type: 'ROW', columns: [{ id: 'c1', type: 'COL', width: 'N8', item: { id: 'i1', sort: 0, content: blockDefaults('IMAGE') as LayoutItem['content'] }, rows: [] }] },
        { id: 'r2', type: 'ROW', columns: [{ id: 'c2', type: 'COL', width: 'N8', item: { id: 'i2', sort: 1, content: blockDefaults('FEATURE') as LayoutItem['content'] }, rows: [] }] },
      ],
    };
    await createContentPageTranslation(db, { page_id: content.id, language: 'DE', name: 'Ohne JS', layout });
    await createContentPageTranslation(db, { page_id: content.id, language: 'EN', name: 'Without JS', layout });

    await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE&item=c1`);
    await page.locator('[data-builder-upload="file"]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await PNG(320, 180) });
    await field(page, 'text').fill('Hochgeladen');
    await page.getByRole('button', { name: 'Apply changes' }).click();
    // the toasts need JavaScript: the canvas shows what was saved
    await expect(page.locator('[data-builder-canvas] [data-block="IMAGE"] img')).toHaveAttribute('alt', 'Hochgeladen');
    let saved = await db('content_page_translations').where({ page_id: content.id, language: 'DE' }).first();
    const image = (saved.layout as PageLayout).rows[0]!.columns[0]!.item!.content as unknown as { file: string | null; text: string };
    expect(image.text).toBe('Hochgeladen');
    expect(image.file).toMatch(/^[0-9a-f-]{36}$/);
    const file = await db('files').where({ id: image.file }).first();
    expect(file.filename).toBe('foto.png');

    // a feature entry added by filling in the blank entry
    await page.goto(`/contentpool/builder_v2/${content.slug}?language=DE&item=c2`);
    await expect(page.locator('[data-builder-list="features"]')).toBeVisible();
    await field(page, 'features.0.text').fill('Ohne Skript');
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(page.locator('[data-builder-canvas] [data-block="FEATURE"]')).toContainText('Ohne Skript');
    saved = await db('content_page_translations').where({ page_id: content.id, language: 'DE' }).first();
    expect((saved.layout as PageLayout).rows[1]!.columns[0]!.item!.content).toMatchObject({ features: [{ text: 'Ohne Skript', icon: 'Rocket' }] });

    // deleting the German version asks first, then shows the first remaining language
    await page.locator('[data-builder-delete-translation] button').click();
    await expect(page.getByText('Do you really want to delete the DE version of this page?')).toBeVisible();
    expect(await db('content_page_translations').where({ page_id: content.id }).pluck('language')).toHaveLength(2);
    await page.getByRole('button', { name: 'Yes, delete DE version' }).click();
    await expect(page).toHaveURL(/language=EN/);
    await expect(page.locator('[data-builder-language="EN"]')).toHaveAttribute('aria-current', 'page');
    expect(await db('content_page_translations').where({ page_id: content.id }).pluck('language')).toEqual(['EN']);
  });
});
