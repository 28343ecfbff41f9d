import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentView, ContentViewNode } from '~/components/content/types';
import { Feature, Package } from '~/lib/features';
import * as oldContent from '~/routes/old.content.$slug/route';
import * as preview from '~/routes/contentpool.preview/route';
import * as html from '~/routes/_console.html.$contentslug/route';
import * as rp from '~/routes/exhibition.$slug.rp.$rpslug';
import { createTestApp, type TestApp } from '../helpers/app';
import { countStatements } from '../helpers/remix-pages';
import { callRoute } from '../helpers/routes';
import {
  addMember,
  createContentGroup,
  createContentObject,
  createConvention,
  createExhibition,
  createFile,
  createOrganization,
  createPoint,
  createStand,
  createStandNode,
  createUser,
  grantAccess,
} from '../fixtures/factories';
import { png } from './files-fixtures';

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;

async function world() {
  const db = t.app.db;
  const acme = await createOrganization(db, { suites: Package.BASIC, name: 'Acme Messebau', email: 'info@acme.example', support_url: 'https://acme.example/support', city: 'Köln' });
  const other = await createOrganization(db, { suites: Package.BASIC });
  const noContent = await createOrganization(db, { suites: Feature.lead | Feature.userManagement });
  const en = { default_language: 'EN' as const };
  const admin = await createUser(db, en);
  const stranger = await createUser(db, en);
  const holder = await createUser(db, en);
  const suspended = await createUser(db, en);
  const lacking = await createUser(db, en);
  await addMember(db, acme.id, admin.id, { role: 'admin', isOwner: true });
  await addMember(db, other.id, stranger.id, { role: 'admin', isOwner: true });
  await addMember(db, noContent.id, lacking.id, { role: 'admin', isOwner: true });
  // keys of another object of acme (its TOKEN convention): they open that convention, never acme's TOKEN content
  const fair = await createConvention(db, { organization_id: acme.id, permission_type: 'TOKEN' });
  await grantAccess(db, { convention_id: fair.id, user_id: holder.id });
  await grantAccess(db, { convention_id: fair.id, user_id: suspended.id, suspended: true });
  const groupHolder = await createUser(db, en);
  const groupSuspended = await createUser(db, en);

  const picture = await createFile(db, { organization_id: acme.id, is_public: true });
  const group = (permission_type: 'PUBLIC' | 'LOGGED_IN' | 'TOKEN') => createContentGroup(db, { organization_id: acme.id, permission_type });
  const pub = await group('PUBLIC');
  const loggedIn = await group('LOGGED_IN');
  const token = await group('TOKEN');
  const foreign = await createContentGroup(db, { organization_id: other.id, permission_type: 'PUBLIC' });
  const add = (groupId: string, fields: Parameters<typeof createContentObject>[1]) => createContentObject(db, { group_id: groupId, ...fields });

  // one object of every type in the public group
  await add(pub.id, { value: '<p>Hallo <strong>Welt</strong></p>', sort: 0 });
  const localized = await add(pub.id, { type: 'LOCALIZED', value: null, sort: 1 });
  await add(pub.id, { parent_id: localized.id, language: 'DE', value: '<p>Deutsch</p>' });
  await add(pub.id, { parent_id: localized.id, language: 'EN', value: '<p>English</p>', sort: 1 });
  const column = await add(pub.id, { type: 'COLUMN', size: 3, value: null, sort: 2 });
  await add(pub.id, { parent_id: column.id, value: '<p>Links</p>' });
  await add(pub.id, { parent_id: column.id, type: 'IMAGE', value: null, file_id: picture.id, name: 'Kontakt', link: 'mailto:info@acme.example', open_link_in_new_window: true, sort: 1 });
  await add(pub.id, { parent_id: column.id, type: 'IMAGE', value: null, file_id: picture.id, name: 'Böse', link: 'javascript:alert(1)', sort: 2 });
  await add(pub.id, { type: 'DIVIDER', value: null, sort: 3 });
  await add(pub.id, { type: 'BOOKMARK', value: 'https://acme.example/produkt', og_title: 'Produkt', og_description: 'Beschreibung', og_image: 'https://tracker.example/og.png', sort: 4 });
  await add(pub.id, { type: 'IFRAME', value: 'https://maps.example/embed', name: 'Karte', sort: 5 });
  await add(pub.id, { type: 'IFRAME', value: 'http://insecure.example/embed', name: 'Unsicher', sort: 6 });
  await add(pub.id, { type: 'PDF', value: null, file_id: picture.id, name: 'Broschüre', sort: 7 });
  const slides = await add(pub.id, { type: 'SLIDESHOW', value: null, name: 'Galerie', sort: 8 });
  await add(pub.id, { parent_id: slides.id, type: 'IMAGE', value: null, file_id: picture.id, name: 'Eins' });
  await add(pub.id, { parent_id: slides.id, type: 'IMAGE', value: null, file_id: picture.id, name: 'Zwei', sort: 1 });
  await add(pub.id, { type: 'YOUTUBE', value: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', name: 'Film', sort: 9 });
  for (const g of [loggedIn, token, foreign]) await add(g.id, { value: '<p>Geheim</p>' });
  // the TOKEN rule: a permission of the group itself; suspended on the group, a convention key does not reopen it
  await grantAccess(db, { content_group_id: token.id, user_id: groupHolder.id });
  await grantAccess(db, { content_group_id: token.id, user_id: groupSuspended.id, suspended: true });
  await grantAccess(db, { convention_id: fair.id, user_id: groupSuspended.id });
  return { acme, other, admin, stranger, holder, suspended, groupHolder, groupSuspended, lacking, picture, pub, loggedIn, token, foreign };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await world();
});
afterAll(async () => {
  await t.close();
});

type ViewData = { view: ContentView };
const visit = (slug: string, userId: string | null = null) =>
  callRoute(t, oldContent.loader, { url: `/old/content/${slug}`, params: { slug }, userId });

describe('/old/content/{slug}: a group as visitors see it', () => {
  it('renders every object type of a PUBLIC group for anyone, links checked and LOCALIZED reduced to the language', async () => {
    const res = await visit(w.pub.slug);
    expect(res.status).toBe(200);
    const { view } = res.data as ViewData;
    expect(view).toMatchObject({ slug: w.pub.slug, language: 'EN' });
    const types = view.nodes.map((n) => n.type);
    expect(types).toEqual(['TEXT', 'LOCALIZED', 'COLUMN', 'DIVIDER', 'BOOKMARK', 'IFRAME', 'IFRAME', 'PDF', 'SLIDESHOW', 'YOUTUBE']);
    const [text, localized, column, , bookmark, iframe, insecure, pdf, slideshow, video] = view.nodes as ContentViewNode[];
    expect(text!.value).toBe('<p>Hallo <strong>Welt</strong></p>');
    expect(localized!.children.map((c) => c.value)).toEqual(['<p>English</p>']);
    expect(column!.size).toBe(3);
    expect(column!.children.map((c) => [c.type, c.link, c.newWindow])).toEqual([
      ['TEXT', null, false],
      ['IMAGE', 'mailto:info@acme.example', true],
      // a link that is no web or e-mail address never reaches the page
      ['IMAGE', null, false],
    ]);
    expect(column!.children[1]!.fileUrl).toBe(`/files/${w.picture.id}`);
    // the picture of the linked site is not ours: the page loads nothing from third parties
    expect(bookmark).toMatchObject({ value: 'https://acme.example/produkt', ogTitle: 'Produkt', ogDescription: 'Beschreibung', ogImage: null });
    expect(iframe!.value).toBe('https://maps.example/embed');
    expect(insecure!.value).toBeNull();
    expect(pdf!.fileUrl).toBe(`/files/${w.picture.id}`);
    expect(slideshow!.children.map((c) => c.name)).toEqual(['Eins', 'Zwei']);
    expect(video).toMatchObject({ value: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', thumbnailUrl: null });

    const german = await callRoute(t, oldContent.loader, { url: `/old/content/${w.pub.slug}?lang=de`, params: { slug: w.pub.slug } });
    expect(((german.data as ViewData).view.nodes[1]!.children[0]!.value)).toBe('<p>Deutsch</p>');
  });

  it('LOGGED_IN: to the login (coming back here) without a session; any logged-in user sees it', async () => {
    const anon = await visit(w.loggedIn.slug);
    expect(anon).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(`/old/content/${w.loggedIn.slug}`)}` });
    expect((await visit(w.loggedIn.slug, w.stranger.id)).status).toBe(200);
  });

  it('TOKEN: members and holders of a permission of this group; others to the key page, the logged-out to the login', async () => {
    const back = encodeURIComponent(`/old/content/${w.token.slug}`);
    expect(await visit(w.token.slug)).toMatchObject({ status: 302, location: `/login?next=${back}` });
    expect((await visit(w.token.slug, w.admin.id)).status).toBe(200);
    expect((await visit(w.token.slug, w.groupHolder.id)).status).toBe(200);
    expect(await visit(w.token.slug, w.stranger.id)).toMatchObject({ status: 302, location: `/token?next=${back}` });
    // issue 25, hole 1: a key of another object of the organisation (its convention) opens nothing here
    expect(await visit(w.token.slug, w.holder.id)).toMatchObject({ status: 302, location: `/token?next=${back}` });
    // a suspended permission of the organisation's convention opens nothing here: the key page again
    expect(await visit(w.token.slug, w.suspended.id)).toMatchObject({ status: 302, location: `/token?next=${back}` });
    // suspended on the group: another key of the organisation does not get them back in
    expect(await visit(w.token.slug, w.groupSuspended.id)).toMatchObject({ status: 302, location: `/token?next=${back}` });
    // GraphQL answers the same
    const gql = async (userId: string) =>
      (await t.graphql<{ content: { id: string } | null }>(`query($slug: String) { content(slug: $slug) { id } }`, { slug: w.token.slug }, {
        headers: { Authorization: `JWT ${await t.accessToken(userId)}` },
      })).body;
    expect((await gql(w.groupHolder.id)).data?.content?.id).toBe(w.token.id);
    expect((await gql(w.stranger.id)).errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    expect((await gql(w.holder.id)).errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    expect((await gql(w.groupSuspended.id)).errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
  });

  it('an unknown slug is 404', async () => {
    expect((await visit('gibt-es-nicht')).status).toBe(404);
  });
});

describe('/contentpool/preview', () => {
  const open = (query: string, userId: string | null) => callRoute(t, preview.loader, { url: `/contentpool/preview?${query}`, userId });

  it('shows a group of the viewer’s organisation by slug or id, whatever its access type, at phone or desktop width', async () => {
    const bySlug = await open(`slug=${w.token.slug}&width=phone`, w.admin.id);
    expect(bySlug).toMatchObject({ status: 200, data: { width: 'phone', view: { slug: w.token.slug } } });
    const byId = await open(`id=${w.pub.id}`, w.admin.id);
    expect(byId).toMatchObject({ status: 200, data: { width: 'desktop', view: { id: w.pub.id } } });
  });

  it('another organisation’s group shows as its visitors see it (the route is public, tests/integration/content-preview.test.ts); a missing one or a broken id is 404', async () => {
    expect(await open(`slug=${w.foreign.slug}`, w.admin.id)).toMatchObject({ status: 200, data: { editor: false } });
    expect(await open(`slug=${w.token.slug}`, w.stranger.id)).toMatchObject({ status: 302, location: `/token?next=${encodeURIComponent(`/contentpool/preview?slug=${w.token.slug}`)}` });
    expect((await open(`id=not-a-uuid`, w.admin.id)).status).toBe(404);
    expect((await open('', w.admin.id)).status).toBe(404);
    expect(await open(`slug=${w.pub.slug}`, w.lacking.id)).toMatchObject({ status: 200, data: { editor: false } });
  });
});

describe('/html/{contentslug}: the snippet for the organisation’s website', () => {
  const snippet = (slug: string, userId: string | null) =>
    callRoute(t, html.loader, { url: `/html/${slug}`, params: { contentslug: slug }, userId });

  it('is self-contained: inline styles, absolute URLs to our files, no scripts and no javascript: links, even from hostile input', async () => {
    // rich text goes through the sanitiser of the content service (both doors)
    const headers = { Authorization: `JWT ${await t.accessToken(w.admin.id)}` };
    const made = await t.graphql<{ contentObjectCreate: { error: unknown } }>(
      `mutation($g: ID!, $input: ContentObjectInput!) { contentObjectCreate(groupId: $g, type: TEXT, input: $input) { error { code } } }`,
      { g: w.pub.id, input: { value: '<p onclick="alert(1)">Hi<script>alert(1)</script><a href="javascript:alert(2)">x</a><img src="/files/abc"></p>' } },
      { headers },
    );
    expect(made.body.data?.contentObjectCreate.error).toBeNull();

    const res = await snippet(w.pub.slug, w.admin.id);
    expect(res.status).toBe(200);
    const { html: code } = res.data as { html: string };
    expect(code).not.toMatch(/<script/i);
    expect(code).not.toMatch(/javascript:/i);
    expect(code).not.toMatch(/\son[a-z]+=/i);
    expect(code).toContain(`src="http://localhost/files/${w.picture.id}"`);
    expect(code).toContain('href="mailto:info@acme.example" target="_blank" rel="noopener noreferrer"');
    expect(code).toContain('sandbox="allow-scripts allow-same-origin allow-popups allow-forms"');
    expect(code).not.toContain('tracker.example');
    expect(code).toContain('style="');
    // the root-relative file in the rich text became absolute
    expect(code).not.toMatch(/(src|href)="\/[^/]/);
  });

  it('follows the language asked for (LOCALIZED objects and its own words), else the editor’s', async () => {
    const english = await callRoute(t, html.loader, { url: `/html/${w.pub.slug}`, params: { contentslug: w.pub.slug }, userId: w.admin.id });
    expect(english.data).toMatchObject({ language: 'EN' });
    expect((english.data as { html: string }).html).toContain('<p>English</p>');
    expect((english.data as { html: string }).html).toContain('Download Broschüre (PDF)');
    const german = await callRoute(t, html.loader, { url: `/html/${w.pub.slug}?language=de`, params: { contentslug: w.pub.slug }, userId: w.admin.id });
    expect(german.data).toMatchObject({ language: 'DE' });
    expect((german.data as { html: string }).html).toContain('<p>Deutsch</p>');
    expect((german.data as { html: string }).html).toContain('Broschüre herunterladen (PDF)');
  });

  it('is 404 for another organisation’s group', async () => {
    expect((await snippet(w.foreign.slug, w.admin.id)).status).toBe(404);
    expect((await snippet(w.pub.slug, w.stranger.id)).status).toBe(404);
  });
});

describe('the stand’s reference point shows its linked group', () => {
  async function fairWithGroup(objects: number) {
    const db = t.app.db;
    const group = await createContentGroup(db, { organization_id: w.acme.id, permission_type: 'PUBLIC' });
    await createContentObject(db, { group_id: group.id, type: 'YOUTUBE', value: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', name: 'Film' });
    const rows: Record<string, unknown>[] = [];
    for (let i = 1; rows.length < objects - 1; i += 1) {
      const column = await createContentObject(db, { group_id: group.id, type: 'COLUMN', size: 2, value: null, sort: i });
      rows.push({});
      for (let j = 0; j < 4 && rows.length < objects - 1; j += 1) {
        rows.push({ organization_id: w.acme.id, group_id: group.id, parent_id: column.id, type: 'TEXT', value: `<p>${i}.${j}</p>`, sort: j });
      }
    }
    const children = rows.filter((r) => 'group_id' in r);
    if (children.length) await db('content_objects').insert(children);
    const stand = await createStand(db, { organization_id: w.acme.id });
    const node = await createStandNode(db, { stand_id: stand.id, language: 'EN' });
    await createPoint(db, { node_id: node.id, kind: 'REFERENCE', slug: 'produkte', name: 'Produkte', content_group_id: group.id });
    const fair = await createExhibition(db, { organization_id: w.acme.id, stand_id: stand.id, permission_type: 'PUBLIC' });
    const total = Number((await db('content_objects').where({ group_id: group.id }).count({ n: '*' }))[0]!.n);
    return { fair, group, total };
  }

  const open = (slug: string) => callRoute(t, rp.loader, { url: `/exhibition/${slug}/rp/produkte`, params: { slug, rpslug: 'produkte' } });

  it('renders the group in the panel with the same number of statements for 6 objects and for 200', async () => {
    const small = await fairWithGroup(6);
    const big = await fairWithGroup(200);
    expect(big.total).toBe(200);
    const first = await countStatements(t, () => open(small.fair.slug));
    const second = await countStatements(t, () => open(big.fair.slug));
    expect(first.result.status).toBe(200);
    expect(second.result.status).toBe(200);
    const point = (second.result.data as { point: { content: ContentView | null } }).point;
    expect(point.content?.slug).toBe(big.group.slug);
    const count = (nodes: ContentViewNode[]): number => nodes.reduce((sum, n) => sum + 1 + count(n.children), 0);
    expect(count(point.content!.nodes)).toBe(200);
    expect(second.count).toBe(first.count);
  });

  it('shows a TOKEN group to holders of a permission of that group only', async () => {
    const { fair, group } = await fairWithGroup(2);
    await t.app.db('content_groups').where({ id: group.id }).update({ permission_type: 'TOKEN' });
    await t.app.db('object_permissions').insert({ organization_id: w.acme.id, content_group_id: group.id, user_id: w.groupHolder.id });
    const as = async (userId: string) =>
      ((await callRoute(t, rp.loader, { url: `/exhibition/${fair.slug}/rp/produkte`, params: { slug: fair.slug, rpslug: 'produkte' }, userId })).data as {
        point: { content: ContentView | null };
      }).point.content;
    expect((await as(w.groupHolder.id))?.id).toBe(group.id);
    expect((await as(w.admin.id))?.id).toBe(group.id);
    // a key of the organisation's convention is not a key of this group (issue 25, hole 1)
    expect(await as(w.holder.id)).toBeNull();
    expect(await as(w.stranger.id)).toBeNull();
    expect(await as(w.suspended.id)).toBeNull();
  });

  it('leaves a group out that the visitor may not see (LOGGED_IN for a logged-out visitor)', async () => {
    const { fair, group } = await fairWithGroup(2);
    await t.app.db('content_groups').where({ id: group.id }).update({ permission_type: 'LOGGED_IN' });
    const res = await open(fair.slug);
    expect(res.status).toBe(200);
    expect((res.data as { point: { content: unknown } }).point.content).toBeNull();
  });
});

describe('GraphQL: contentContactInformation and settings', () => {
  it('gives the organisation’s public contact data for a group the viewer may see, else the access error', async () => {
    const query = `query($slug: String) { contentContactInformation(slug: $slug) { organizationName email supportUrl address { city } } }`;
    const open = await t.graphql<{ contentContactInformation: Record<string, unknown> }>(query, { slug: w.pub.slug });
    expect(open.body.data?.contentContactInformation).toEqual({
      organizationName: 'Acme Messebau',
      email: 'info@acme.example',
      supportUrl: 'https://acme.example/support',
      address: { city: 'Köln' },
    });
    const closed = await t.graphql(query, { slug: w.loggedIn.slug });
    expect(closed.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const missing = await t.graphql(query, { slug: 'gibt-es-nicht' });
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('answers allow-listed public settings by key and leaves anything else out', async () => {
    const res = await t.graphql<{ settings: { key: string; value: string }[] }>(`query($keys: [String!]!) { settings(keys: $keys) { key value } }`, {
      keys: ['PRODUCT_NAME', 'default_language', 'MAX_UPLOAD_MB', 'DATABASE_URL', 'SESSION_SECRET', '__proto__'],
    });
    expect(res.body.data?.settings).toEqual([
      { key: 'PRODUCT_NAME', value: 'Fairplatform' },
      { key: 'DEFAULT_LANGUAGE', value: 'EN' },
      { key: 'MAX_UPLOAD_MB', value: '20' },
    ]);
    const tooMany = await t.graphql(`query($keys: [String!]!) { settings(keys: $keys) { key } }`, { keys: Array.from({ length: 51 }, (_, i) => `K${i}`) });
    expect(tooMany.body.errors?.[0]?.extensions?.code).toBe('INVALID');
  });
});

describe('a YOUTUBE object’s picture', () => {
  it('is fetched once when the link is saved and shown to visitors from our storage', async () => {
    const requests: string[] = [];
    const site = createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url === '/vi/aqz-KE-bpKQ/maxresdefault.jpg') {
        const body = png(1280, 720);
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length });
        return res.end(body);
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const app = await createTestApp({ env: { VIDEO_THUMBNAIL_ORIGIN: `http://127.0.0.1:${(site.address() as AddressInfo).port}` } });
    try {
      const db = app.app.db;
      const org = await createOrganization(db, { suites: Package.BASIC });
      const user = await createUser(db, { default_language: 'EN' });
      await addMember(db, org.id, user.id, { role: 'admin', isOwner: true });
      const group = await createContentGroup(db, { organization_id: org.id, permission_type: 'PUBLIC' });
      const made = await app.graphql<{ contentObjectCreate: { error: unknown } }>(
        `mutation($g: ID!, $input: ContentObjectInput!) { contentObjectCreate(groupId: $g, type: YOUTUBE, input: $input) { error { code } } }`,
        { g: group.id, input: { name: 'Film', value: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' } },
        { headers: { Authorization: `JWT ${await app.accessToken(user.id)}` } },
      );
      expect(made.body.data?.contentObjectCreate.error).toBeNull();
      expect(requests).toEqual(['/vi/aqz-KE-bpKQ/maxresdefault.jpg']);
      const page = await callRoute(app, oldContent.loader, { url: `/old/content/${group.slug}`, params: { slug: group.slug } });
      expect((page.data as ViewData).view.nodes[0]!.thumbnailUrl).toMatch(/^\/files\/[0-9a-f-]{36}$/);
      // the visitor's page asked the video site nothing
      expect(requests).toHaveLength(1);
    } finally {
      await app.close();
      await new Promise((resolve) => site.close(resolve));
    }
  });
});
