import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { dismissWelcomeVideoUpfront, expect, expectAccessible, necessaryCookiesOnly, test } from './fixtures';

/**
 * Content pages inside a convention (issue 16): an inactive convention shows its content page instead of the event
 * (with and without JavaScript), and the demo convention's help links lead to its help page of text and a picture.
 */
const CONVENTION = '/convention/digitale-fachmesse-2026';

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

/** An inactive convention of the demo organisation whose page is a new published content page; removed afterwards. */
async function inactiveWithPage(db: Knex) {
  const demo = await db('conventions').where({ slug: 'digitale-fachmesse-2026' }).first('organization_id');
  const suffix = crypto.randomBytes(3).toString('hex');
  const [page] = await db('content_pages')
    .insert({ organization_id: demo.organization_id, slug: `vorschau-${suffix}`, state: 'PUBLISHED', publish_token: crypto.randomBytes(16).toString('hex') })
    .returning('id');
  const layout = (text: string) =>
    JSON.stringify({
      rows: [
        {
          id: 'r1',
          type: 'ROW',
          columns: [{ id: 'c1', type: 'COL', width: 'N8', rows: [], item: { id: 'i1', sort: 0, content: { type: 'TEXT', html: `<h2>${text}</h2><p>Doors open on 1 October.</p>` } } }],
        },
      ],
    });
  await db('content_page_translations').insert([
    { page_id: page.id, language: 'EN', name: 'Autumn fair preview', layout: layout('See you at the autumn fair') },
    { page_id: page.id, language: 'DE', name: 'Vorschau Herbstmesse', layout: layout('Bis bald zur Herbstmesse') },
  ]);
  const slug = `herbstmesse-${suffix}`;
  await db('conventions').insert({ organization_id: demo.organization_id, slug, title: 'Herbstmesse', active: false, permission_type: 'PUBLIC', content_page_id: page.id });
  return {
    slug,
    remove: async () => {
      await db('conventions').where({ slug }).delete();
      await db('content_pages').where({ id: page.id }).delete();
    },
  };
}

test('an inactive convention with a content page shows that page instead of the event', async ({ page, db }) => {
  await dismissWelcomeVideoUpfront(page);
  const convention = await inactiveWithPage(db);
  try {
    await page.goto(`/convention/${convention.slug}`);
    await expect(page.getByRole('heading', { level: 2, name: 'See you at the autumn fair' })).toBeVisible();
    await expect(page.getByText('Doors open on 1 October.')).toBeVisible();
    // the page, not the inactive notice, and no navigation into the event
    await expect(page.getByText('Not active')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Convention' }).getByRole('link', { name: 'Info point' })).toHaveCount(0);
    await expectAccessible(page);
  } finally {
    await convention.remove();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // answered on an earlier visit: the banner slides in 500 ms after each page load and could take a click
  test.beforeEach(({ context, baseURL }) => necessaryCookiesOnly(context, baseURL));

  test("an inactive convention's content page is rendered by the server", async ({ page, db }) => {
    const convention = await inactiveWithPage(db);
    try {
      await page.goto(`/convention/${convention.slug}`);
      await expect(page.getByRole('heading', { level: 2, name: 'See you at the autumn fair' })).toBeVisible();
      await expect(page.getByText('Not active')).toHaveCount(0);
    } finally {
      await convention.remove();
    }
  });

  test('the help page of text and a picture is rendered by the server', async ({ page }) => {
    await page.goto(`${CONVENTION}/help/demo-hilfe`);
    await expect(page.getByRole('heading', { level: 2, name: 'How to visit the fair' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'The fair’s info point with its contacts' })).toBeVisible();
  });
});

test("the convention's help links lead to its help content page", async ({ page }) => {
  await dismissWelcomeVideoUpfront(page);
  await page.goto(`${CONVENTION}/infopoint`);
  await page.getByRole('link', { name: 'Open the help page' }).click();
  await expect(page).toHaveURL(`${CONVENTION}/help/demo-hilfe`);
  await expect(page.getByRole('heading', { level: 2, name: 'How to visit the fair' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The fair’s info point with its contacts' })).toBeVisible();
  await expectAccessible(page);

  // the navigation's help link, and the help text still under the convention's own slug
  await page.goto(CONVENTION);
  await page.getByRole('navigation', { name: 'Convention' }).getByRole('link', { name: 'Help', exact: true }).click();
  await expect(page).toHaveURL(`${CONVENTION}/help/demo-hilfe`);
  await expect(page.getByRole('heading', { level: 2, name: 'How to visit the fair' })).toBeVisible();
  await page.goto(`${CONVENTION}/help/digitale-fachmesse-2026`);
  await expect(page.getByRole('heading', { level: 1, name: 'Help for Digital Trade Fair 2026' })).toBeVisible();
});
