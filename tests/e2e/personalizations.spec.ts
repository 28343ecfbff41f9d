import crypto from 'node:crypto';
import { Package } from '../../app/lib/features';
import { png } from '../integration/files-fixtures';
import { expect, expectAccessible, test } from './fixtures';

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

const LOGO = { name: 'logo.png', mimeType: 'image/png', buffer: png(240, 80) };

test('creates a personalization with a logo, sets its colours and sees them on the live preview; a low-contrast primary colour shows the warning', async ({ page, login }) => {
  const stamp = crypto.randomBytes(4).toString('hex');
  await login({ suites: Package.BASIC, language: 'EN' });

  await page.goto('/personalizations');
  await expect(page.getByRole('heading', { level: 1, name: 'Personalisations' })).toBeVisible();
  // the sidebar's active entry (layout, not this page) is excluded as in content-builder.spec.ts
  await expectAccessible(page, { exclude: ['[data-suite]'] });
  // without a logo the spec's message shows at the logo field
  await page.getByLabel('Title').fill(`Look ${stamp}`);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Please upload a logo')).toBeVisible();

  await page.getByLabel('Title').fill(`Look ${stamp}`);
  await page.getByLabel('Logo').setInputFiles(LOGO);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/personalizations/look-${stamp}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Personalisation "Look ${stamp}"` })).toBeVisible();

  const preview = page.getByTestId('personalization-preview');
  const header = preview.getByTestId('preview-header');
  await expect(header.locator('img')).toHaveAttribute('src', /^\/files\//);

  // the preview follows the typed colours before saving
  await page.getByLabel('Primary colour').fill('#1a5e20');
  await page.getByLabel('Secondary colour').fill('#c0392b');
  await page.getByLabel('Right').check();
  await expect(header).toHaveCSS('background-color', 'rgb(26, 94, 32)');
  await expect(preview.getByTestId('preview-button')).toHaveCSS('background-color', 'rgb(192, 57, 43)');
  await expect(header).toHaveAttribute('data-position', 'RIGHT');
  await expect(page.getByTestId('contrast-warning')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Personalisation saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Primary colour')).toHaveValue('#1a5e20');
  await expect(header).toHaveCSS('background-color', 'rgb(26, 94, 32)');
  await expect(header).toHaveAttribute('data-position', 'RIGHT');
  // the sidebar's active entry (layout, not this page) is excluded as in content-builder.spec.ts
  await expectAccessible(page, { exclude: ['[data-suite]'] });

  // yellow under white text fails WCAG AA: a warning while typing, and saving is still allowed
  await page.getByLabel('Primary colour').fill('#ffff00');
  await expect(page.getByTestId('contrast-warning')).toContainText('hard to read');
  await expect(header).toHaveCSS('background-color', 'rgb(255, 255, 0)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Personalisation saved')).toBeVisible();
  await expect(page.getByTestId('contrast-warning')).toBeVisible();

  await page.goto('/personalizations');
  const row = page.getByRole('listitem').filter({ hasText: `Look ${stamp}` });
  await expect(row.getByText('Default', { exact: true })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the saved look shows on the preview and a low-contrast colour shows the warning', async ({ page, login }) => {
    const stamp = crypto.randomBytes(4).toString('hex');
    await login({ suites: Package.BASIC, language: 'EN' });
    await page.goto('/personalizations');
    await page.getByLabel('Title').fill(`Plain ${stamp}`);
    await page.getByLabel('Logo').setInputFiles(LOGO);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(new RegExp(`/personalizations/plain-${stamp}$`));

    await page.getByLabel('Primary colour').fill('#ffff00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('preview-header')).toHaveCSS('background-color', 'rgb(255, 255, 0)');
    await expect(page.getByTestId('contrast-warning')).toContainText('hard to read');
  });
});
