import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import type { PageLayout } from '~/lib/content-pages/layout';
import * as contentgroupRoute from '~/routes/_console.contentgroup-migration';
import * as publicsiteRoute from '~/routes/_console.publicsite-migration';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { expectConsoleError } from '../setup/console';
import {
  addMember,
  createContentGroup,
  createContentObject,
  createFile,
  createOrganization,
  createPersonalization,
  createPublicsite,
  createUser,
} from '../fixtures/factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
});
afterAll(() => t.close());

const ADMIN_ORG = Package.BASIC | Feature.platformAdmin;

async function member(suites: number, role: 'admin' | 'sales' = 'admin', options: { sales?: boolean } = {}) {
  const org = await createOrganization(t.app.db, { suites });
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, user.id, { role, isOwner: role === 'admin', ...(options.sales ? { sales: true } : {}) });
  return { org, user };
}

async function gql<T>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return (await t.graphql<T>(query, variables, { headers })).body;
}

type Entry = { sourceName: string; action: string; reason: string | null; pageSlug: string | null };
type Plan = { kind: string; dryRun: boolean; created: number; updated: number; skipped: number; entries: Entry[] };
type Payload = { plan: Plan | null; error: { code: string; message: string } | null };

const PLAN = 'plan { kind dryRun created updated skipped entries { sourceName action reason pageSlug } } error { code message }';
const migrate = async (userId: string | null, name: 'publicsiteMigration' | 'contentgroupMigration', dryRun: boolean) =>
  gql<Record<string, Payload>>(userId, `mutation($d: Boolean!) { ${name}(dryRun: $d) { ${PLAN} } }`, { d: dryRun });

async function pagesOf(organizationId: string) {
  return t.app.db('content_pages').where({ organization_id: organizationId }).orderBy('slug').select('*');
}

async function translationsOf(pageId: string): Promise<{ language: string; name: string; layout: PageLayout; version: number }[]> {
  return t.app.db('content_page_translations').where({ page_id: pageId }).orderBy('language').select('language', 'name', 'layout', 'version');
}

const blockTypes = (layout: PageLayout) =>
  layout.rows.map((row) => row.columns.map((column) => (column.item ? (column.item.content as { type: string }).type : null)));

