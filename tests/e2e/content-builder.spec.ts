import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { Package } from '../../app/lib/features';
import { pdf, png } from '../integration/files-fixtures';
import { expect, expectAccessible, test } from './fixtures';
import { pointIn, sortableDrag } from './drag';

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

/** The top-level rows of the builder's tree, by the names they show. */
function topLevel(page: Page) {
  return page.getByRole('list', { name: 'Objects of the group' }).locator(':scope > li');
}

async function createGroup(page: Page, name: string) {
  await page.goto('/contentpool');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create group' }).click();
  await page.getByRole('link', { name: `Edit content group “${name}”` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Content group “${name}”` })).toBeVisible();
}

/** Opens the "add" list (a details element: it stays open across the page's own navigations) and picks a type. */
async function openAddForm(page: Page, summary: string, type: string) {
  const details = page.locator('details').filter({ has: page.getByText(summary, { exact: true }) });
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await page.getByText(summary, { exact: true }).click();
  await details.getByRole('link', { name: type, exact: true }).click();
}

test('an editor builds a group: text, image with an e-mail link, a column with two children, reorder by keyboard, a tag', async ({ page, login, db }) => {
  test.setTimeout(90_000);
  const stamp = crypto.randomBytes(4).toString('hex');
  const name = `Broschüre ${stamp}`;
  await login({ language: 'EN', suites: Package.BASIC });
  await createGroup(page, name);
  await expect(page.getByText('This group has no objects yet.')).toBeVisible();

  // a text in the rich-text editor
  await openAddForm(page, 'Add an object', 'Text');
  await expect(page.getByRole('heading', { name: 'New object: Text' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Einleitung');
  const editor = page.getByRole('textbox', { name: 'Text', exact: true });
  await editor.click();
  await page.keyboard.type('Hallo ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Welt');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Text added')).toBeVisible();
  await expect(topLevel(page)).toHaveCount(1);
  const group = await db('content_groups').where({ name }).first();
  const text = await db('content_objects').where({ group_id: group.id, type: 'TEXT' }).first();
  expect(text.value).toMatch(/Hallo\s*(&nbsp;)?<b>Welt<\/b>/);

  // an image, uploaded with a progress bar as soon as it is chosen, linked to an e-mail address
  await openAddForm(page, 'Add an object', 'Image');
  await page.getByRole('region', { name: 'New object: Image' }).getByLabel('Picture').setInputFiles({ name: 'produkt.png', mimeType: 'image/png', buffer: png(1280, 720) });
  await expect(page.getByText('“produkt.png” uploaded. Save to keep it.')).toBeVisible();
  await page.getByLabel('Link on click').fill('info@example.com');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Image added')).toBeVisible();
  await expect(topLevel(page).nth(1)).toContainText('links to mailto:info@example.com');
  const image = await db('content_objects').where({ group_id: group.id, type: 'IMAGE' }).first();
  expect(image.link).toBe('mailto:info@example.com');
  expect(image.file_id).toBeTruthy();

  // a column with two children
  await openAddForm(page, 'Add an object', 'Column');
  await page.getByLabel('Name', { exact: true }).fill('Spalten');
  await page.getByLabel('Width').selectOption('2');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Column added')).toBeVisible();
  const columnList = page.getByRole('list', { name: 'Objects in “Spalten”' });
  for (const [index, child] of ['Links', 'Rechts'].entries()) {
    await openAddForm(page, 'Add into “Spalten”', 'Text');
    await expect(page.getByRole('heading', { name: 'New Text in “Spalten”' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(child);
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill(`Spalte ${child}`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(columnList.locator(':scope > li')).toHaveCount(index + 1);
  }
  await expect(topLevel(page)).toHaveCount(3);

  // keyboard: the move button keeps the focus and the new position is announced; the order is saved
  const down = page.getByRole('button', { name: 'Move “Einleitung” down' });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Moved to position 2 of 3' })).toBeAttached();
  await expect(down).toBeFocused();
  await expect(topLevel(page).nth(1)).toContainText('Einleitung');
  await expect
    .poll(async () => (await db('content_objects').where({ group_id: group.id, parent_id: null }).orderBy('sort')).map((row) => row.type))
    .toEqual(['IMAGE', 'TEXT', 'COLUMN']);
  // and with the arrow keys on a row's drag handle
  const handle = page.getByRole('button', { name: /^Reorder “Spalten”/ });
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('status').filter({ hasText: 'Moved to position 2 of 3' })).toBeAttached();
  await expect
    .poll(async () => (await db('content_objects').where({ group_id: group.id, parent_id: null }).orderBy('sort')).map((row) => row.type))
    .toEqual(['IMAGE', 'COLUMN', 'TEXT']);

  // drag and drop (sortablejs): the text's handle onto the first row
  // the order saved by the keys comes back first (its answer re-renders the list)
  await expect(page.getByText('Order saved').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const dragHandle = page.getByRole('button', { name: /^Reorder “Einleitung”/ });
  // the whole list in view: the drag starts at the last row and ends on the first
  await page.setViewportSize({ width: 1280, height: 1800 });
  await page.getByRole('heading', { name: 'Content', exact: true, level: 2 }).last().evaluate((element) => element.scrollIntoView({ block: 'start' }));
  // the first row is measured when the drag gets there: the image above can finish loading and grow the list, and
  // the handle is scrolled into view first, so a point measured before would be stale
  await sortableDrag(page, dragHandle, pointIn(topLevel(page).first(), 20, 5), ({ timeout }) => expect(topLevel(page).first()).toContainText('Einleitung', { timeout }));
  await expect(page.getByRole('status').filter({ hasText: 'Moved to position 1 of 3' })).toBeAttached();
  await expect
    .poll(async () => (await db('content_objects').where({ group_id: group.id, parent_id: null }).orderBy('sort')).map((row) => row.type))
    .toEqual(['TEXT', 'IMAGE', 'COLUMN']);

  // a tag
  await page.getByLabel('New tag').fill('Messe');
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('list', { name: 'Tags of this group' })).toContainText('Messe');
  // the console sidebar's active link (white on the brand pink) is the layout's, not this page's
  await expectAccessible(page, { exclude: ['[data-suite]'] });

  // the editor's preview on a phone: the visitor page in a 390 px frame
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'Preview on a phone' }).click();
  const frame = page.locator('iframe[data-preview-width="phone"]');
  await expect(frame).toBeVisible();
  expect((await frame.boundingBox())!.width).toBeLessThanOrEqual(390);
  await expect(page.frameLocator('iframe[data-preview-width="phone"]').getByText('Spalte Rechts')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('create, edit, reorder and delete objects and rename the group with plain forms', async ({ page, login }) => {
    test.setTimeout(60_000);
    const stamp = crypto.randomBytes(4).toString('hex');
    const name = `Ohne JS ${stamp}`;
    await login({ language: 'EN', suites: Package.BASIC });
    await createGroup(page, name);

    await openAddForm(page, 'Add an object', 'Text');
    await page.getByLabel('Name', { exact: true }).fill('Erster');
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('<p>Hallo <strong>Welt</strong></p><script>alert(1)</script>');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    // the toasts need JavaScript: the list shows what was saved, cleaned
    await expect(topLevel(page)).toHaveCount(1);
    await expect(topLevel(page).first()).toContainText('Hallo Welt');
    await openAddForm(page, 'Add an object', 'Bookmark');
    await page.getByLabel('Name', { exact: true }).fill('Zweiter');
    await page.getByLabel('Web address').fill('no link');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    // the rule's message at its field
    await expect(page.getByText('Please enter a web address (https://…).')).toBeVisible();
    await page.getByLabel('Web address').fill('https://example.com/');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(topLevel(page)).toHaveCount(2);
    await expect(topLevel(page).nth(1)).toContainText('https://example.com/');

    // edit
    await page.getByRole('link', { name: 'Edit “Erster”' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Text “Erster”' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Einleitung');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Edit Text “Erster”' })).toHaveCount(0);
    await expect(topLevel(page).first()).toContainText('Einleitung');
    await expect(topLevel(page).first()).toContainText('Hallo Welt');

    // move down: a form per button
    await page.getByRole('button', { name: 'Move “Einleitung” down' }).click();
    await expect(topLevel(page).nth(1)).toContainText('Einleitung');
    await expect(topLevel(page).first()).toContainText('Zweiter');

    // a PDF: the file goes with the form (multipart) and the action stores it
    await openAddForm(page, 'Add an object', 'PDF');
    await page.getByLabel('Name', { exact: true }).fill('Prospekt');
    await page.getByRole('region', { name: 'New object: PDF' }).getByLabel('PDF file').setInputFiles({ name: 'prospekt.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(topLevel(page)).toHaveCount(3);
    await expect(topLevel(page).nth(2)).toContainText('prospekt.pdf');

    // rename the group
    await page.getByLabel('Name of the group').fill(`${name} neu`);
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Content group “${name} neu”` })).toBeVisible();

    // delete asks first
    await page.getByRole('button', { name: 'Delete “Zweiter”' }).click();
    await expect(page.getByRole('heading', { name: 'Delete object?' })).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(topLevel(page)).toHaveCount(2);
    await expect(topLevel(page).first()).toContainText('Einleitung');
  });
});
