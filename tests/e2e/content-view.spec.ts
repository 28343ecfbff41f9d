import type { Page } from '@playwright/test';
import { createContentGroup, createContentObject } from '../fixtures/factories';
import { expect, expectAccessible, necessaryCookiesOnly, test } from './fixtures';

/**
 * Content groups for visitors (issue 15): the demo's groups on /old/content/{slug} on a phone without sideways
 * scrolling, the video without any request to the video site before it is started, the slideshow as a carousel
 * (a list without JavaScript), and the HTML snippet page's copy button with its message.
 */

const noSidewaysScroll = async (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('content groups at 390 px', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 740 });
    await necessaryCookiesOnly(page.context(), baseURL);
  });

  test('the demo groups are readable on a phone: columns stack, nothing scrolls sideways', async ({ page }) => {
    await page.goto('/old/content/demo-produktblaetter');
    await expect(page.getByRole('heading', { level: 1, name: 'Produktblätter' })).toBeVisible();
    // LOCALIZED: the English visitor gets the English sheet
    await expect(page.getByRole('heading', { name: 'Fair system Module X' })).toBeVisible();
    const column = page.locator('[data-content-type="COLUMN"]');
    const cells = column.locator(':scope > div');
    await expect(cells).toHaveCount(2);
    const [first, second] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    await expect(page.getByRole('link', { name: /Modul X – Produktseite/ })).toHaveAttribute('target', '_blank');
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page);

    await page.goto('/old/content/demo-broschuere-2026');
    await expect(page.getByRole('link', { name: 'Broschüre 2026 herunterladen (PDF)' }).or(page.getByRole('link', { name: 'Download Broschüre 2026 (PDF)' }))).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  test('the video shows our picture and asks the video site nothing until it is started', async ({ page }) => {
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      if (/youtube|ytimg|vimeo/.test(new URL(request.url()).hostname)) thirdParty.push(request.url());
    });
    await page.goto('/old/content/demo-imagevideo');
    const thumbnail = page.locator('[data-video-thumbnail]');
    await expect(thumbnail).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(thirdParty).toEqual([]);
    await thumbnail.click();
    await expect(page.locator('iframe[data-video-player]')).toHaveAttribute('src', /youtube/);
  });

  test('the stand’s "Produkte" point shows its product sheets', async ({ page }) => {
    await page.goto('/convention/digitale-fachmesse-2026/hall/demo-halle-maschinenbau/stand/mueller-praezisionstechnik/rp/produkte');
    const panel = page.locator('[data-rp-content]');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Fair system Module X' })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});

test.describe('a slideshow', () => {
  let slug = '';
  test.beforeAll(async ({ db }) => {
    const organization = await db('organizations').where({ slug: 'demo-messe' }).first('id');
    const group = await createContentGroup(db, { organization_id: organization?.id, permission_type: 'PUBLIC' });
    const fileId = (await db('files').where({ organization_id: organization?.id, is_public: true }).whereNotNull('width').first('id'))?.id ?? null;
    const show = await createContentObject(db, { group_id: group.id, type: 'SLIDESHOW', value: null, name: 'Galerie' });
    for (const [i, name] of ['Eins', 'Zwei', 'Drei'].entries()) {
      await createContentObject(db, { group_id: group.id, parent_id: show.id, type: 'IMAGE', value: null, file_id: fileId, name, sort: i });
    }
    slug = group.slug;
  });

  test('moves with previous and next, announcing the position', async ({ page }) => {
    await page.goto(`/old/content/${slug}`);
    const carousel = page.locator('[data-slideshow-ready]');
    await expect(carousel).toBeVisible();
    await expect(carousel.getByText('Picture 1 of 3')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Eins' })).toBeVisible();
    await page.getByRole('button', { name: 'Next picture' }).click();
    await expect(carousel.getByText('Picture 2 of 3')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Zwei' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Eins' })).toBeHidden();
    await page.getByRole('button', { name: 'Previous picture' }).click();
    await page.getByRole('button', { name: 'Previous picture' }).click();
    await expect(carousel.getByText('Picture 3 of 3')).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('is a list of all its pictures', async ({ page }) => {
      await page.goto(`/old/content/${slug}`);
      await expect(page.locator('[data-content-type="SLIDESHOW"] li')).toHaveCount(3);
      await expect(page.getByRole('button', { name: 'Next picture' })).toHaveCount(0);
    });
  });
});

test('the HTML page copies the snippet and says so', async ({ page, login, db, context }) => {
  const { organizationIds } = await login();
  const group = await createContentGroup(db, { organization_id: organizationIds[0], permission_type: 'PUBLIC', name: 'Snippet' });
  await createContentObject(db, { group_id: group.id, value: '<p>Für Ihre Website</p>' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/html/${group.slug}`);
  const box = page.getByRole('textbox', { name: 'HTML code of the content group' });
  await expect(box).toHaveValue(/Für Ihre Website/);
  await expect(box).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Copy HTML' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await box.inputValue());
  expect(await box.inputValue()).not.toMatch(/<script/i);
  await expectAccessible(page);
});

test('a failed copy says so and leaves the code selected for copying by hand', async ({ page, login, db }) => {
  const { organizationIds } = await login();
  const group = await createContentGroup(db, { organization_id: organizationIds[0], permission_type: 'PUBLIC' });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
  });
  await page.goto(`/html/${group.slug}`);
  await page.getByRole('button', { name: 'Copy HTML' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Copy link failed' })).toBeVisible();
  const box = page.getByRole('textbox', { name: 'HTML code of the content group' });
  expect(await box.evaluate((el: HTMLTextAreaElement) => el.selectionEnd - el.selectionStart)).toBe((await box.inputValue()).length);
});

test('the editor’s preview switches between desktop and a phone-wide frame of the visitor page', async ({ page, login, db }) => {
  const { organizationIds } = await login();
  const group = await createContentGroup(db, { organization_id: organizationIds[0], permission_type: 'LOGGED_IN', name: 'Vorschau' });
  await createContentObject(db, { group_id: group.id, value: '<p>Nur für Angemeldete</p>' });
  await page.goto(`/contentpool/preview?slug=${group.slug}`);
  await expect(page.locator('[data-preview-width="desktop"]').getByText('Nur für Angemeldete')).toBeVisible();
  await page.getByRole('link', { name: 'Phone' }).click();
  const frame = page.locator('iframe[data-preview-width="phone"]');
  await expect(frame).toBeVisible();
  expect((await frame.boundingBox())!.width).toBeLessThanOrEqual(390);
  await expect(page.frameLocator('iframe[data-preview-width="phone"]').getByText('Nur für Angemeldete')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Phone' })).toHaveAttribute('aria-current', 'true');
  await expectAccessible(page);
});
