import { findFile } from '~/server/services/files/files.server';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAGE_SLUG, seedContentPages } from '~/server/seed/content-pages';
import { conventionContentPage } from '~/server/services/content-pages/visit';
import { layoutIssues, pageLayoutSchema } from '~/lib/content-pages/layout';
import { Feature, Package } from '~/lib/features';
import * as publicRoute from '~/routes/content.$slug/route';
import * as newRoute from '~/routes/new.content.$slug';
import * as imprintRoute from '~/routes/content.$slug_.imprint';
import * as dataPolicyRoute from '~/routes/content.$slug_.datapolicy';
import * as qrRoute from '~/routes/resources.content-page-qr.$id';
import * as conventionContentRoute from '~/routes/convention.$conventionslug.content.$slug';
import { createTestApp, type TestApp } from '../helpers/app';
import { countStatements } from '../helpers/remix-pages';
import { callRoute } from '../helpers/routes';
import {
  addMember,
  createContentPage,
  createContentPageTranslation,
  createConvention,
  createFile,
  createFoyerPoint,
  createImageFoyer,
  createOrganization,
  createUser,
} from '../fixtures/factories';

/**
 * Content pages through GraphQL (issue 16, spec 001 point 7): every call, its rules and error codes, who may not
 * (anonymous, another organisation, a sales user, an organisation without the content feature), the optimistic
 * concurrency of translation saves, token links and QR codes across unpublish and publish, and the cost of a big page.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(`var/test-uploads/${process.pid}`), { recursive: true, force: true });
});

async function member(suites: number = Package.BASIC, membership: { sales?: boolean } = {}) {
  const org = await createOrganization(t.app.db, { suites });
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, user.id, { role: 'admin', isOwner: true, ...membership });
  return { org, user };
}

type Err = { code: string; field: string | null; message: string };
type Translation = { id: string; name: string; language: string; version: number; layout: { rows: unknown[] }; contentItems: { id: string; content: Record<string, unknown> }[] };
type Page = { id: string; slug: string; state: string; tokenLink: string | null; translations: Translation[] };

async function gql<T = Record<string, unknown>>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return (await t.graphql<T>(query, variables, { headers })).body;
}

const PAGE = 'id slug state tokenLink globalId leadDefault personalizationId publicsiteId thumbnailId tags { text } translations { id name language version layout contentItems }';

async function create(userId: string, variables: Record<string, unknown>) {
  const body = await gql<{ contentPageCreate: { contentPage: Page | null; error: Err | null } }>(
    userId,
    `mutation($language: LanguageCodeEnum!, $name: String, $template: ContentPageTemplateEnum) { contentPageCreate(language: $language, name: $name, template: $template) { contentPage { ${PAGE} } error { code field message } } }`,
    variables,
  );
  return body.data!.contentPageCreate;
}

async function save(userId: string, translationId: string, input: Record<string, unknown>) {
  const body = await gql<{ contentPageTranslationUpdate: { contentPageTranslation: Translation | null; error: Err | null; errors: Err[] } }>(
    userId,
    `mutation($id: ID!, $input: ContentPageTranslationInput!) { contentPageTranslationUpdate(translationId: $id, input: $input) { contentPageTranslation { id name version layout contentItems } error { code field message } errors { code field message } } }`,
    { id: translationId, input },
  );
  return body.data!.contentPageTranslationUpdate;
}

async function mutate<T>(userId: string | null, name: string, args: string, variables: Record<string, unknown>, fields = `contentPage { ${PAGE} } error { code field message }`) {
  const body = await gql<Record<string, T>>(userId, `mutation(${args}) { ${name}(${args.replace(/\$(\w+): [^,]+/g, '$1: $$$1')}) { ${fields} } }`, variables);
  return { data: body.data?.[name] as T, errors: body.errors };
}

const layoutOf = (items: { id: string; content: Record<string, unknown> }[]) => ({
  rows: items.map((item, i) => ({ id: `row-${i}`, type: 'ROW', columns: [{ id: `col-${i}`, type: 'COL', width: 'N8', itemId: item.id, rows: [] }] })),
});

/** A layout nested `depth` levels of data (a row is 1, its column 2, ...), with one text item at the bottom. */
function nested(depth: number) {
  let column: Record<string, unknown> = { id: `c${depth}`, width: 'N8', item: { id: 'deep', content: { type: 'TEXT', html: '<p>tief</p>' } }, rows: [] };
  let level = depth % 2 === 0 ? depth : depth + 1; // the bottom node is a column
  const rows: Record<string, unknown>[] = [];
  while (level > 2) {
    const row = { id: `r${level - 1}`, columns: [column] };
    column = { id: `c${level - 2}`, width: 'N8', item: null, rows: [row] };
    level -= 2;
  }
  rows.push({ id: 'r1', columns: [column] });
  return { rows };
}

