import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import QRCode from 'qrcode';
import { Package } from '../../app/lib/features';
import { expect, expectAccessible, test } from './fixtures';
import { mailLink } from './mailbox';
import { pointIn, sortableDrag } from './drag';

/**
 * Leads at the stand (issue 18), at phone width: a rep captures a lead by the form, by a business-card photo (a
 * generated card, read by OCR on the server) and by a picture of a vCard QR code; a QR code without a contact is
 * "QR code incompatible". The information mail goes through the outbox (the mailbox of the e2e server); the lead
 * opens its link in a browser of its own, the visit appears on the lead's timeline, and the CSV export of the list
 * is read back.
 */

test.use({ viewport: { width: 390, height: 844 } });

const CARD = path.resolve('tests/fixtures/business-cards/generated/c01-front.png');

function unique(what: string): string {
  return `${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function agreeToAll(page: Page) {
  const consent = page.getByRole('group', { name: 'Consent' });
  for (const box of await consent.getByRole('checkbox').all()) await box.check();
}

test('a rep captures leads by form, business card and QR code, mails one, sees its visit and exports the CSV', async ({ page, login, db, browser, baseURL }) => {
  test.setTimeout(120_000);
  await login({ suites: Package.SALES | Package.DATA });
  const email = `${unique('erika')}@test.example`;

  // 1. by the form
  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'New lead' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Open the form' }).click();
  await expect(page.getByRole('heading', { name: 'Capture a lead' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Erika Formular');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Company', { exact: true }).fill('Formwerk GmbH');
  await page.getByLabel('Tags').fill('Messe, Hot');
  await agreeToAll(page);
  await page.getByRole('button', { name: 'Save lead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Erika Formular' })).toBeVisible();
  const formLeadUrl = page.url();
  await expect(page.getByTestId('consent-proof')).toContainText('Agreed');

  // 2. by a business-card photo: the extraction is shown in the form to be confirmed
  await page.goto('/leads');
  await page.locator('input[name="front"]').setInputFiles(CARD);
  await page.getByRole('button', { name: 'Read business card' }).first().click();
  await expect(page.getByText('Read from the business card: please check the details and save.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('anna.mueller@nordlicht-messebau.de');
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue(/Nordlicht Messebau/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save lead' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Müller|Nordlicht|anna/);
  await expect(page.getByRole('img', { name: 'Business card front' })).toBeVisible();

  // 3. by a picture of a vCard QR code; anything else is "QR code incompatible"
  const vcard = ['BEGIN:VCARD', 'VERSION:3.0', 'N:Code;Quentin;;;', 'FN:Quentin Code', 'ORG:QR Industries', 'EMAIL:quentin@qr.example', 'END:VCARD'].join('\r\n');
  await page.goto('/leads');
  await page.locator('input[name="qr"]').setInputFiles({ name: 'contact.png', mimeType: 'image/png', buffer: await QRCode.toBuffer(vcard, { width: 400 }) });
  await page.getByRole('button', { name: 'Read QR code' }).first().click();
  await expect(page.getByText('Read from the QR code: please check the details and save.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Quentin Code');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('quentin@qr.example');
  await page.getByRole('button', { name: 'Save lead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quentin Code' })).toBeVisible();

  await page.goto('/leads/leadform?scan=1');
  await page.locator('input[name="qr"]').setInputFiles({ name: 'link.png', mimeType: 'image/png', buffer: await QRCode.toBuffer('https://example.com/', { width: 400 }) });
  await page.getByRole('button', { name: 'Read QR code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'QR code incompatible' })).toBeVisible();

  // 4. the information mail, then the lead opens its link in a browser of its own
  await page.goto(formLeadUrl);
  await page.getByRole('button', { name: 'Send information mail' }).click();
  await expect(page.getByText(/^Sent /)).toBeVisible();
  const link = await mailLink(db, email);
  expect(link).toMatch(/^\/information-collection\//);
  const visitor = await browser.newContext({ baseURL });
  try {
    const leadPage = await visitor.newPage();
    const response = await leadPage.goto(link);
    expect(response?.status()).toBe(200);
  } finally {
    await visitor.close();
  }

  // 5. the visit is on the lead's timeline
  await page.reload();
  await expect(page.getByTestId('lead-tracks')).toContainText('Information page');
  await expectAccessible(page);

  // 6. the overview lists the three; the CSV of the list reads back
  await page.goto('/leads');
  await expect(page.getByTestId('lead-row')).toHaveCount(3);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain('Erika Formular');
  expect(csv).toContain('Quentin Code');
  expect(csv).toContain(email);
  expect(csv.trim().split(/\r?\n/).length).toBeGreaterThanOrEqual(4);
});

test('the form builder adds fields, moves one by keyboard with an announcement, previews and saves; the public form takes a lead without JavaScript', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await login({ suites: Package.SALES | Package.DATA });
  await page.goto('/leads/edit-leadform');
  await page.getByLabel('Name of a new form').fill('Stand 2026');
  await page.getByRole('button', { name: 'Create form' }).click();
  await expect(page.getByRole('link', { name: 'Stand 2026' })).toHaveAttribute('aria-current', 'page');
  const formId = new URL(page.url()).searchParams.get('form');
  expect(formId).toBeTruthy();

  const fields = page.getByTestId('builder-field');
  await page.getByRole('button', { name: '+ Text', exact: true }).click();
  await expect(fields).toHaveCount(1);
  await fields.nth(0).getByLabel('Label', { exact: true }).fill('Your interest');
  await fields.nth(0).getByLabel('Name (key)').fill('interest');
  await page.getByRole('button', { name: '+ E-mail', exact: true }).click();
  await expect(fields).toHaveCount(2);
  await fields.nth(1).getByLabel('Label', { exact: true }).fill('E-mail');
  await fields.nth(1).getByLabel('Name (key)').fill('email');
  await fields.nth(1).getByLabel('Lead column').selectOption('email');
  await fields.nth(1).getByLabel('Required').check();

  // keyboard: the move button, Enter; the move is announced and the focus stays on the field's move buttons
  await page.getByRole('button', { name: 'Move E-mail up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('builder-announcement')).toHaveText('E-mail moved to position 1 of 2.');
  await expect(fields.nth(0)).toHaveAttribute('data-field-id', /.+/);
  await expect(fields.nth(0).getByLabel('Label', { exact: true })).toHaveValue('E-mail');
  await expect(page.getByRole('button', { name: 'Move E-mail down' })).toBeFocused();
  // (axe before the drag: sortable's cancelled transitions would end axe's wait for animations with an abort)
  await expectAccessible(page);
  // and by dragging a field's handle (a taller phone, so both fields' editors are on screen for the mouse)
  await page.setViewportSize({ width: 390, height: 2400 });
  const list = page.getByRole('list', { name: 'Fields of the form' });
  await expect(list).toHaveAttribute('data-dnd-ready', 'true');
  const rows = list.getByTestId('builder-field');
  const interestId = (await rows.nth(1).getAttribute('data-field-id'))!;
  await list.scrollIntoViewIfNeeded();
  await sortableDrag(page, rows.nth(1).locator('[data-drag-handle]'), pointIn(rows.nth(0), 20, 5), ({ timeout }) =>
    expect(rows.nth(0)).toHaveAttribute('data-field-id', interestId, { timeout }),
  );
  await expect(page.getByTestId('builder-announcement')).toHaveText('Your interest moved to position 1 of 2.');
  await expect(rows.nth(0).getByLabel('Label', { exact: true })).toHaveValue('Your interest');
  await page.getByRole('button', { name: 'Move Your interest down' }).click();
  await expect(rows.nth(0).getByLabel('Label', { exact: true })).toHaveValue('E-mail');
  await page.setViewportSize({ width: 390, height: 844 });
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Your interest')).toBeVisible();

  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByText('Saved.').first()).toBeVisible();
  await page.reload();
  await expect(fields.nth(0).getByLabel('Label', { exact: true })).toHaveValue('E-mail');
  await expect(fields.nth(1).getByLabel('Label', { exact: true })).toHaveValue('Your interest');

  // the public form (axe needs scripts, so it checks the form with them first)
  await page.goto(`/leadform?form=${formId}&lang=EN`);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expectAccessible(page);

  // without JavaScript: the server validates, then takes the lead
  const email = `${unique('public')}@test.example`;
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'en-US' });
  try {
    const form = await visitor.newPage();
    await form.goto(`/leadform?form=${formId}&lang=EN`);
    await form.getByRole('textbox', { name: 'E-mail' }).fill('someone@localhost');
    await form.getByLabel('Your interest').fill('Robots');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Your interest')).toHaveValue('Robots');
    await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
    for (const box of await form.getByRole('group', { name: 'Consent' }).getByRole('checkbox').all()) await box.check();
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  } finally {
    await visitor.close();
  }
  await page.goto('/leads');
  await expect(page.getByTestId('lead-row').filter({ hasText: email })).toBeVisible();
});
