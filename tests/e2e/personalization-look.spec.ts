import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { Package } from '../../app/lib/features';
import { createContentPage, createContentPageTranslation, createLead, createLeadForm } from '../fixtures/factories';
import { png } from '../integration/files-fixtures';
import { expect, expectAccessible, test } from './fixtures';

/**
 * Issue 24 items 4-6 and 18-19 as a user sees them: a personalization's colours and logo on a content page (and its
 * imprint page) and on the public lead form, without JavaScript; the builder's page settings choose the page's
 * personalization; the logo is never cropped and the organisation's name is not cut on a phone; the lead page shows
 * a form's answers by their labels, and Tags is not marked required.
 */

// a wide logo with its name across it: a 16:9 crop would cut its ends off
const WIDE_LOGO = { name: 'x-logo.png', mimeType: 'image/png', buffer: png(480, 96) };

test.use({ locale: 'en-GB' });

async function createPersonalization(page: Page, title: string, colours: { primary: string; secondary: string }) {
  await page.goto('/personalizations');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Logo').setInputFiles(WIDE_LOGO);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Personalisation "${title}"` })).toBeVisible();
  await page.getByLabel('Primary colour').fill(colours.primary);
  await page.getByLabel('Secondary colour').fill(colours.secondary);
  // the settings form posts (a document post without JavaScript, a fetch with it; no toast without JavaScript)
  const saved = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/personalizations/'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBeLessThan(400);
  await expect(page.getByLabel('Primary colour')).toHaveValue(colours.primary);
}

