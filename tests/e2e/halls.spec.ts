import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { Package } from '../../app/lib/features';
import { createOrganization } from '../fixtures/factories';
import { png } from '../integration/files-fixtures';
import { expect, hydrated, test } from './fixtures';
import { pointIn, sortableDrag } from './drag';

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

/** The stand names in the order the hall builder's list shows them. */
function standNames(page: Page) {
  return page.getByRole('list', { name: 'Stands in their order' }).getByRole('listitem').locator('p.font-medium');
}

test('host creates a hall, adds stands, invites a guest stand (shown once its organisation accepts), reorders by keyboard and by drag and drop, removes one', async ({ page, login, db }) => {
  // one long walk through the builder (about twenty round trips)
  test.setTimeout(60_000);
  const stamp = crypto.randomBytes(4).toString('hex');
  const { organizationIds } = await login({ language: 'EN' });
  const guestOrg = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
  try {
    const stand = (organizationId: string, name: string) => ({ organization_id: organizationId, name, slug: `${name.toLowerCase()}-${stamp}` });
    const [alpha, beta, guest] = [stand(organizationIds[0]!, 'Alpha'), stand(organizationIds[0]!, 'Beta'), stand(guestOrg.id, 'Gast')];
    await db('base_stands').insert([alpha, beta, guest]);

    await page.goto('/hall');
    await expect(page.getByRole('heading', { level: 1, name: 'Halls' })).toBeVisible();
    await page.getByLabel('Name of the hall').fill(`Halle ${stamp}`);
    await page.getByRole('button', { name: 'Create hall' }).click();
    await expect(page).toHaveURL(/\/hall\/builder\/halle-/);
    await expect(page.getByText('The hall was created.')).toBeVisible();

    const domain = page.getByLabel('Domain (slug) of the stand');
    for (const s of [alpha, beta]) {
      await domain.fill(s.slug);
      await page.getByRole('button', { name: 'Add stand' }).click();
      await expect(standNames(page).filter({ hasText: s.name })).toBeVisible();
    }
    await domain.fill(guest.slug);
    await page.getByRole('button', { name: 'Add stand' }).click();
    await expect(page.getByText("The stand's organisation was invited. The stand shows in the hall once they accept.")).toBeVisible();
    await expect(standNames(page)).toHaveText(['Alpha', 'Beta', 'Gast']);
    const guestRow = page.getByRole('listitem').filter({ hasText: 'Gast' });
    await expect(guestRow.getByText('Invited – waiting for the exhibitor')).toBeVisible();
    // nothing to approve and nothing to preview before the guest's organisation agreed
    await expect(page.getByRole('button', { name: 'Approve Gast' })).toHaveCount(0);
    await expect(guestRow.getByRole('link', { name: /Preview link/ })).toHaveCount(0);
    // the guest's organisation accepts in its console (tests/e2e/stands.spec.ts walks that side)
    await db('hall_stands').where({ slug: guest.slug }).update({ stand_accepted: true });
    await page.reload();
    await expect(guestRow.getByText('Approved', { exact: true })).toBeVisible();
    // the announcement needs the page's scripts: under load a key pressed before hydration posts the plain form
    await hydrated(page);

    // keyboard: the move button keeps the focus, and the new place is announced
    const alphaDown = page.getByRole('button', { name: 'Move Alpha down' });
    await alphaDown.focus();
    await page.keyboard.press('Enter');
    await expect(standNames(page)).toHaveText(['Beta', 'Alpha', 'Gast']);
    await expect(page.getByRole('status').filter({ hasText: 'Alpha is now at position 2 of 3.' })).toBeAttached();
    await expect(alphaDown).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(standNames(page)).toHaveText(['Beta', 'Gast', 'Alpha']);
    await expect(page.getByRole('status').filter({ hasText: 'Alpha is now at position 3 of 3.' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Move Alpha up' })).toBeFocused();
    const hall = await db('halls').where({ organization_id: organizationIds[0] }).first('id');
    const savedOrder = () =>
      db('hall_stands as hs').join('base_stands as s', 's.id', 'hs.stand_id').where('hs.hall_id', hall.id).orderBy('hs.order').pluck('s.name');
    await expect.poll(savedOrder).toEqual(['Beta', 'Gast', 'Alpha']);

    // drag and drop: Alpha's handle onto the first row
    const handle = page.locator('li', { hasText: 'Alpha' }).locator('[data-drag-handle]');
    const firstRow = page.getByRole('list', { name: 'Stands in their order' }).getByRole('listitem').first();
    await page.getByRole('heading', { name: 'Stands in this hall' }).scrollIntoViewIfNeeded();
    await sortableDrag(page, handle, pointIn(firstRow, 20, 5), ({ timeout }) => expect(standNames(page)).toHaveText(['Alpha', 'Beta', 'Gast'], { timeout }));
    await expect(standNames(page)).toHaveText(['Alpha', 'Beta', 'Gast']);
    await expect(page.getByRole('status').filter({ hasText: 'Alpha is now at position 1 of 3.' })).toBeAttached();
    await expect.poll(savedOrder).toEqual(['Alpha', 'Beta', 'Gast']);
    await page.reload();
    await expect(standNames(page)).toHaveText(['Alpha', 'Beta', 'Gast']);

    // removing asks first
    await page.getByRole('button', { name: 'Remove Beta from the hall' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove stand?' });
    await expect(dialog).toContainText('“Beta” will be taken out of this hall.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The stand was removed from the hall.')).toBeVisible();
    await expect(standNames(page)).toHaveText(['Alpha', 'Gast']);
    await expect.poll(savedOrder).toEqual(['Alpha', 'Gast']);
  } finally {
    await db('organizations').where({ id: guestOrg.id }).delete();
  }
});

test("an exhibitor's application waits for the host's approval in the builder, with a preview link", async ({ page, login, db }) => {
  const stamp = crypto.randomBytes(4).toString('hex');
  const { organizationIds } = await login({ language: 'EN' });
  const guestOrg = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
  try {
    const [hall] = await db('halls').insert({ organization_id: organizationIds[0], name: `Halle ${stamp}`, slug: `halle-${stamp}` }).returning(['id', 'slug']);
    const [convention] = await db('conventions')
      .insert({ organization_id: organizationIds[0], slug: `messe-${stamp}`, title: `Messe ${stamp}`, active: true, permission_type: 'PUBLIC' })
      .returning('id');
    await db('convention_halls').insert({ organization_id: organizationIds[0], convention_id: convention.id, hall_id: hall.id });
    const [applicant] = await db('base_stands').insert({ organization_id: guestOrg.id, name: 'Bewerber', slug: `bewerber-${stamp}` }).returning('id');
    // the guest's organisation applied with its stand by the hall's domain (tests/e2e/stands.spec.ts walks that side)
    await db('hall_stands').insert({
      organization_id: organizationIds[0],
      hall_id: hall.id,
      stand_id: applicant.id,
      approved: false,
      stand_accepted: true,
      slug: `bewerber-${stamp}`,
      preview_slug: `prev-${stamp}`,
    });

    await page.goto(`/hall/builder/${hall.slug}`);
    await expect(page.getByText(`Exhibitors apply to this hall with its domain (slug): ${hall.slug}`)).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: 'Bewerber' });
    await expect(row.getByText('Waiting for approval')).toBeVisible();
    await expect(row.getByRole('link', { name: `Preview link of Bewerber in Messe ${stamp} (opens in a new tab)` })).toHaveAttribute(
      'href',
      `/prev/prev-${stamp}/convention/messe-${stamp}/hall/${hall.slug}/stand/bewerber-${stamp}`,
    );
    await page.getByRole('button', { name: 'Approve Bewerber' }).click();
    // the stand has no views and no texts yet: the host is told so and approves anyway (console-navigation.spec.ts)
    await page.getByRole('button', { name: 'Approve anyway' }).click();
    await expect(page.getByText('The stand was approved.')).toBeVisible();
    await expect(row.getByText('Approved', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: /Preview link/ })).toHaveCount(0);
  } finally {
    await db('organizations').where({ id: guestOrg.id }).delete();
  }
});

test('a thumbnail with the wrong ratio is refused with its message; a 16:9 one is shown', async ({ page, login }) => {
  await login({ language: 'EN' });
  await page.goto('/hall');
  await page.getByLabel('Name of the hall').fill(`Bildhalle ${Date.now()}`);
  await page.getByRole('button', { name: 'Create hall' }).click();
  await expect(page.getByText('The hall was created.')).toBeVisible();

  await page.getByLabel('Image file').setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: png(1000, 1000) });
  await page.getByRole('button', { name: 'Upload thumbnail' }).click();
  await expect(page.getByText('The image needs an aspect ratio of 16:9; this one is 1000 × 1000 pixels.')).toBeVisible();
  await expect(page.getByLabel('Image file')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('No thumbnail yet.')).toBeVisible();

  await page.getByLabel('Image file').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(640, 360) });
  await page.getByRole('button', { name: 'Upload thumbnail' }).click();
  await expect(page.getByText('The thumbnail was saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Thumbnail of the hall Bildhalle/ })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('hall forms work as plain posts: move by button, delete with a confirmation step', async ({ page, login, db }) => {
    const stamp = crypto.randomBytes(4).toString('hex');
    const { organizationIds } = await login({ language: 'EN' });
    await db('base_stands').insert([
      { organization_id: organizationIds[0], name: 'Eins', slug: `eins-${stamp}` },
      { organization_id: organizationIds[0], name: 'Zwei', slug: `zwei-${stamp}` },
    ]);
    await page.goto('/hall');
    await page.getByLabel('Name of the hall').fill(`Halle ohne JS ${stamp}`);
    await page.getByRole('button', { name: 'Create hall' }).click();
    // (toasts render inside <noscript>, which Chromium's parser skips even with scripts turned off in Playwright)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hall “Halle ohne JS ${stamp}”`);
    await page.getByLabel('Domain (slug) of the stand').fill(`eins-${stamp}`);
    await page.getByRole('button', { name: 'Add stand' }).click();
    await expect(standNames(page)).toHaveText(['Eins']);
    await page.getByLabel('Domain (slug) of the stand').fill(`zwei-${stamp}`);
    await page.getByRole('button', { name: 'Add stand' }).click();
    await expect(standNames(page)).toHaveText(['Eins', 'Zwei']);
    await page.getByRole('button', { name: 'Move Eins down' }).click();
    await expect(standNames(page)).toHaveText(['Zwei', 'Eins']);

    await page.goto('/hall');
    await page.getByRole('button', { name: /^Delete hall Halle ohne JS/ }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete hall?' })).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('You have no halls yet.')).toBeVisible();
  });
});
