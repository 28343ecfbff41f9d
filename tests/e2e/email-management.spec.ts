import { expect, test } from './fixtures';

/**
 * /email-management (issue 29): an admin edits the German subject of the lead information mail, watches the preview
 * follow while typing, saves it, sees it beside the default, and sends themself a test mail that the log lists.
 */

test.use({ locale: 'en-GB' });

test('edit a text, see the preview change, send a test mail', async ({ page, login, db }) => {
  const { userId, organizationIds } = await login({ language: 'EN' });
  const [organizationId] = organizationIds;
  const organisation = (await db('organizations').where({ id: organizationId }).first('name')).name as string;
  const email = (await db('users').where({ id: userId }).first('email')).email as string;

  await page.goto('/email-management?mail=leadInformation&preview=DE');
  await expect(page.getByRole('heading', { name: 'E-mail management', level: 1 })).toBeVisible();
  await expect(page.getByTestId('preview-subject')).toHaveText(`Ihre Informationen von ${organisation}`);

  const texts = page.getByRole('region', { name: /^Texts: Lead information/ });
  const intro = texts.getByRole('textbox', { name: 'Your text (DE)' }).nth(1);
  await intro.fill('Schön, dass Sie bei <strong>{{organisation}}</strong> vorbeigeschaut haben.');
  // the preview follows the draft before anything is saved
  const frame = page.frameLocator('iframe[title^="Preview of the mail"]');
  await expect(frame.getByText('vorbeigeschaut haben')).toBeVisible();
  await expect(frame.locator('strong', { hasText: organisation })).toBeVisible();

  await texts.getByRole('textbox', { name: 'Your text (DE)' }).first().fill('Ihre Unterlagen von {{organisation}}');
  await texts.getByRole('button', { name: 'Save texts' }).click();
  await expect(page.getByText('The texts have been saved.')).toBeVisible();
  await expect(page.getByTestId('preview-subject')).toHaveText(`Ihre Unterlagen von ${organisation}`);
  await expect(frame.getByText('vorbeigeschaut haben')).toBeVisible();
  await expect(page.getByRole('link', { name: /Lead information\s*2 texts changed/ })).toBeVisible();

  // an unknown placeholder is named at its field
  await texts.getByRole('textbox', { name: 'Your text (EN)' }).first().fill('Hello {{leadName}}');
  await texts.getByRole('button', { name: 'Save texts' }).click();
  await expect(texts.getByRole('alert').filter({ hasText: '{{leadName}}' })).toBeVisible();

  await page.getByRole('button', { name: 'Send me a test mail' }).click();
  await expect(page.getByText(`A test mail has been sent to ${email}.`)).toBeVisible();
  const log = page.getByRole('region', { name: 'Delivery log' });
  await expect(log.getByRole('cell', { name: email })).toBeVisible();
  const sent = await db('outbox').whereRaw("payload->>'to' = ?", [email]).orderBy('created_at', 'desc').first('payload');
  expect(sent.payload.subject).toBe(`Ihre Unterlagen von ${organisation}`);
});