describe('content pages: create, list, update, duplicate, delete', () => {
  it('creates pages (from a template too), with a chosen slug unique across organisations, and lists them by search, tag and page', async () => {
    const a = await member();
    const b = await member();
    const first = await create(a.user.id, { language: 'DE', name: 'Produktseite Bohrer' });
    expect(first.error).toBeNull();
    expect(first.contentPage).toMatchObject({ slug: 'produktseite-bohrer', state: 'PRIVATE', tokenLink: null, translations: [{ language: 'DE', name: 'Produktseite Bohrer', version: 1, layout: { rows: [] } }] });

    const templated = (await create(a.user.id, { language: 'EN', template: 't1' })).contentPage!;
    expect(templated.translations[0]!.name).toBe('New page');
    expect(templated.translations[0]!.contentItems.map((i) => i.content.type)).toEqual(['HERO', 'TEXT', 'IMAGE', 'TEXT']);

    const withSlug = await mutate<{ contentPage: Page | null; error: Err | null }>(b.user.id, 'contentPageCreateWithSlug', '$slug: String!, $language: LanguageCodeEnum!', { slug: 'produktseite-bohrer', language: 'DE' });
    expect(withSlug.data.error).toMatchObject({ code: 'UNIQUE', field: 'slug' });
    const badSlug = await mutate<{ error: Err | null }>(b.user.id, 'contentPageCreateWithSlug', '$slug: String!, $language: LanguageCodeEnum!', { slug: 'Not a slug!', language: 'DE' }, 'error { code field }');
    expect(badSlug.data.error).toMatchObject({ code: 'INVALID', field: 'slug' });
    const own = await mutate<{ contentPage: Page | null }>(b.user.id, 'contentPageCreateWithSlug', '$slug: String!, $language: LanguageCodeEnum!', { slug: 'b-seite', language: 'EN' });
    expect(own.data.contentPage).toMatchObject({ slug: 'b-seite' });

    const tagged = await mutate<{ contentPage: Page | null; error: Err | null }>(a.user.id, 'contentPageUpdate', '$id: ID!, $input: ContentPageUpdateInput!', { id: first.contentPage!.id, input: { tags: ['Bohrer', 'Neu'] } });
    expect(tagged.data.error).toBeNull();
    const tag = await t.app.db('content_tags').where({ organization_id: a.org.id, text: 'Bohrer' }).first('id');

    type List = { contentPages: { items: { slug: string }[]; totalCount: number; hasNextPage: boolean } };
    const list = async (variables: Record<string, unknown>) =>
      (await gql<List>(a.user.id, `query($search: String, $tagId: ID, $first: Int, $offset: Int) { contentPages(search: $search, tagId: $tagId, first: $first, offset: $offset) { items { slug } totalCount hasNextPage } }`, variables)).data!.contentPages;
    expect(await list({})).toMatchObject({ totalCount: 2, hasNextPage: false });
    expect((await list({ search: 'bohrer' })).items).toEqual([{ slug: 'produktseite-bohrer' }]);
    expect((await list({ tagId: tag.id })).items).toEqual([{ slug: 'produktseite-bohrer' }]);
    expect(await list({ first: 1 })).toMatchObject({ items: [{ slug: templated.slug }], totalCount: 2, hasNextPage: true });
    expect((await list({ first: 1, offset: 1 })).items).toEqual([{ slug: 'produktseite-bohrer' }]);
    // another organisation's list has only its own
    const others = (await gql<List>(b.user.id, `{ contentPages { items { slug } totalCount } }`)).data!.contentPages;
    expect(others).toEqual({ items: [{ slug: 'b-seite' }], totalCount: 1 });
  });

  it('updates settings: references must be the organisation\'s own (NOT_FOUND otherwise), the slug stays unique, the name per language', async () => {
    const a = await member();
    const b = await member();
    const page = (await create(a.user.id, { language: 'DE', name: 'Seite' })).contentPage!;
    const taken = (await create(b.user.id, { language: 'DE', name: 'Vergeben' })).contentPage!;
    const update = (input: Record<string, unknown>, userId = a.user.id) =>
      mutate<{ contentPage: Page | null; error: Err | null }>(userId, 'contentPageUpdate', '$id: ID!, $input: ContentPageUpdateInput!', { id: page.id, input });

    const [ownPerso] = await t.app.db('personalizations').insert({ organization_id: a.org.id, slug: `p-${a.org.id}`, title: 'Look' }).returning('id');
    const [foreignPerso] = await t.app.db('personalizations').insert({ organization_id: b.org.id, slug: `p-${b.org.id}`, title: 'Look' }).returning('id');
    const [foreignSite] = await t.app.db('publicsites').insert({ organization_id: b.org.id, slug: `s-${b.org.id}`, name: 'Site' }).returning('id');
    const [ownSite] = await t.app.db('publicsites').insert({ organization_id: a.org.id, slug: `s-${a.org.id}`, name: 'Site' }).returning('id');
    const ownPicture = await createFile(t.app.db, { organization_id: a.org.id, width: 640, height: 360 });
    const foreignPicture = await createFile(t.app.db, { organization_id: b.org.id, width: 640, height: 360 });

    expect((await update({ personalizationId: foreignPerso.id })).data.error).toMatchObject({ code: 'NOT_FOUND', field: 'personalizationId' });
    expect((await update({ publicsiteId: foreignSite.id })).data.error).toMatchObject({ code: 'NOT_FOUND', field: 'publicsiteId' });
    expect((await update({ thumbnailId: foreignPicture.id })).data.error).toMatchObject({ code: 'NOT_FOUND', field: 'thumbnailId' });
    expect((await update({ slug: taken.slug })).data.error).toMatchObject({ code: 'UNIQUE', field: 'slug', message: expect.stringContaining('already taken') });

    const done = await update({ slug: 'neue-adresse', personalizationId: ownPerso.id, publicsiteId: ownSite.id, thumbnailId: ownPicture.id, leadDefault: true, name: 'Umbenannt', language: 'DE' });
    expect(done.data.error).toBeNull();
    expect(done.data.contentPage).toMatchObject({
      slug: 'neue-adresse',
      personalizationId: ownPerso.id,
      publicsiteId: ownSite.id,
      thumbnailId: ownPicture.id,
      leadDefault: true,
      translations: [{ name: 'Umbenannt' }],
    });
    // every field answers its column (no silent nulls)
    const row = await t.app.db('content_pages').where({ id: page.id }).first();
    const all = await gql<{ contentPage: Record<string, unknown> }>(
      a.user.id,
      `query($s: String!) { contentPage(slug: $s) { id globalId slug created state leadDefault thumbnailId thumbnail { id url } personalizationId publicsiteId tokenLink translation { id pageId name language version } } }`,
      { s: 'neue-adresse' },
    );
    expect(all.data!.contentPage).toEqual({
      id: row.id,
      globalId: row.global_id,
      slug: 'neue-adresse',
      created: new Date(row.created_at).toISOString(),
      state: 'PRIVATE',
      leadDefault: true,
      thumbnailId: ownPicture.id,
      thumbnail: { id: ownPicture.id, url: `/files/${ownPicture.id}` },
      personalizationId: ownPerso.id,
      publicsiteId: ownSite.id,
      tokenLink: null,
      translation: { id: page.translations[0]!.id, pageId: page.id, name: 'Umbenannt', language: 'DE', version: 1 },
    });
    expect(row.global_id).toMatch(/^[0-9a-f-]{36}$/);
    // null clears a reference, left out keeps it
    const cleared = await update({ personalizationId: null });
    expect(cleared.data.contentPage).toMatchObject({ personalizationId: null, publicsiteId: ownSite.id, slug: 'neue-adresse' });
    // the name of a language the page does not have
    expect((await update({ name: 'X', language: 'EN' })).data.error).toMatchObject({ code: 'NOT_FOUND', field: 'language' });
    // another organisation's page looks missing
    expect((await update({ leadDefault: false }, b.user.id)).data.error).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
  });

  it('duplicates a page privately with its translations and tags; deletes it unless something links it (then names the places)', async () => {
    const a = await member(Package.BASIC | Package.EVENT);
    const page = (await create(a.user.id, { language: 'DE', name: 'Original', template: 's2' })).contentPage!;
    await mutate(a.user.id, 'contentPageUpdate', '$id: ID!, $input: ContentPageUpdateInput!', { id: page.id, input: { tags: ['Messe'] } });
    await mutate(a.user.id, 'contentPageTranslationCreate', '$pageId: ID!, $fromLang: LanguageCodeEnum!, $toLang: LanguageCodeEnum!', { pageId: page.id, fromLang: 'DE', toLang: 'EN' }, 'error { code }');
    await mutate(a.user.id, 'contentPagePublish', '$id: ID!', { id: page.id });

    const copy = (await mutate<{ contentPage: Page & { tags: { text: string }[] } }>(a.user.id, 'contentPageDuplicate', '$id: ID!', { id: page.id })).data.contentPage;
    expect(copy).toMatchObject({ slug: 'original-copy', state: 'PRIVATE', tokenLink: null, tags: [{ text: 'Messe' }] });
    expect(copy.translations.map((tr) => [tr.language, tr.name, tr.version])).toEqual([
      ['DE', 'Original (Kopie)', 1],
      ['EN', 'Original (copy)', 1],
    ]);
    expect(copy.translations[0]!.layout).toEqual(page.translations[0]!.layout);

    const convention = await createConvention(t.app.db, { organization_id: a.org.id, slug: `messe-${a.org.id.slice(0, 8)}`, content_page_id: page.id });
    const foyer = await createImageFoyer(t.app.db, { convention_id: convention.id, organization_id: a.org.id });
    await createFoyerPoint(t.app.db, { foyer_id: foyer.id, organization_id: a.org.id, target_type: 'CONTENTPAGE', target_id: page.id, link: null });
    const refused = await mutate<{ ok: boolean; error: Err | null }>(a.user.id, 'contentPageDelete', '$id: ID!', { id: page.id }, 'ok error { code message }');
    expect(refused.data.ok).toBe(false);
    expect(refused.data.error!.code).toBe('INVALID');
    expect(refused.data.error!.message).toContain(`convention "${convention.slug}"`);
    expect(refused.data.error!.message).toContain(`foyer point of convention "${convention.slug}"`);
    expect(await t.app.db('content_pages').where({ id: page.id }).first('id')).toBeTruthy();

    const gone = await mutate<{ ok: boolean; id: string }>(a.user.id, 'contentPageDelete', '$id: ID!', { id: copy.id }, 'ok id');
    expect(gone.data).toEqual({ ok: true, id: copy.id });
    expect(await t.app.db('content_page_translations').where({ page_id: copy.id }).first('id')).toBeUndefined();
  });
});

