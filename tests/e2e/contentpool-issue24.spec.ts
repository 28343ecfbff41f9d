import { Package } from '../../app/lib/features';
import { createContentGroup, createContentObject } from '../fixtures/content';
import { expect, hydrated, test } from './fixtures';

/**
 * The content pool as a new user met it (issue 24 items 11 and 13): a name typed while the page's scripts load is
 * kept, the list shows names and rich text as a reader sees it (`&` not `&amp;`), the create fields are emptied after
 * creating, the access options are explained under their own labels, and pressing and dragging over a row's text
 * selects the text instead of moving the row.
 */

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

test('a name typed while the scripts load is kept, and the list shows names and text as read (& not &amp;)', async ({ page, login, db }) => {
  const { organizationIds } = await login({ language: 'EN', suites: Package.BASIC });
  const group = await createContentGroup(db, { organization_id: organizationIds[0]! });
  await createContentObject(db, { group_id: group.id, name: 'Preise', value: '<p>Tom &amp; Jerry</p><p>im Doppelpack</p>' });

  // hold the page's scripts back until the first part of the name is typed
  let release!: () => void;
  const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  await page.goto(`/contentpool/builder/${group.slug}?add=BOOKMARK`, { waitUntil: 'commit' });
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.click();
  await page.keyboard.type('Messe ');
  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // the user goes on typing where they are: the opened form's heading must not have taken the focus
  await page.keyboard.type('& Co');
  await expect(name).toHaveValue('Messe & Co');
  await expect(name).toBeFocused();
  await page.getByRole('textbox', { name: 'Web address' }).fill('https://messe.example/');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Bookmark added')).toBeVisible();

  const list = page.getByRole('list', { name: 'Objects of the group' });
  await expect(list.getByText('Messe & Co', { exact: true })).toBeVisible();
  await expect(list.getByText('Preise', { exact: true })).toBeVisible();
  // the text's summary as a reader sees it: the character reference read, the paragraphs apart
  await expect(list.getByText('Tom & Jerry im Doppelpack', { exact: true })).toBeVisible();
  await expect(list).not.toContainText('&amp;');
  const stored = await db('content_objects').where({ group_id: group.id, type: 'BOOKMARK' }).first();
  expect(stored.name).toBe('Messe & Co');
});

test('after creating, the name and the new key are emptied; the access options are explained under their own labels', async ({ page, login, db }) => {
  const { organizationIds } = await login({ language: 'EN', suites: Package.BASIC });
  await page.goto('/contentpool');
  await hydrated(page);
  const groupName = `Katalog ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(groupName);
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText(`Content group "${groupName}" created`)).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

  const group = await createContentGroup(db, { organization_id: organizationIds[0]!, permission_type: 'PUBLIC' });
  await page.goto(`/contentpool/builder/${group.slug}`);
  await hydrated(page);
  // every option the select offers is explained under that same label, and the keys' note names that label too
  const explained = await page.locator('[data-access-options] dt').allTextContents();
  // the options as the select offers them (react-aria's select keeps a native one for forms and autofill)
  const offered = await page
    .locator('select[name="permissionType"] option')
    .evaluateAll((options) => options.map((option) => option.textContent?.trim() ?? '').filter(Boolean));
  expect(explained).toEqual(offered);
  expect(offered).toHaveLength(3);
  await expect(page.getByText(`Access keys are used when the access is set to “${offered[2]}”.`)).toBeVisible();

  await db('content_groups').where({ id: group.id }).update({ permission_type: 'TOKEN' });
  await page.reload();
  await hydrated(page);
  const newKey = page.getByLabel('New key', { exact: true });
  await newKey.fill('messe-2026');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('The access key messe-2026 was created.')).toBeVisible();
  await expect(newKey).toHaveValue('');
});

test('pressing and dragging over a row’s text selects the text and leaves the order as it is', async ({ page, login, db }) => {
  const { organizationIds } = await login({ language: 'EN', suites: Package.BASIC });
  const group = await createContentGroup(db, { organization_id: organizationIds[0]! });
  await createContentObject(db, { group_id: group.id, name: 'Erster Eintrag', value: '<p>Eins</p>', sort: 1 });
  await createContentObject(db, { group_id: group.id, name: 'Zweiter Eintrag', value: '<p>Zwei</p>', sort: 2 });
  await page.goto(`/contentpool/builder/${group.slug}`);
  await hydrated(page);
  const list = page.getByRole('list', { name: 'Objects of the group' });
  await expect(list).toHaveAttribute('data-dnd-ready', 'true');
  const rows = list.locator(':scope > li');
  const names = () => rows.evaluateAll((items) => items.map((item) => item.querySelector('.font-medium')?.textContent));
  await expect.poll(names).toEqual(['Erster Eintrag', 'Zweiter Eintrag']);

  // a quick press and drag from the first row's name down over the second row
  const text = list.getByText('Erster Eintrag', { exact: true });
  const from = (await text.boundingBox())!;
  const to = (await list.getByText('Zweiter Eintrag', { exact: true }).boundingBox())!;
  await page.mouse.move(from.x + 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width, to.y + to.height / 2, { steps: 4 });
  await page.mouse.up();

  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toContain('Erster Eintrag');
  await expect.poll(names).toEqual(['Erster Eintrag', 'Zweiter Eintrag']);
  const stored = await db('content_objects').where({ group_id: group.id }).orderBy('sort');
  expect(stored.map((row) => row.name)).toEqual(['Erster Eintrag', 'Zweiter Eintrag']);
});
