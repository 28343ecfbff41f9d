import { blockDefaults } from '../../app/lib/content-pages/blocks';
import { loadEnv } from '../../app/server/env.server';
import { createSession, csrfTokenFor } from '../../app/server/session.server';
import { createContentPage, createContentPageTranslation } from '../fixtures/content-pages';
import { expect, necessaryCookiesOnly, test } from './fixtures';

/**
 * Content pages' token links and QR codes (issue 16, spec 000 point 4): an editor publishes a page and downloads
 * its QR code; a visitor on a phone opens the link; after unpublishing the old link is refused with a clear
 * message, and publishing again issues a new link that works while the old one stays refused.
 */

const PAGE_FIELDS = 'contentPage { id state tokenLink } error { code message }';

test('a published page opens by its QR link on a phone; unpublishing refuses the old link, publishing again issues a new one', async ({ db, login, page, browser, baseURL }) => {
  const { userId, organizationIds } = await login({ language: 'EN' });
  const content = await createContentPage(db, { organization_id: organizationIds[0]! });
  const text = { id: 'text-1', sort: 0, content: { ...blockDefaults('TEXT'), html: '<h2>Modul X</h2><p>Leicht und schnell aufgebaut.</p>' } };
  await createContentPageTranslation(db, {
    page_id: content.id,
    language: 'DE',
    name: 'Produktseite',
    layout: { rows: [{ id: 'row-1', type: 'ROW', columns: [{ id: 'col-1', type: 'COL', width: 'N8', item: text, rows: [] }] }] },
  });

  // the editor's GraphQL calls carry the session cookie and its CSRF token, as the builder's do
  const env = loadEnv({ ...process.env, NODE_ENV: 'production' });
  const { sessionId, setCookie } = await createSession(env, db, userId);
  const headers = { cookie: setCookie.split(';')[0]!, 'x-csrf-token': csrfTokenFor(env, sessionId), accept: 'application/graphql-response+json' };
  const call = async (name: 'contentPagePublish' | 'contentPageUnpublish') => {
    const response = await page.request.post(`${baseURL}/graphql/`, {
      headers,
      data: { query: `mutation($id: ID!) { ${name}(id: $id) { ${PAGE_FIELDS} } }`, variables: { id: content.id } },
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: Record<string, { contentPage: { state: string; tokenLink: string | null }; error: unknown }> };
    expect(body.data[name]!.error).toBeNull();
    return body.data[name]!.contentPage;
  };

  const published = await call('contentPagePublish');
  expect(published.state).toBe('PUBLISHED');
  const firstLink = new URL(published.tokenLink!);
  expect(firstLink.pathname).toBe(`/content/${content.slug}`);

  // the QR code downloads, SVG and PNG
  const svg = await page.request.get(`${baseURL}/resources/content-page-qr/${content.id}?format=svg`);
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  expect(svg.headers()['content-disposition']).toBe(`attachment; filename="${content.slug}-qr.svg"`);
  expect(await svg.text()).toContain('<svg');
  const png = await page.request.get(`${baseURL}/resources/content-page-qr/${content.id}?format=png`);
  expect(png.headers()['content-type']).toBe('image/png');
  expect((await png.body()).subarray(1, 4).toString('latin1')).toBe('PNG');

  // a visitor on a phone, without an account, scans the code
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
  await necessaryCookiesOnly(phone, baseURL);
  const visitor = await phone.newPage();
  const opened = await visitor.goto(`${firstLink.pathname}${firstLink.search}`);
  expect(opened?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: 'Modul X' })).toBeVisible();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // without the token the page is not there
  expect((await visitor.goto(`/content/${content.slug}`))?.status()).toBe(404);

  await call('contentPageUnpublish');
  const refused = await visitor.goto(`${firstLink.pathname}${firstLink.search}`);
  expect(refused?.status()).toBe(404);
  await expect(visitor.getByText('This link is no longer valid', { exact: false }).or(visitor.getByText('Dieser Link ist nicht mehr gültig', { exact: false }))).toBeVisible();
  expect((await page.request.get(`${baseURL}/resources/content-page-qr/${content.id}`)).status()).toBe(409);

  const again = await call('contentPagePublish');
  const secondLink = new URL(again.tokenLink!);
  expect(secondLink.search).not.toBe(firstLink.search);
  expect((await visitor.goto(`${secondLink.pathname}${secondLink.search}`))?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: 'Modul X' })).toBeVisible();
  expect((await visitor.goto(`${firstLink.pathname}${firstLink.search}`))?.status()).toBe(404);
  await phone.close();
});