/** The whole picture is shown: no cropping fit, and the box never wider than its band. */
async function expectWholeLogo(page: Page, logo: ReturnType<Page['locator']>) {
  await expect(logo).toBeVisible();
  await expect(logo).toHaveCSS('object-fit', 'contain');
  const fits = await logo.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    const band = (img.closest('header') ?? document.body).getBoundingClientRect();
    return img.naturalWidth > 0 && box.left >= band.left - 0.5 && box.right <= band.right + 0.5;
  });
  expect(fits).toBe(true);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a content page without a choice of its own shows the default personalization: logo, colours, imprint', async ({ page, login, db }) => {
    const stamp = crypto.randomBytes(4).toString('hex');
    const { organizationIds } = await login({ suites: Package.BASIC, language: 'EN' });
    await createPersonalization(page, `Yellow ${stamp}`, { primary: '#ffdd00', secondary: '#1a5e20' });
    // the logo upload's thumbnail shows the whole wide logo (it was cropped to 16:9)
    await expect(page.getByAltText(`Logo of "Yellow ${stamp}"`)).toHaveCSS('object-fit', 'contain');
    await page.getByLabel('Favicon file').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png(32, 32) });
    const uploaded = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/personalizations/'));
    await page.getByRole('button', { name: 'Upload favicon' }).click();
    expect((await uploaded).status()).toBeLessThan(400);

    const slug = `look-${stamp}`;
    const content = await createContentPage(db, { organization_id: organizationIds[0], slug, state: 'PUBLISHED', publish_token: `t${stamp}` });
    await createContentPageTranslation(db, { page_id: content.id, language: 'EN', name: 'Look page' });
    await page.goto(`/content/${slug}?token=t${stamp}`);
    const band = page.locator('[data-brand-header]');
    // yellow: white text would fail WCAG AA, so the band's text is the dark blue
    await expect(band).toHaveCSS('background-color', 'rgb(255, 221, 0)');
    await expect(band).toHaveCSS('color', 'rgb(40, 56, 83)');
    await expectWholeLogo(page, band.locator('img[data-brand-logo]'));
    await expect(page.locator('[data-brand-footer]')).toHaveCSS('background-color', 'rgb(255, 221, 0)');
    // the personalization's favicon is the page's last icon, after the platform's
    await expect(page.locator('link[rel="icon"]').last()).toHaveAttribute('href', /^\/files\//);
    await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', '/favicon.svg');

    await page.locator('[data-brand-footer]').getByRole('link', { name: 'Imprint' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Imprint' })).toBeVisible();
    await expect(page.locator('[data-brand-header]')).toHaveCSS('background-color', 'rgb(255, 221, 0)');
    await expectWholeLogo(page, page.locator('[data-brand-header] img[data-brand-logo]'));
  });

  test('the public lead form and the lead information page on a phone: the colours, the whole logo and the full organisation name', async ({ page, login, db }) => {
    const stamp = crypto.randomBytes(4).toString('hex');
    const { organizationIds } = await login({ suites: Package.BASIC | Package.SALES, language: 'EN' });
    const name = `Nordlicht Maschinenbau und Anlagentechnik ${stamp} GmbH`;
    await db('organizations').where({ id: organizationIds[0] }).update({ name });
    await createPersonalization(page, `Green ${stamp}`, { primary: '#1a5e20', secondary: '#ffdd00' });
    const form = await createLeadForm(db, { organization_id: organizationIds[0] });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/leadform?form=${form.id}&lang=EN`);
    const band = page.locator('[data-brand-header]');
    await expect(band).toHaveCSS('background-color', 'rgb(26, 94, 32)');
    await expect(band).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expectWholeLogo(page, band.locator('img[data-brand-logo]'));
    const title = page.getByTestId('lead-org-title');
    await expect(title).toHaveText(name);
    // the name wraps instead of being cut with an ellipsis
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // yellow button: dark text
    const submit = page.locator('[data-brand-button]');
    await expect(submit).toHaveCSS('background-color', 'rgb(255, 221, 0)');
    await expect(submit).toHaveCSS('color', 'rgb(40, 56, 83)');

    // the lead's information page is in the same colours
    const lead = await createLead(db, { organization_id: organizationIds[0], form_id: form.id, name: 'Lars Lead' });
    await page.goto(`/information-collection/${lead.slug}`);
    await expect(page.locator('[data-brand-header]')).toHaveCSS('background-color', 'rgb(26, 94, 32)');
    await expectWholeLogo(page, page.locator('[data-brand-header] img[data-brand-logo]'));
    await expect(page.getByTestId('lead-org-title')).toHaveText(name);
  });
});

test('the builder page settings choose the page personalization; the default is the organisation default', async ({ page, login, db }) => {
  const stamp = crypto.randomBytes(4).toString('hex');
  const { organizationIds } = await login({ suites: Package.BASIC, language: 'EN' });
  await createPersonalization(page, `House ${stamp}`, { primary: '#283853', secondary: '#c22a3e' });
  await createPersonalization(page, `Campaign ${stamp}`, { primary: '#ffdd00', secondary: '#1a5e20' });
  const slug = `choose-${stamp}`;
  const content = await createContentPage(db, { organization_id: organizationIds[0], slug, state: 'PUBLISHED', publish_token: `t${stamp}` });
  await createContentPageTranslation(db, { page_id: content.id, language: 'EN', name: 'Chosen look' });

  await page.goto(`/contentpool/builder_v2/${slug}`);
  const settings = page.locator('[data-page-settings]');
  await expect(settings.getByRole('heading', { name: 'Page settings' })).toBeVisible();
  const picker = settings.getByLabel('Personalisation');
  await expect(picker).toHaveValue('');
  await expect(picker.locator('option:checked')).toHaveText(`Organisation's default (House ${stamp})`);
  await picker.selectOption({ label: `Campaign ${stamp}` });
  await settings.getByRole('button', { name: 'Save personalisation' }).click();
  await expect(settings.getByRole('status')).toHaveText("The page's personalisation was saved");
  // the builder stayed where it was (a fetcher, no navigation)
  await expect(page).toHaveURL(new RegExp(`/contentpool/builder_v2/${slug}$`));

  await page.goto(`/content/${slug}?token=t${stamp}`);
  await expect(page.locator('[data-brand-header]')).toHaveCSS('background-color', 'rgb(255, 221, 0)');
  await expect(page.locator('[data-brand-header]')).toHaveCSS('color', 'rgb(40, 56, 83)');
  // the band's text, the language switch and the footer's links pass WCAG AA on the yellow
  await expectAccessible(page);
});

test('the lead page shows the form answers by their labels, formatted, and Tags is not required', async ({ page, login, db }) => {
  const { organizationIds } = await login({ suites: Package.SALES, language: 'EN' });
  const field = (over: Record<string, unknown>) => ({ id: crypto.randomUUID(), required: false, selects: [], langselects: {}, headline: '', langheadline: {}, searchable: false, standard: null, ...over });
  const form = await createLeadForm(db, {
    organization_id: organizationIds[0],
    schema: [
      field({ type: 'CHECKBOX', name: 'newsletter', label: 'Newsletter', langlabel: { DE: 'Newsletter abonnieren', EN: 'Subscribe to the newsletter' } }),
      field({ type: 'DATE', name: 'wunschtermin', label: 'Wunschtermin', langlabel: { DE: 'Wunschtermin', EN: 'Preferred date' } }),
    ] as never,
  });
  const lead = await createLead(db, {
    organization_id: organizationIds[0],
    form_id: form.id,
    name: 'Nina Neu',
    values: [
      { name: 'newsletter', value: 'true' },
      { name: 'wunschtermin', value: '2026-12-15' },
    ],
  });
  await page.goto(`/leads/${lead.slug}`);
  const answers = page.getByTestId('lead-answers');
  await expect(answers.locator('dt')).toHaveText(['Subscribe to the newsletter', 'Preferred date']);
  await expect(answers.locator('dd')).toHaveText(['Yes', /December 15, 2026|15 December 2026/]);
  await expect(page.getByText('newsletter', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Preferred date')).toHaveAttribute('type', 'date');
  const tags = page.getByRole('textbox', { name: 'Tags' });
  await expect(tags).not.toHaveAttribute('required');
  await expect(tags).not.toHaveAttribute('aria-required', 'true');
});