describe('content pages: who may not', () => {
  it('refuses anonymous users, organisations without the content feature, sales users and other organisations', async () => {
    const owner = await member();
    const page = await createContentPage(t.app.db, { organization_id: owner.org.id });
    const translation = await createContentPageTranslation(t.app.db, { page_id: page.id });
    const stranger = await member();
    const lacking = await member(Feature.lead | Feature.event);
    const sales = await member(Package.BASIC | Package.SALES, { sales: true });

    // anonymous: the list is UNAUTHENTICATED, a private page by slug is NOT_FOUND, mutations UNAUTHENTICATED
    expect((await gql(null, `{ contentPages { totalCount } }`)).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    expect((await gql(null, `query($s: String!) { contentPage(slug: $s) { id } }`, { s: page.slug })).errors![0]!.extensions!.code).toBe('NOT_FOUND');
    expect((await mutate(null, 'contentPagePublish', '$id: ID!', { id: page.id })).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');

    for (const who of [lacking, sales]) {
      expect((await gql(who.user.id, `{ contentPages { totalCount } }`)).errors![0]!.extensions!.code).toBe('PERMISSION_DENIED');
      expect((await create(who.user.id, { language: 'DE' })).error).toMatchObject({ code: 'PERMISSION_DENIED' });
    }

    const calls: [string, string, Record<string, unknown>][] = [
      ['contentPageUpdate', '$id: ID!, $input: ContentPageUpdateInput!', { id: page.id, input: { leadDefault: true } }],
      ['contentPageDuplicate', '$id: ID!', { id: page.id }],
      ['contentPagePublish', '$id: ID!', { id: page.id }],
      ['contentPageUnpublish', '$id: ID!', { id: page.id }],
    ];
    for (const [name, args, variables] of calls) {
      expect((await mutate<{ error: Err }>(stranger.user.id, name, args, variables, 'error { code }')).data.error.code, name).toBe('NOT_FOUND');
      expect((await mutate<{ error: Err }>(sales.user.id, name, args, variables, 'error { code }')).data.error.code, name).toBe('PERMISSION_DENIED');
    }
    const deleted = await mutate<{ ok: boolean; error: Err }>(stranger.user.id, 'contentPageDelete', '$id: ID!', { id: page.id }, 'ok error { code }');
    expect(deleted.data).toEqual({ ok: false, error: { code: 'NOT_FOUND' } });
    expect((await save(stranger.user.id, translation.id, { baseVersion: 1, contentLayouts: { rows: [] } })).error).toMatchObject({ code: 'NOT_FOUND' });
    const translate = await mutate<{ error: Err }>(stranger.user.id, 'contentPageTranslationCreate', '$pageId: ID!, $fromLang: LanguageCodeEnum!, $toLang: LanguageCodeEnum!', { pageId: page.id, fromLang: 'DE', toLang: 'EN' }, 'error { code }');
    expect(translate.data.error.code).toBe('NOT_FOUND');
    const untranslate = await mutate<{ error: Err }>(stranger.user.id, 'contentPageTranslationDelete', '$translationId: ID!', { translationId: translation.id }, 'error { code }');
    expect(untranslate.data.error.code).toBe('NOT_FOUND');
    expect((await gql(stranger.user.id, `query($s: String!) { contentPage(slug: $s) { id } }`, { s: page.slug })).errors![0]!.extensions!.code).toBe('NOT_FOUND');
    // nothing changed
    expect(await t.app.db('content_pages').where({ id: page.id }).first('state', 'lead_default')).toEqual({ state: 'PRIVATE', lead_default: false });
    // the QR code's resource route: another organisation's page is 404
    expect((await callRoute(t, qrRoute.loader, { url: `/resources/content-page-qr/${page.id}`, userId: stranger.user.id, params: { id: page.id } })).status).toBe(404);
  });
});

describe('content page translations', () => {
  it('saves the layout with optimistic concurrency: a save based on an older version is refused and nothing is overwritten', async () => {
    const a = await member();
    const page = (await create(a.user.id, { language: 'DE', name: 'Konkurrenz' })).contentPage!;
    const translationId = page.translations[0]!.id;
    const items = [{ id: 'text-1', content: { type: 'TEXT', html: '<p>Erste Fassung</p>' } }];
    const first = await save(a.user.id, translationId, { baseVersion: 1, contentItems: items, contentLayouts: layoutOf(items) });
    expect(first.error).toBeNull();
    expect(first.contentPageTranslation).toMatchObject({ version: 2, contentItems: [{ id: 'text-1', content: { type: 'TEXT', html: '<p>Erste Fassung</p>' } }] });

    // a second editor who loaded version 1 saves after the first one
    const other = [{ id: 'text-1', content: { type: 'TEXT', html: '<p>Andere Fassung</p>' } }];
    const stale = await save(a.user.id, translationId, { baseVersion: 1, name: 'Überschrieben?', contentItems: other, contentLayouts: layoutOf(other) });
    expect(stale.contentPageTranslation).toBeNull();
    expect(stale.error).toMatchObject({ code: 'VERSION_CONFLICT', field: 'baseVersion' });
    expect(stale.error!.message).toContain('version 2');
    const stored = await t.app.db('content_page_translations').where({ id: translationId }).first('version', 'name', 'layout');
    expect(stored.version).toBe(2);
    expect(stored.name).toBe('Konkurrenz');
    expect(JSON.stringify(stored.layout)).toContain('Erste Fassung');

    // two saves from the same version at once: exactly one wins
    const racing = await Promise.all(
      ['A', 'B'].map((text) => save(a.user.id, translationId, { baseVersion: 2, contentItems: [{ id: 'text-1', content: { type: 'TEXT', html: `<p>${text}</p>` } }], contentLayouts: layoutOf(items) })),
    );
    expect(racing.map((r) => r.error?.code ?? 'saved').sort()).toEqual(['VERSION_CONFLICT', 'saved']);
    expect((await t.app.db('content_page_translations').where({ id: translationId }).first('version')).version).toBe(3);
  });

  it('checks every block: rich text sanitised, iframes https only, videos of known sites, files of the organisation; deleted items leave their cell empty', async () => {
    const a = await member();
    const b = await member();
    const page = (await create(a.user.id, { language: 'EN' })).contentPage!;
    const id = page.translations[0]!.id;
    const items = [
      { id: 'text', content: { type: 'TEXT', html: '<p onclick="alert(1)">Hallo<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>' } },
      { id: 'box', content: { type: 'INFOBOX', html: '<h2>Info</h2><img src=x onerror=alert(1)>' } },
      { id: 'gone', content: { type: 'TEXT', html: '<p>weg</p>' }, isDeleted: true },
    ];
    const saved = await save(a.user.id, id, { baseVersion: 1, contentItems: items, contentLayouts: layoutOf(items) });
    expect(saved.error).toBeNull();
    expect(saved.contentPageTranslation!.contentItems.map((i) => i.content.html)).toEqual(['<p>Hallo<a>x</a></p>', '<h2>Info</h2>']);
    expect((saved.contentPageTranslation!.layout.rows[2] as { columns: { item: unknown }[] }).columns[0]!.item).toBeNull();

    const one = (content: Record<string, unknown>) => [{ id: 'x', content }];
    const http = await save(a.user.id, id, { baseVersion: 2, contentItems: one({ type: 'IFRAME', url: 'http://example.com/' }), contentLayouts: layoutOf(one({})) });
    expect(http.error).toMatchObject({ code: 'VALUE_IS_NOT_URL', field: 'contentLayouts.rows.0.columns.0.item.content.url' });
    const video = await save(a.user.id, id, { baseVersion: 2, contentItems: one({ type: 'VIDEO', url: 'https://videos.example.com/watch?v=1' }), contentLayouts: layoutOf(one({})) });
    expect(video.error).toMatchObject({ code: 'VALUE_IS_NOT_URL', field: 'contentLayouts.rows.0.columns.0.item.content.url' });
    const unknownType = await save(a.user.id, id, { baseVersion: 2, contentItems: one({ type: 'MARQUEE' }), contentLayouts: layoutOf(one({})) });
    expect(unknownType.error).toMatchObject({ code: 'INVALID', field: 'contentLayouts.rows.0.columns.0.item.content.type' });
    const foreignFile = await createFile(t.app.db, { organization_id: b.org.id });
    const file = await save(a.user.id, id, { baseVersion: 2, contentItems: one({ type: 'PDF', file: foreignFile.id }), contentLayouts: layoutOf(one({})) });
    expect(file.error).toMatchObject({ code: 'NOT_FOUND' });
    const unknownItem = await save(a.user.id, id, { baseVersion: 2, contentItems: [], contentLayouts: layoutOf(one({})) });
    expect(unknownItem.error).toMatchObject({ code: 'NESTABLE_ERROR', field: 'contentLayouts' });
    const badWidth = await save(a.user.id, id, { baseVersion: 2, contentLayouts: { rows: [{ id: 'r', columns: [{ id: 'c', width: 'N3' }] }] } });
    expect(badWidth.error).toMatchObject({ code: 'INVALID', field: 'contentLayouts.rows.0.columns.0.width' });
    const both = await save(a.user.id, id, {
      baseVersion: 2,
      contentLayouts: { rows: [{ id: 'r', columns: [{ id: 'c', item: { id: 'i', content: { type: 'TEXT' } }, rows: [{ id: 'r2', columns: [{ id: 'c2' }] }] }] }] },
    });
    expect(both.error).toMatchObject({ code: 'NESTABLE_ERROR', field: 'contentLayouts.rows.0.columns.0' });
    const twice = await save(a.user.id, id, { baseVersion: 2, contentLayouts: { rows: [{ id: 'same', columns: [{ id: 'same' }] }] } });
    expect(twice.error).toMatchObject({ code: 'NESTABLE_ERROR' });
    // none of the refused saves changed anything
    expect((await t.app.db('content_page_translations').where({ id }).first('version')).version).toBe(2);
  });

  it('takes 360 views of at least 70 pictures of equal height and 3D models in glb, gltf or stl only', async () => {
    const a = await member();
    const page = (await create(a.user.id, { language: 'DE' })).contentPage!;
    const id = page.translations[0]!.id;
    const pictures = [];
    for (let i = 0; i < 70; i += 1) pictures.push(await createFile(t.app.db, { organization_id: a.org.id, width: 800, height: i === 69 ? 601 : 600 }));
    const spin = (files: string[]) => [{ id: 'spin', content: { type: 'IMAGES360', files } }];
    const few = await save(a.user.id, id, { baseVersion: 1, contentItems: spin(pictures.slice(0, 69).map((p) => p.id)), contentLayouts: layoutOf(spin([])) });
    expect(few.error).toMatchObject({ code: 'INVALID', field: 'contentLayouts.rows.0.columns.0.item.content.files', message: 'A 360° view needs at least 70 pictures' });
    const uneven = await save(a.user.id, id, { baseVersion: 1, contentItems: spin(pictures.map((p) => p.id)), contentLayouts: layoutOf(spin([])) });
    expect(uneven.error).toMatchObject({ code: 'INVALID', field: 'contentLayouts.rows.0.columns.0.item.content.files', message: expect.stringContaining('same height') });
    await t.app.db('files').where({ id: pictures[69]!.id }).update({ height: 600 });
    const even = await save(a.user.id, id, { baseVersion: 1, contentItems: spin(pictures.map((p) => p.id)), contentLayouts: layoutOf(spin([])) });
    expect(even.error).toBeNull();

    const png = await createFile(t.app.db, { organization_id: a.org.id, filename: 'modell.png', mime_type: 'image/png' });
    const glb = await createFile(t.app.db, { organization_id: a.org.id, filename: 'modell.glb', mime_type: 'model/gltf-binary', width: null, height: null });
    const model = (file: string) => [{ id: 'model', content: { type: 'CADFILE', file } }];
    const wrong = await save(a.user.id, id, { baseVersion: 2, contentItems: model(png.id), contentLayouts: layoutOf(model(png.id)) });
    expect(wrong.error).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', field: 'contentLayouts.rows.0.columns.0.item.content.file' });
    expect((await save(a.user.id, id, { baseVersion: 2, contentItems: model(glb.id), contentLayouts: layoutOf(model(glb.id)) })).error).toBeNull();
  });

  it('nests rows and columns six levels deep, refuses seven (NESTABLE_ERROR)', async () => {
    const a = await member();
    const page = (await create(a.user.id, { language: 'DE' })).contentPage!;
    const id = page.translations[0]!.id;
    const six = await save(a.user.id, id, { baseVersion: 1, contentLayouts: nested(6) });
    expect(six.error).toBeNull();
    expect(six.contentPageTranslation!.contentItems).toHaveLength(1);
    const seven = await save(a.user.id, id, { baseVersion: 2, contentLayouts: nested(8) });
    expect(seven.contentPageTranslation).toBeNull();
    expect(seven.error).toMatchObject({ code: 'NESTABLE_ERROR', message: 'Rows and columns can be nested at most six levels deep.' });
  });

  it('creates a translation as a copy of another language, refuses a second one of a language, and keeps the last one', async () => {
    const a = await member();
    const page = (await create(a.user.id, { language: 'DE', name: 'Zweisprachig', template: 't2' })).contentPage!;
    const args = '$pageId: ID!, $fromLang: LanguageCodeEnum!, $toLang: LanguageCodeEnum!';
    const fields = 'contentPageTranslation { id name language version layout } error { code field message }';
    type Answer = { contentPageTranslation: Translation | null; error: Err | null };
    const created = await mutate<Answer>(a.user.id, 'contentPageTranslationCreate', args, { pageId: page.id, fromLang: 'DE', toLang: 'EN' }, fields);
    expect(created.data.error).toBeNull();
    expect(created.data.contentPageTranslation).toMatchObject({ language: 'EN', name: 'Zweisprachig', version: 1, layout: page.translations[0]!.layout });
    const again = await mutate<Answer>(a.user.id, 'contentPageTranslationCreate', args, { pageId: page.id, fromLang: 'DE', toLang: 'EN' }, fields);
    expect(again.data.error).toMatchObject({ code: 'UNIQUE', field: 'toLang' });
    const same = await mutate<Answer>(a.user.id, 'contentPageTranslationCreate', args, { pageId: page.id, fromLang: 'DE', toLang: 'DE' }, fields);
    expect(same.data.error).toMatchObject({ code: 'INVALID', field: 'toLang' });

    const remove = (translationId: string) =>
      mutate<{ ok: boolean; error: Err | null }>(a.user.id, 'contentPageTranslationDelete', '$translationId: ID!', { translationId }, 'ok error { code field message }');
    expect((await remove(page.translations[0]!.id)).data).toEqual({ ok: true, error: null });
    const last = await remove(created.data.contentPageTranslation!.id);
    expect(last.data).toMatchObject({ ok: false, error: { code: 'INVALID', message: 'The last language of a page cannot be deleted.' } });
  });
});

describe('content pages: publication, token links and QR codes', () => {
  it('publishes with a token link; unpublishing refuses the old link and QR code, publishing again issues a new one', async () => {
    const a = await member();
    const visitor = await createUser(t.app.db);
    const page = (await create(a.user.id, { language: 'DE', name: 'Öffentlich', template: 'basic1Column' })).contentPage!;
    const open = (token: string | null, userId: string | null = null, lang = 'EN') =>
      gql<{ contentPage: { slug: string; translation: { language: string; name: string } } | null }>(
        userId,
        `query($s: String!, $t: String, $l: LanguageCodeEnum) { contentPage(slug: $s, token: $t, lang: $l) { slug translation { language name } } }`,
        { s: page.slug, t: token, l: lang },
      );
    // private: the editor sees it, nobody else
    expect((await open(null, a.user.id)).data!.contentPage).toMatchObject({ slug: page.slug, translation: { language: 'DE' } });
    expect((await open(null)).errors![0]!.extensions!.code).toBe('NOT_FOUND');
    const qrBefore = await callRoute(t, qrRoute.loader, { url: `/resources/content-page-qr/${page.id}`, userId: a.user.id, params: { id: page.id } });
    expect(qrBefore.status).toBe(409);

    const published = (await mutate<{ contentPage: Page }>(a.user.id, 'contentPagePublish', '$id: ID!', { id: page.id })).data.contentPage;
    expect(published.state).toBe('PUBLISHED');
    expect(published.tokenLink).toMatch(new RegExp(`/content/${page.slug}\\?token=[A-Za-z0-9_-]{43}$`));
    const firstToken = new URL(published.tokenLink!).searchParams.get('token')!;
    expect((await open(firstToken)).data!.contentPage).toMatchObject({ translation: { name: 'Öffentlich' } });
    expect((await open(firstToken, visitor.id)).data!.contentPage).toMatchObject({ slug: page.slug });
    // without the token a stranger does not get it; the token is not shown to visitors
    expect((await open(null, visitor.id)).errors![0]!.extensions!.code).toBe('NOT_FOUND');
    const seen = await gql<{ contentPage: { tokenLink: string | null } }>(visitor.id, `query($s: String!, $t: String) { contentPage(slug: $s, token: $t) { tokenLink } }`, { s: page.slug, t: firstToken });
    expect(seen.data!.contentPage.tokenLink).toBeNull();

    const svg = await callRoute(t, qrRoute.loader, { url: `/resources/content-page-qr/${page.id}?format=svg`, userId: a.user.id, params: { id: page.id } });
    expect(svg.status).toBe(200);
    expect(String(svg.data)).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const png = await callRoute(t, qrRoute.loader, { url: `/resources/content-page-qr/${page.id}?format=png`, userId: a.user.id, params: { id: page.id } });
    expect(png.status).toBe(200);
    expect(String(png.data).slice(1, 4)).toBe('PNG');

    const unpublished = (await mutate<{ contentPage: Page }>(a.user.id, 'contentPageUnpublish', '$id: ID!', { id: page.id })).data.contentPage;
    expect(unpublished).toMatchObject({ state: 'UNPUBLISHED', tokenLink: null });
    const refused = await open(firstToken);
    expect(refused.errors![0]).toMatchObject({ message: expect.stringContaining('no longer valid'), extensions: { code: 'NOT_FOUND' } });
    expect((await callRoute(t, qrRoute.loader, { url: `/resources/content-page-qr/${page.id}`, userId: a.user.id, params: { id: page.id } })).status).toBe(409);

    // the page door: /content/{slug}?token=... with the old token is a 404 that says why
    const oldLink = await callRoute(t, publicRoute.loader, { url: `/content/${page.slug}?token=${firstToken}`, params: { slug: page.slug } });
    expect(oldLink).toMatchObject({ status: 404, data: { reason: 'linkInvalid', message: expect.stringContaining('no longer valid') } });

    const again = (await mutate<{ contentPage: Page }>(a.user.id, 'contentPagePublish', '$id: ID!', { id: page.id })).data.contentPage;
    const secondToken = new URL(again.tokenLink!).searchParams.get('token')!;
    expect(secondToken).not.toBe(firstToken);
    expect((await open(secondToken)).data!.contentPage).toMatchObject({ slug: page.slug });
    expect((await open(firstToken)).errors![0]!.extensions!.code).toBe('NOT_FOUND');
    const newLink = await callRoute(t, publicRoute.loader, { url: `/content/${page.slug}?token=${secondToken}`, params: { slug: page.slug } });
    expect(newLink.status).toBe(200);
    expect(newLink.data).toMatchObject({ name: 'Öffentlich', pageLanguage: 'DE', layout: { rows: [{ columns: [{ item: { content: { type: 'TEXT' } } }] }] } });
    const noToken = await callRoute(t, publicRoute.loader, { url: `/content/${page.slug}`, params: { slug: page.slug } });
    expect(noToken.status).toBe(404);
    expect(noToken.data).toBe('Not Found');
    // the newer variant's address leads there, token kept
    const variant = await callRoute(t, newRoute.loader, { url: `/new/content/${page.slug}?token=${secondToken}&x=1`, params: { slug: page.slug } });
    expect(variant).toMatchObject({ status: 301, location: `/content/${page.slug}?token=${secondToken}` });
    // publishing a published page keeps its link
    const twice = (await mutate<{ contentPage: Page }>(a.user.id, 'contentPagePublish', '$id: ID!', { id: page.id })).data.contentPage;
    expect(twice.tokenLink).toBe(again.tokenLink);
  });

  it('makes the page\'s files visible to visitors when published', async () => {
    const a = await member();
    const picture = await createFile(t.app.db, { organization_id: a.org.id, width: 800, height: 600, is_public: false });
    const pdf = await createFile(t.app.db, { organization_id: a.org.id, is_public: false, filename: 'blatt.pdf', mime_type: 'application/pdf' });
    const page = (await create(a.user.id, { language: 'DE' })).contentPage!;
    const items = [{ id: 'pdf', content: { type: 'PDF', file: pdf.id } }];
    expect((await save(a.user.id, page.translations[0]!.id, { baseVersion: 1, contentItems: items, contentLayouts: layoutOf(items) })).error).toBeNull();
    const logo = await createFile(t.app.db, { organization_id: a.org.id, width: 200, height: 100, is_public: false });
    const [look] = await t.app.db('personalizations').insert({ organization_id: a.org.id, slug: `f-${a.org.id}`, title: 'Look', logo_id: logo.id, favicon_id: logo.id }).returning('id');
    await mutate(a.user.id, 'contentPageUpdate', '$id: ID!, $input: ContentPageUpdateInput!', { id: page.id, input: { thumbnailId: picture.id, personalizationId: look.id } });
    // what the files route would serve an anonymous visitor
    const servedOf = async (ids: string[]) => {
      const anonymous = await t.serviceContext(null);
      return (await Promise.all(ids.map((id) => findFile(anonymous, id)))).filter(Boolean).map((f) => f!.id);
    };
    const shown = async () => (await servedOf([picture.id, pdf.id, logo.id])).length === 3;
    expect(await servedOf([picture.id, pdf.id, logo.id])).toEqual([]);
    await mutate(a.user.id, 'contentPagePublish', '$id: ID!', { id: page.id });
    expect(await shown()).toBe(true);
    // the public page shows the personalization's logo and favicon to anyone with the link
    const token = (await t.app.db('content_pages').where({ id: page.id }).first('publish_token')).publish_token;
    const open = await callRoute(t, publicRoute.loader, { url: `/content/${page.slug}?token=${token}`, params: { slug: page.slug } });
    expect(open.data).toMatchObject({ logo: { url: `/files/${logo.id}`, alt: 'Look', width: 100, position: 'LEFT' }, favicon: `/files/${logo.id}` });
  });
  it('shows the imprint and data policy of its personalization, else of its organisation, as visible as the page', async () => {
    const a = await member();
    await t.app.db('organizations').where({ id: a.org.id }).update({ imprint: 'Impressum der Firma', data_privacy: 'Datenschutz der Firma' });
    const [look] = await t.app.db('personalizations').insert({ organization_id: a.org.id, slug: `l-${a.org.id}`, title: 'Look', imprint: 'Impressum des Auftritts', data_privacy: '' }).returning('id');
    const page = (await create(a.user.id, { language: 'DE', name: 'Rechtliches' })).contentPage!;
    await mutate(a.user.id, 'contentPageUpdate', '$id: ID!, $input: ContentPageUpdateInput!', { id: page.id, input: { personalizationId: look.id } });
    const token = new URL((await mutate<{ contentPage: Page }>(a.user.id, 'contentPagePublish', '$id: ID!', { id: page.id })).data.contentPage.tokenLink!).searchParams.get('token')!;
    const open = (route: typeof imprintRoute, query: string) => callRoute(t, route.loader, { url: `/content/${page.slug}/x${query}`, params: { slug: page.slug } });

    const imprint = await open(imprintRoute, `?token=${token}`);
    expect(imprint).toMatchObject({ status: 200, data: { info: { imprint: 'Impressum des Auftritts' }, back: `/content/${page.slug}?token=${token}` } });
    const policy = await open(dataPolicyRoute, `?token=${token}`);
    expect(policy).toMatchObject({ status: 200, data: { info: { dataPrivacy: 'Datenschutz der Firma', organizationName: a.org.name } } });
    expect((await open(imprintRoute, '')).status).toBe(404);
    const page404 = await callRoute(t, publicRoute.loader, { url: `/content/${page.slug}?token=${token}`, params: { slug: page.slug } });
    expect(page404.data).toMatchObject({ imprintHref: `/content/${page.slug}/imprint?token=${token}`, dataPolicyHref: `/content/${page.slug}/datapolicy?token=${token}` });
  });
});

describe('content pages inside a convention', () => {
  it('finds a published page the convention links (conventionContentPage, for /convention/{c}/content/{slug}), and nothing else', async () => {
    const host = await member(Package.BASIC | Package.EVENT);
    const exhibitor = await member();
    const linked = (await create(exhibitor.user.id, { language: 'DE', name: 'Verlinkt', template: 'basic1Column' })).contentPage!;
    const unlinked = (await create(exhibitor.user.id, { language: 'DE', name: 'Fremd', template: 'basic1Column' })).contentPage!;
    for (const p of [linked, unlinked]) await mutate(exhibitor.user.id, 'contentPagePublish', '$id: ID!', { id: p.id });
    const convention = await createConvention(t.app.db, { organization_id: host.org.id, permission_type: 'PUBLIC', slug: `messe-${host.org.id.slice(0, 8)}` });
    const foyer = await createImageFoyer(t.app.db, { convention_id: convention.id, organization_id: host.org.id });
    await createFoyerPoint(t.app.db, { foyer_id: foyer.id, organization_id: host.org.id, target_type: 'CONTENTPAGE', target_id: linked.id, link: null });
    const visitor = await t.serviceContext(null, 'DE');
    const open = (slug: string) => conventionContentPage(visitor, { conventionSlug: convention.slug, slug, lang: 'DE' });

    expect(await open(linked.slug)).toMatchObject({ name: 'Verlinkt', pageLanguage: 'DE', layout: { rows: [{ columns: [{ item: { content: { type: 'TEXT' } } }] }] } });
    expect(await open(unlinked.slug)).toBeNull();
    expect(await open('gibt-es-nicht')).toBeNull();
    // the page door: /convention/{c}/content/{slug} shows the linked page in the convention, anything else is 404
    const visit = (slug: string) =>
      callRoute(t, conventionContentRoute.loader, { url: `/convention/${convention.slug}/content/${slug}`, params: { conventionslug: convention.slug, slug } });
    expect(await visit(linked.slug)).toMatchObject({ status: 200, data: { name: 'Verlinkt', pageLanguage: 'DE' } });
    expect((await visit(unlinked.slug)).status).toBe(404);
    expect((await visit('gibt-es-nicht')).status).toBe(404);
    // the convention's own page is linked too; unpublished pages are not shown to visitors
    await t.app.db('conventions').where({ id: convention.id }).update({ content_page_id: unlinked.id });
    expect(await open(unlinked.slug)).toMatchObject({ name: 'Fremd' });
    await mutate(exhibitor.user.id, 'contentPageUnpublish', '$id: ID!', { id: linked.id });
    expect(await open(linked.slug)).toBeNull();
    // its editors still see it (the builder's preview inside the convention)
    expect(await conventionContentPage(await t.serviceContext(exhibitor.user.id), { conventionSlug: convention.slug, slug: linked.slug, lang: 'DE' })).not.toBeNull();
  });
});

describe('content pages: a big page', () => {
  it('saves a page of 200 items and reads it back with the same number of statements as a page of 2', async () => {
    const a = await member();
    const make = async (count: number) => {
      const page = (await create(a.user.id, { language: 'DE', name: `Groß ${count}` })).contentPage!;
      const items = Array.from({ length: count }, (_, i) => ({ id: `item-${i}`, sort: i, content: { type: 'TEXT', html: `<p>Absatz ${i}</p>` } }));
      const layout = {
        rows: Array.from({ length: count / 2 }, (_, r) => ({
          id: `row-${r}`,
          columns: [0, 1].map((c) => ({ id: `col-${r}-${c}`, width: 'N4', itemId: `item-${r * 2 + c}` })),
        })),
      };
      const saved = await save(a.user.id, page.translations[0]!.id, { baseVersion: 1, contentItems: items, contentLayouts: layout });
      expect(saved.error).toBeNull();
      return page.slug;
    };
    const small = await make(2);
    const big = await make(200);
    const read = (slug: string) =>
      countStatements(t, () =>
        gql<{ contentPage: { translation: { contentItems: { id: string }[] }; translations: { id: string }[]; tags: unknown[] } }>(
          a.user.id,
          `query($s: String!) { contentPage(slug: $s, lang: DE) { slug tags { text } thumbnail { id } translation { version layout contentItems } translations { id name } } }`,
          { s: slug },
        ),
      );
    const token = await t.accessToken(a.user.id); // warm the viewer's caches alike for both reads
    expect(token).toBeTruthy();
    const two = await read(small);
    const many = await read(big);
    expect(two.result.data!.contentPage.translation.contentItems).toHaveLength(2);
    expect(many.result.data!.contentPage.translation.contentItems.map((i) => i.id)).toEqual(Array.from({ length: 200 }, (_, i) => `item-${i}`));
    expect(many.count).toBe(two.count);
    expect(many.count).toBeLessThanOrEqual(6);
  });
});

describe('content pages: the demo', () => {
  it('seeds a published product page in DE and EN whose layouts pass the schema, open by token link for anyone', async () => {
    const a = await member();
    const { pageId, token } = await seedContentPages(t.app.db, { organizationId: a.org.id, storage: t.app.storage });
    const translations = await t.app.db('content_page_translations').where({ page_id: pageId }).orderBy('language');
    expect(translations.map((tr) => tr.language)).toEqual(['DE', 'EN']);
    for (const tr of translations) {
      const parsed = pageLayoutSchema.safeParse(tr.layout);
      expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
      expect(layoutIssues(parsed.data!)).toEqual([]);
    }
    const body = await gql<{ contentPage: { slug: string; translation: { name: string; contentItems: { content: { type: string; file?: string | null; files?: string[] } }[] } } }>(
      null,
      `query($s: String!, $t: String) { contentPage(slug: $s, token: $t, lang: EN) { slug translation { name contentItems } } }`,
      { s: DEMO_PAGE_SLUG, t: token },
    );
    const page = body.data!.contentPage;
    expect(page.translation.name).toBe('Product page Module X');
    const blocks = page.translation.contentItems.map((i) => i.content);
    expect(blocks.map((b) => b.type)).toEqual(['HERO', 'TEXT', 'IMAGE', 'VIDEO', 'CADFILE', 'IMAGES360', 'PDF']);
    expect(blocks.find((b) => b.type === 'IMAGES360')!.files).toHaveLength(72);
    // every file a block names exists and is visible to visitors
    const ids = blocks.flatMap((b) => [b.file, ...(b.files ?? [])]).filter((id): id is string => !!id);
    expect((await t.app.db('files').whereIn('id', ids).where({ is_public: true }).pluck('id')).length).toBe(new Set(ids).size);
  });
});
