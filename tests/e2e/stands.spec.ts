import crypto from 'node:crypto';
import { Package } from '../../app/lib/features';
import { createOrganization } from '../fixtures/factories';
import { png } from '../integration/files-fixtures';
import { expect, test } from './fixtures';

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

test('host creates a stand, adds an image view (a wrong ratio is refused), places a point by clicking, opens the preview', async ({ page, login, db }) => {
  const stamp = crypto.randomBytes(4).toString('hex');
  const { organizationIds } = await login({ language: 'EN' });

  await page.goto('/stand');
  await expect(page.getByRole('heading', { level: 1, name: 'Stands' })).toBeVisible();
  await page.getByLabel('Name of the stand').fill(`Messestand ${stamp}`);
  await page.getByRole('button', { name: 'Create stand' }).click();
  await expect(page).toHaveURL(/\/stand\/messestand-/);
  await expect(page.getByText('The stand was created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Stand “Messestand ${stamp}”` })).toBeVisible();

  // a panorama must be 2:1
  await page.getByLabel('Type').selectOption('PANO');
  await page.getByLabel('Language', { exact: true }).selectOption('EN');
  await page.getByLabel('Image file (image 16:9, panorama 2:1)').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(1600, 900) });
  await page.getByRole('button', { name: 'Add view' }).click();
  await expect(page.getByText('The image needs an aspect ratio of 2:1; this one is 1600 × 900 pixels.')).toBeVisible();

  await page.getByLabel('Type').selectOption('IMAGE');
  await page.getByLabel('Language', { exact: true }).selectOption('EN');
  await page.getByLabel('Image file (image 16:9, panorama 2:1)').setInputFiles({ name: 'stand.png', mimeType: 'image/png', buffer: png(1600, 900) });
  await page.getByRole('button', { name: 'Add view' }).click();
  await expect(page.getByText('The view was added.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Image (English)' })).toBeVisible();

  // a click on the image fills cx/cy
  const image = page.getByRole('img', { name: 'Image (English): click to place a point' });
  const box = (await image.boundingBox())!;
  await image.click({ position: { x: box.width * 0.25, y: box.height * 0.5 } });
  const form = page.getByRole('form', { name: 'Add a point' });
  await expect.poll(async () => Number(await form.getByLabel('Position x (%)').inputValue())).toBeCloseTo(25, 0);
  await expect.poll(async () => Number(await form.getByLabel('Position y (%)').inputValue())).toBeCloseTo(50, 0);
  await form.getByLabel('Kind').selectOption('REFERENCE');
  await form.getByLabel('Name').fill('Brochure');
  await form.getByLabel('Title (English)').fill('Our brochure');
  await form.getByLabel('Text (English)').fill('Everything about our products.');
  await form.getByRole('button', { name: 'Add point' }).click();
  await expect(page.getByText('The point was created.')).toBeVisible();
  await expect(page.getByText('Brochure', { exact: true })).toBeVisible();

  const stand = await db('base_stands').where({ organization_id: organizationIds[0] }).first('id', 'slug');
  const point = await db('points as p').join('stand_nodes as n', 'n.id', 'p.node_id').where('n.stand_id', stand.id).first('p.cx', 'p.cy', 'p.kind', 'p.slug');
  expect(point.kind).toBe('REFERENCE');
  expect(Number(point.cx)).toBeCloseTo(25, 0);
  expect(Number(point.cy)).toBeCloseTo(50, 0);

  // the preview shows the view with its reference point, which opens in the stand frame
  await page.getByRole('link', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Preview of Messestand ${stamp}` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Image of the stand Messestand ${stamp}` })).toBeVisible();
  await page.getByRole('link', { name: 'Open Brochure' }).click();
  await expect(page).toHaveURL(new RegExp(`/stand/standpreview/${stand.slug}/rp/${point.slug}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Brochure' })).toBeVisible();
  await expect(page.getByText('Everything about our products.')).toBeVisible();

  // deleting the point asks first
  await page.goto(`/stand/${stand.slug}`);
  await page.getByRole('button', { name: 'Delete point Brochure' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The point was deleted.')).toBeVisible();
  await expect(page.getByText('No points on this view yet.')).toBeVisible();
});

test('exhibitor accepts a host invitation on the stand list, applies to another hall by its domain and withdraws the application', async ({ page, login, db }) => {
  const stamp = crypto.randomBytes(4).toString('hex');
  const { organizationIds } = await login({ language: 'EN' });
  const hostOrg = await createOrganization(db, { name: `Messe Host ${stamp}`, suites: Package.BASIC | Package.EVENT });
  try {
    const [stand] = await db('base_stands').insert({ organization_id: organizationIds[0], name: `Stand ${stamp}`, slug: `stand-${stamp}` }).returning(['id', 'slug']);
    const [invitingHall, otherHall] = await db('halls')
      .insert([
        { organization_id: hostOrg.id, name: 'Halle Nord', slug: `nord-${stamp}` },
        { organization_id: hostOrg.id, name: 'Halle Süd', slug: `sued-${stamp}` },
      ])
      .returning(['id', 'slug']);
    await db('hall_stands').insert({
      organization_id: hostOrg.id,
      hall_id: invitingHall.id,
      stand_id: stand.id,
      approved: true,
      stand_accepted: false,
      slug: stand.slug,
      preview_slug: `invite-${stamp}`,
    });

    await page.goto('/stand');
    const invitations = page.getByRole('region', { name: 'Invitations to halls' });
    await expect(invitations.getByText(`Stand ${stamp} in Halle Nord of Messe Host ${stamp}`)).toBeVisible();
    await invitations.getByRole('button', { name: `Accept the invitation of Stand ${stamp} to Halle Nord` }).click();
    await expect(page.getByText('You accepted the invitation. The stand now shows in the hall.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Invitations to halls' })).toHaveCount(0);
    await expect.poll(async () => (await db('hall_stands').where({ hall_id: invitingHall.id }).first('stand_accepted')).stand_accepted).toBe(true);

    await page.getByRole('link', { name: `Stand ${stamp}` }).click();
    const halls = page.getByRole('region', { name: 'Halls' });
    await expect(halls.getByRole('listitem').filter({ hasText: 'Halle Nord' }).getByText('Shown in the hall')).toBeVisible();
    await halls.getByLabel('Domain (slug) of the hall').fill(otherHall.slug);
    await halls.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Your application was sent. The stand shows in the hall once the host approves it.')).toBeVisible();
    const application = halls.getByRole('listitem').filter({ hasText: 'Halle Süd' });
    await expect(application.getByText("Waiting for the host's approval")).toBeVisible();
    await application.getByRole('button', { name: `Withdraw the application of Stand ${stamp} to Halle Süd` }).click();
    await expect(page.getByText('Your application was withdrawn.')).toBeVisible();
    await expect(halls.getByRole('listitem').filter({ hasText: 'Halle Süd' })).toHaveCount(0);

    await halls.getByLabel('Domain (slug) of the hall').fill('no-such-hall');
    await halls.getByRole('button', { name: 'Apply' }).click();
    await expect(halls.getByText('No hall with this domain was found')).toBeVisible();
  } finally {
    await db('organizations').where({ id: hostOrg.id }).delete();
  }
});
