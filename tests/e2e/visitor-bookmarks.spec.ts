import type { Page } from '@playwright/test';
import type { Knex } from 'knex';
import { dismissWelcomeVideoUpfront, expect, test } from './fixtures';

/**
 * The visitor's bookmarks (issue 27, spec 000 point 1): a logged-in visitor marks a stand of the demo convention and
 * likes a published content page (its link with the token, as the QR code carries it), and finds both in their hub;
 * with JavaScript the toggle answers at once (aria-pressed), without it the plain form posts and comes back.
 */
const HALL = '/convention/digitale-fachmesse-2026/hall/demo-halle-maschinenbau';

async function demoTargets(db: Knex) {
  const stand = await db('hall_stands as hs')
    .join('halls as h', 'h.id', 'hs.hall_id')
    .join('base_stands as s', 's.id', 'hs.stand_id')
    .where({ 'h.slug': 'demo-halle-maschinenbau', 'hs.approved': true, 'hs.stand_accepted': true })
    .orderBy('hs.order')
    .first('hs.slug', 's.name');
  const page = await db('content_pages as p')
    .join('content_page_translations as t', 't.page_id', 'p.id')
    .where({ 'p.state': 'PUBLISHED', 't.language': 'EN' })
    .orderBy('p.created_at')
    .first('p.slug', 'p.publish_token', 't.name');
  return {
    standPath: `${HALL}/stand/${stand.slug}`,
    pagePath: `/content/${page.slug}?token=${encodeURIComponent(page.publish_token)}`,
    pageName: page.name as string,
  };
}

/** The toggle's post, answered. */
const saved = (page: Page) => page.waitForResponse((response) => response.request().method() === 'POST' && response.ok());

test.use({ locale: 'en-GB' });

test('a visitor marks a stand and likes a content page, and finds both in the hub', async ({ page, login, db }) => {
  await login({ organizations: 0 });
  await dismissWelcomeVideoUpfront(page);
  const targets = await demoTargets(db);

  await page.goto(targets.standPath);
  const mark = page.getByRole('button', { name: 'Bookmark stand', exact: true });
  await expect(mark).toHaveAttribute('aria-pressed', 'false');
  // the new state shows at once; the page is left only once the server has it (a new document load would cancel it)
  await Promise.all([saved(page), mark.click()]);
  await expect(mark).toHaveAttribute('aria-pressed', 'true');
  // saved, not only shown: a fresh load shows it pressed
  await page.reload();
  await expect(page.getByRole('button', { name: 'Bookmark stand', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.goto(targets.pagePath);
  const like = page.getByRole('button', { name: 'Bookmark page', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await Promise.all([saved(page), like.click()]);
  await expect(like).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/hub');
  const bookmarks = page.getByRole('region', { name: 'Your bookmarks' });
  const items = bookmarks.getByRole('listitem');
  await expect(items).toHaveCount(2);
  // newest first: the page, then the stand, each labelled with its kind and leading to its visitor page
  await expect(items.nth(0)).toContainText('Liked page');
  await expect(items.nth(1)).toContainText('Marked stand');
  await items.nth(0).getByRole('link').click();
  await expect(page.getByRole('button', { name: 'Bookmark page', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.goBack();
  await bookmarks.getByRole('listitem').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(targets.standPath);

  // taking the mark off takes the stand out of the hub; the page is shared by the visitors of one audience, so the
  // visitor's own mark arrives apart (/resources/stand-mark): shown pressed before it is pressed again
  const marked = page.getByRole('button', { name: 'Bookmark stand', exact: true });
  await expect(marked).toHaveAttribute('aria-pressed', 'true');
  await Promise.all([saved(page), marked.click()]);
  await expect(page.getByRole('button', { name: 'Bookmark stand', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/hub');
  await expect(page.getByRole('region', { name: 'Your bookmarks' }).getByRole('listitem')).toHaveCount(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the toggles are plain forms that come back to the page with the new state', async ({ page, login, db }) => {
    await login({ organizations: 0 });
    const targets = await demoTargets(db);

    await page.goto(targets.standPath);
    // not marked yet (a page shared by the visitors of one audience does not know the visitor's own mark: then the
    // button has no pressed state and sets the mark)
    await expect(page.getByRole('button', { name: 'Bookmark stand', exact: true })).not.toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Bookmark stand', exact: true }).click();
    await expect(page).toHaveURL(targets.standPath);
    // the answer after the post is made for this visitor alone (its toast), so it shows the mark
    await expect(page.getByRole('button', { name: 'Bookmark stand', exact: true })).toHaveAttribute('aria-pressed', 'true');

    await page.goto(targets.pagePath);
    await page.getByRole('button', { name: 'Bookmark page', exact: true }).click();
    await expect(page).toHaveURL(targets.pagePath);
    await expect(page.getByRole('button', { name: 'Bookmark page', exact: true })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/hub');
    const bookmarks = page.getByRole('region', { name: 'Your bookmarks' });
    await expect(bookmarks.getByRole('link', { name: targets.pageName, exact: true })).toBeVisible();
    await expect(bookmarks.getByText('Marked stand', { exact: true })).toBeVisible();
  });
});
