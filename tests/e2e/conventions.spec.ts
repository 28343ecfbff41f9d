import crypto from 'node:crypto';
import { png } from '../integration/files-fixtures';
import { expect, test } from './fixtures';

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

test('host creates a convention, sets dates and texts, adds a hall and a stage, places a foyer point and adds a talk', async ({ page, login, db }) => {
  const stamp = crypto.randomBytes(4).toString('hex');
  const { organizationIds } = await login({ language: 'EN' });
  const org = organizationIds[0]!;
  await db('halls').insert({ organization_id: org, slug: `halle-${stamp}`, name: `Halle ${stamp}` });
  await db('stages').insert({ organization_id: org, slug: `buehne-${stamp}`, title: `Bühne ${stamp}` });

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await page.getByLabel('Name of the new convention').fill(`Messe ${stamp}`);
  await page.getByRole('button', { name: 'Create convention' }).click();
  await expect(page).toHaveURL(/\/events\/convention\/messe-/);
  await expect(page.getByText(`The convention “Messe ${stamp}” was created.`)).toBeVisible();
  await expect(page.getByText('Not active', { exact: true })).toBeVisible();

  // end before start is refused with its message
  await page.getByLabel('Start', { exact: true }).fill('2026-05-06T09:00');
  await page.getByLabel('End', { exact: true }).fill('2026-05-04T18:00');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The start date needs to be before the end date')).toBeVisible();
  await expect(page.getByText('Error updating the convention')).toBeVisible();

  await page.getByLabel('End', { exact: true }).fill('2026-05-08T18:00');
  await page.getByText('Active (visitors see the event)').click();
  await expect(page.getByLabel('Active (visitors see the event)')).toBeChecked();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The convention was saved.')).toBeVisible();
  await expect(page.getByLabel('Start', { exact: true })).toHaveValue('2026-05-06T09:00');
  const saved = await db('conventions').where({ organization_id: org }).first('start_date', 'active');
  expect(new Date(saved.start_date).toISOString()).toBe('2026-05-06T07:00:00.000Z');
  expect(saved.active).toBe(true);

  await page.getByLabel('Title (Deutsch)').fill('Frühjahrsmesse');
  await page.getByRole('button', { name: 'Save Deutsch texts' }).click();
  await expect(page.getByText('The texts in Deutsch were saved.')).toBeVisible();
  await page.getByLabel('Title (English)').fill('Spring fair');
  await page.getByRole('button', { name: 'Save English texts' }).click();
  await expect(page.getByText('The texts in English were saved.')).toBeVisible();
  await expect(page.getByLabel('Title (Deutsch)')).toHaveValue('Frühjahrsmesse');

  await page.getByRole('combobox', { name: 'Hall', exact: true }).selectOption({ label: `Halle ${stamp}` });
  await page.getByRole('button', { name: 'Add hall' }).click();
  await expect(page.getByText('The hall was added to the convention.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Halls' }).getByRole('link', { name: `Halle ${stamp}` })).toBeVisible();

  await page.getByRole('combobox', { name: 'Stage', exact: true }).selectOption({ label: `Bühne ${stamp}` });
  await page.getByRole('button', { name: 'Add stage' }).click();
  await expect(page.getByText('The stage was added to the convention.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove stage Bühne ${stamp}` })).toBeVisible();

  await page.getByRole('button', { name: 'Use an image foyer' }).click();
  await expect(page.getByText('The convention now uses an image foyer.')).toBeVisible();
  const foyerImage = page.getByRole('region', { name: 'Foyer image' });
  await foyerImage.getByLabel('Image file').setInputFiles({ name: 'foyer.png', mimeType: 'image/png', buffer: png(800, 400) });
  await foyerImage.getByRole('button', { name: 'Upload foyer image' }).click();
  await expect(page.getByText('The foyer image was uploaded.')).toBeVisible();

  // a point without a target or link is refused
  await page.getByRole('button', { name: 'Add point' }).click();
  await expect(page.getByText('Please select a link for the new point')).toBeVisible();

  const image = page.getByTestId('foyer-image');
  const box = (await image.boundingBox())!;
  await image.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  await expect(page.getByLabel('x (% from the left)')).toHaveValue(/^2[45](\.\d)?$/);
  await expect(page.getByLabel('y (% from the top)')).toHaveValue(/^7[45](\.\d)?$/);
  await page.getByLabel('Leads to').selectOption({ label: `Halle ${stamp}` });
  await page.getByRole('button', { name: 'Add point' }).click();
  await expect(page.getByText('The foyer point was added.')).toBeVisible();
  await expect(page.getByText(new RegExp(`Hall: Halle ${stamp} at 2[45]`))).toBeVisible();

  // the programme of the stage
  await page.getByRole('link', { name: `Bühne ${stamp}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Stage “Bühne ${stamp}”` })).toBeVisible();
  const programme = page.getByRole('region', { name: 'Programme' });
  await programme.getByLabel(/^Start/).fill('2026-05-06T10:00');
  await programme.getByLabel(/^End/).fill('2026-05-06T09:30');
  await programme.getByLabel('Title (English)').fill('Opening talk');
  await programme.getByLabel('Speaker', { exact: true }).fill('Dr. Erika Muster');
  await programme.getByRole('button', { name: 'Add talk' }).click();
  await expect(page.getByText('The end time needs to be after the start time')).toBeVisible();
  await programme.getByLabel(/^End/).fill('2026-05-06T10:45');
  await programme.getByRole('button', { name: 'Add talk' }).click();
  await expect(page.getByText('The talk was added.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Programme' }).getByText('Opening talk')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Programme' }).getByText('06/05/2026, 10:00 to 10:45 · Dr. Erika Muster')).toBeVisible();
});