describe('content group migration', () => {
  it('previews, runs in one go, maps objects to blocks and languages, and a second run has nothing to do (GraphQL)', async () => {
    const a = await member(ADMIN_ORG);
    const other = await member(ADMIN_ORG);
    const picture = await createFile(t.app.db, { organization_id: a.org.id });
    const foreignPicture = await createFile(t.app.db, { organization_id: other.org.id });
    const group = await createContentGroup(t.app.db, { organization_id: a.org.id, name: 'Produktinfo', preview_id: picture.id });
    await createContentObject(t.app.db, { group_id: group.id, type: 'TEXT', value: '<p>Hallo<script>x()</script></p>', sort: 0 });
    const column = await createContentObject(t.app.db, { group_id: group.id, type: 'COLUMN', size: 2, value: null, sort: 1 });
    await createContentObject(t.app.db, { group_id: group.id, parent_id: column.id, type: 'IMAGE', value: null, file_id: picture.id, name: 'Bild', sort: 0 });
    await createContentObject(t.app.db, { group_id: group.id, parent_id: column.id, type: 'PDF', value: null, file_id: foreignPicture.id, sort: 1 });
    await createContentObject(t.app.db, { group_id: group.id, type: 'DIVIDER', value: null, sort: 2 });
    const localized = await createContentObject(t.app.db, { group_id: group.id, type: 'LOCALIZED', language: 'EN', value: null, sort: 3 });
    await createContentObject(t.app.db, { group_id: group.id, parent_id: localized.id, type: 'YOUTUBE', value: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', sort: 0 });
    await createContentObject(t.app.db, { group_id: group.id, type: 'IFRAME', value: 'http://insecure.example.com', name: 'Alt', sort: 4 });
    const slides = await createContentObject(t.app.db, { group_id: group.id, type: 'SLIDESHOW', value: null, sort: 5 });
    await createContentObject(t.app.db, { group_id: group.id, parent_id: slides.id, type: 'IMAGE', value: null, file_id: picture.id, name: 'Folie' });
    await createContentObject(t.app.db, { group_id: group.id, type: 'BOOKMARK', value: 'https://example.com/a', og_title: 'Beispiel', sort: 6 });
    await createContentGroup(t.app.db, { organization_id: a.org.id, name: 'Leer' });
    const otherGroup = await createContentGroup(t.app.db, { organization_id: other.org.id, name: 'Fremd' });
    await createContentObject(t.app.db, { group_id: otherGroup.id });

    const preview = (await migrate(a.user.id, 'contentgroupMigration', true)).data!.contentgroupMigration;
    expect(preview.error).toBeNull();
    expect(preview.plan).toMatchObject({ kind: 'CONTENTGROUP', dryRun: true, created: 1, updated: 0, skipped: 1 });
    expect(preview.plan!.entries).toEqual([
      { sourceName: 'Leer', action: 'SKIP', reason: 'EMPTY', pageSlug: null },
      { sourceName: 'Produktinfo', action: 'CREATE', reason: null, pageSlug: null },
    ]);
    expect(await pagesOf(a.org.id)).toEqual([]);

    const run = (await migrate(a.user.id, 'contentgroupMigration', false)).data!.contentgroupMigration.plan!;
    expect(run).toMatchObject({ dryRun: false, created: 1, updated: 0, skipped: 1 });
    expect(run.entries[1]).toEqual({ sourceName: 'Produktinfo', action: 'CREATE', reason: null, pageSlug: 'produktinfo' });
    const [page] = await pagesOf(a.org.id);
    expect(page).toMatchObject({ slug: 'produktinfo', state: 'PRIVATE', source_kind: 'CONTENTGROUP', source_id: group.id, thumbnail_id: picture.id });
    const [de, en] = await translationsOf(page.id);
    expect(de).toMatchObject({ language: 'DE', name: 'Produktinfo' });
    expect(en).toMatchObject({ language: 'EN', name: 'Produktinfo' });
    expect(blockTypes(de!.layout)).toEqual([['TEXT'], ['IMAGE', 'PDF'], ['HORIZONTALDIVIDER'], ['TEXT'], ['CAROUSEL'], ['TEXT']]);
    expect(blockTypes(en!.layout)).toEqual([['TEXT'], ['IMAGE', 'PDF'], ['HORIZONTALDIVIDER'], ['VIDEO'], ['TEXT'], ['CAROUSEL'], ['TEXT']]);
    const text = de!.layout.rows[0]!.columns[0]!.item!.content as unknown as { html: string };
    expect(text.html).toContain('Hallo');
    expect(text.html).not.toContain('script');
    const [image, pdf] = de!.layout.rows[1]!.columns.map((c) => c.item!.content as unknown as { file: string | null });
    expect(image!.file).toBe(picture.id);
    expect(pdf!.file).toBeNull(); // another organisation's file is not taken over
    expect((de!.layout.rows[3]!.columns[0]!.item!.content as unknown as { html: string }).html).toContain('http://insecure.example.com');

    // the page opens in the content pool like any other
    const listed = await gql<{ contentPages: { items: { slug: string }[] } }>(a.user.id, '{ contentPages { items { slug } } }');
    expect(listed.data!.contentPages.items).toEqual([{ slug: 'produktinfo' }]);

    const again = (await migrate(a.user.id, 'contentgroupMigration', false)).data!.contentgroupMigration.plan!;
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 2 });
    expect(again.entries[1]).toEqual({ sourceName: 'Produktinfo', action: 'SKIP', reason: 'UNCHANGED', pageSlug: 'produktinfo' });
    expect(await pagesOf(a.org.id)).toHaveLength(1);

    // the source changes: the page is updated, in place
    await createContentObject(t.app.db, { group_id: group.id, type: 'TEXT', value: '<p>Neu</p>', sort: 9 });
    const update = (await migrate(a.user.id, 'contentgroupMigration', false)).data!.contentgroupMigration.plan!;
    expect(update).toMatchObject({ created: 0, updated: 1 });
    const [deAfter] = await translationsOf(page.id);
    expect(deAfter!.layout.rows).toHaveLength(7);
    expect(deAfter!.version).toBe(2);
    expect((await migrate(a.user.id, 'contentgroupMigration', true)).data!.contentgroupMigration.plan).toMatchObject({ created: 0, updated: 0 });

    // an editor changes the page: the migration leaves it alone, even when the source changes again
    await t.app.db('content_page_translations').where({ page_id: page.id, language: 'EN' }).update({ name: 'Product info' });
    await createContentObject(t.app.db, { group_id: group.id, type: 'TEXT', value: '<p>Noch neuer</p>', sort: 10 });
    const edited = (await migrate(a.user.id, 'contentgroupMigration', false)).data!.contentgroupMigration.plan!;
    expect(edited.entries[1]).toMatchObject({ action: 'SKIP', reason: 'EDITED' });
    expect((await translationsOf(page.id))[1]!.name).toBe('Product info');

    // the other organisation's data is untouched
    expect(await pagesOf(other.org.id)).toEqual([]);
  });

  it('rolls everything back when one page fails', async () => {
    const a = await member(ADMIN_ORG);
    for (const name of ['Alpha', 'Boom', 'Zulu']) {
      const group = await createContentGroup(t.app.db, { organization_id: a.org.id, name });
      await createContentObject(t.app.db, { group_id: group.id });
    }
    // a failure in the middle of the run (the second of three pages), from the database itself
    await t.app.db.raw(`
      create or replace function test_migration_boom() returns trigger language plpgsql as $$
      begin if new.name = 'Boom' then raise exception 'boom'; end if; return new; end $$;
      create trigger test_migration_boom before insert on content_page_translations for each row execute function test_migration_boom();
    `);
    try {
      expectConsoleError(); // the resolver logs the unexpected error
      const result = await migrate(a.user.id, 'contentgroupMigration', false);
      expect(result.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(await pagesOf(a.org.id)).toEqual([]);
      // the page door: the same, nothing written
      await expect(callRoute(t, contentgroupRoute.action, { url: '/contentgroup-migration', userId: a.user.id, form: { intent: 'run' } })).rejects.toThrow();
      expect(await pagesOf(a.org.id)).toEqual([]);
    } finally {
      await t.app.db.raw('drop trigger test_migration_boom on content_page_translations; drop function test_migration_boom();');
    }
    expect((await migrate(a.user.id, 'contentgroupMigration', false)).data!.contentgroupMigration.plan!.created).toBe(3);
    expect(await pagesOf(a.org.id)).toHaveLength(3);
  });
});

describe('publicsite migration', () => {
  it('makes a page per publicsite with its personalization and the pages assigned to it; a second run is a no-op (page door)', async () => {
    const a = await member(ADMIN_ORG);
    const other = await member(ADMIN_ORG);
    const look = await createPersonalization(t.app.db, { organization_id: a.org.id });
    const site = await createPublicsite(t.app.db, { organization_id: a.org.id, name: 'Messe 2026', personalization_id: look.id });
    const assigned = await t.app.db('content_pages').insert({ organization_id: a.org.id, slug: 'halle-1', publicsite_id: site.id }).returning('id');
    await t.app.db('content_page_translations').insert({ page_id: assigned[0].id, language: 'DE', name: 'Halle 1' });
    await createPublicsite(t.app.db, { organization_id: other.org.id, name: 'Fremde Seite' });

    const loaded = await callRoute(t, publicsiteRoute.loader, { url: '/publicsite-migration', userId: a.user.id });
    expect(loaded.status).toBe(200);
    const plan = (loaded.data as { plan: Plan }).plan;
    expect(plan).toMatchObject({ kind: 'PUBLICSITE', dryRun: true, created: 1, updated: 0, skipped: 0 });
    expect(plan.entries).toEqual([{ sourceId: site.id, sourceName: 'Messe 2026', action: 'CREATE', reason: null, pageSlug: null }]);

    const ran = await callRoute(t, publicsiteRoute.action, { url: '/publicsite-migration', userId: a.user.id, form: { intent: 'run' } });
    expect(ran.status).toBe(302);
    expect(ran.location).toBe('/publicsite-migration');
    expect(ran.toast).toEqual({ type: 'success', key: 'pagesmigration:done', values: { created: 1, updated: 0 } });
    const made = await t.app.db('content_pages').where({ source_kind: 'PUBLICSITE', source_id: site.id }).first();
    expect(made).toMatchObject({ organization_id: a.org.id, slug: 'messe-2026', personalization_id: look.id, publicsite_id: site.id, state: 'PRIVATE' });
    const [de, en] = await translationsOf(made.id);
    expect(blockTypes(de!.layout)).toEqual([['HERO'], ['TEXT']]);
    expect((de!.layout.rows[1]!.columns[0]!.item!.content as unknown as { html: string }).html).toContain('/content/halle-1');
    expect(en!.name).toBe('Messe 2026');

    const second = await callRoute(t, publicsiteRoute.loader, { url: '/publicsite-migration', userId: a.user.id });
    expect((second.data as { plan: Plan }).plan).toMatchObject({ created: 0, updated: 0, skipped: 1 });
    const rerun = await callRoute(t, publicsiteRoute.action, { url: '/publicsite-migration', userId: a.user.id, form: { intent: 'run' } });
    expect(rerun.toast).toEqual({ type: 'success', key: 'pagesmigration:done', values: { created: 0, updated: 0 } });
    expect(Number((await t.app.db('content_pages').where({ source_kind: 'PUBLICSITE' }).count('* as n').first())!.n)).toBe(1);
    expect(await pagesOf(other.org.id)).toEqual([]);

    // GraphQL door sees the same
    const viaApi = (await migrate(a.user.id, 'publicsiteMigration', true)).data!.publicsiteMigration.plan!;
    expect(viaApi.entries).toEqual([{ sourceName: 'Messe 2026', action: 'SKIP', reason: 'UNCHANGED', pageSlug: 'messe-2026' }]);

    // an unknown intent is a bad request, never a run
    const bad = await callRoute(t, publicsiteRoute.action, { url: '/publicsite-migration', userId: a.user.id, form: { intent: 'nope' } });
    expect(bad.status).toBe(400);
  });
});

describe('who may migrate', () => {
  it('refuses organisations without the admin feature, sales users, members who are not admins and anonymous', async () => {
    const plain = await member(Package.BASIC);
    const owner = await member(ADMIN_ORG);
    const salesRole = await member(ADMIN_ORG, 'sales');
    const salesUser = await member(ADMIN_ORG, 'admin', { sales: true });
    await createPublicsite(t.app.db, { organization_id: owner.org.id });
    await createPublicsite(t.app.db, { organization_id: salesRole.org.id });

    for (const who of [plain, salesRole, salesUser]) {
      for (const name of ['publicsiteMigration', 'contentgroupMigration'] as const) {
        const answer = (await migrate(who.user.id, name, false)).data![name];
        expect(answer.plan).toBeNull();
        expect(answer.error).toMatchObject({ code: 'PERMISSION_DENIED', message: "You don't have permission to perform this action." });
      }
    }
    expect((await migrate(null, 'publicsiteMigration', true)).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    expect((await migrate(null, 'contentgroupMigration', false)).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    expect(await t.app.db('content_pages').whereNotNull('source_kind').whereIn('organization_id', [salesRole.org.id, owner.org.id])).toEqual([]);

    // page door: the feature guard sends the others away, before anything runs
    const page = await callRoute(t, publicsiteRoute.loader, { url: '/publicsite-migration', userId: plain.user.id });
    expect(page.status).toBe(302);
    expect(page.location).toBe('/missing-feature/platformAdmin');
    const posted = await callRoute(t, contentgroupRoute.action, { url: '/contentgroup-migration', userId: salesUser.user.id, form: { intent: 'run' } });
    expect(posted.status).toBe(302);
    const anonymous = await callRoute(t, publicsiteRoute.action, { url: '/publicsite-migration', userId: null, form: { intent: 'run' } });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toContain('/login');
    const viaRole = await callRoute(t, publicsiteRoute.action, { url: '/publicsite-migration', userId: salesRole.user.id, form: { intent: 'run' } });
    expect(viaRole.location).toBe('/missing-feature/platformAdmin'); // a sales member's features are narrowed
    expect(await t.app.db('content_pages').whereNotNull('source_kind').whereIn('organization_id', [salesRole.org.id])).toEqual([]);
  });
});
