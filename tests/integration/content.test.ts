import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import { createGroup, listGroups } from '~/server/services/content/groups';
import { createObject } from '~/server/services/content/objects';
import { isDomainError } from '~/server/services/errors';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  addMember,
  createContentGroup,
  createContentObject,
  createFile,
  createOrganization,
  createPoint,
  createStand,
  createStandNode,
  createUser,
} from '../fixtures/factories';

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;

async function world() {
  const db = t.app.db;
  const acme = await createOrganization(db, { suites: Package.BASIC });
  const other = await createOrganization(db, { suites: Package.BASIC });
  const noContent = await createOrganization(db, { suites: Feature.lead | Feature.userManagement });
  const en = { default_language: 'EN' };
  const admin = await createUser(db, en);
  const sales = await createUser(db, en);
  const stranger = await createUser(db, en);
  const lacking = await createUser(db, en);
  await addMember(db, acme.id, admin.id, { role: 'admin', isOwner: true });
  await addMember(db, acme.id, sales.id, { role: 'sales', sales: true });
  await addMember(db, other.id, stranger.id, { role: 'admin', isOwner: true });
  await addMember(db, noContent.id, lacking.id, { role: 'admin', isOwner: true });
  const picture = await createFile(db, { organization_id: acme.id });
  return { acme, other, admin, sales, stranger, lacking, picture };
}

async function as(userId: string | null): Promise<Record<string, string>> {
  return userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
}

type Err = { code: string; field: string | null; message: string } | null;

async function gql<T = Record<string, unknown>>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.graphql<T>(query, variables, { headers: await as(userId) });
  return res.body;
}

const GROUP = `id name slug liked hasChildren permissionType tags { id text }`;
const OBJECT = `id type name value link size language count languages availableLanguages parentId sort`;

async function newGroup(userId: string, name = `Gruppe ${Math.random().toString(36).slice(2, 8)}`) {
  const body = await gql<{ contentGroupCreate: { contentGroup: { id: string; slug: string }; error: Err } }>(
    userId,
    `mutation($name: String!) { contentGroupCreate(name: $name) { contentGroup { ${GROUP} } error { code field message } } }`,
    { name },
  );
  expect(body.data!.contentGroupCreate.error).toBeNull();
  return body.data!.contentGroupCreate.contentGroup;
}

async function addObject(userId: string, groupId: string, type: string, input: Record<string, unknown>, parentId: string | null = null) {
  const body = await gql<{ contentObjectCreate: { contentObject: Record<string, unknown> & { id: string }; error: Err; errors: Err[] } }>(
    userId,
    `mutation($g: ID!, $p: ID, $type: ContentObjectTypeEnum!, $input: ContentObjectInput!) {
      contentObjectCreate(groupId: $g, parentId: $p, type: $type, input: $input) { contentObject { ${OBJECT} } error { code field message } errors { code field message } } }`,
    { g: groupId, p: parentId, type, input },
  );
  return body.data!.contentObjectCreate;
}

async function tree(userId: string | null, slug: string) {
  const body = await gql<{ content: { children: Record<string, unknown>[] } | null }>(
    userId,
    `query($slug: String) { content(slug: $slug) { ${GROUP} children { ${OBJECT} children { ${OBJECT} } } objects { id parentId file { url } } } }`,
    { slug },
  );
  return body;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await world();
});
afterAll(() => t.close());

describe('content groups', () => {
  it('creates and renames a group; the name rules answer with their codes in the viewer language', async () => {
    const group = await newGroup(w.admin.id, 'Produktblätter 2026');
    expect(group.slug).toMatch(/^produktblaetter-2026/);
    const rename = async (name: string) =>
      (
        await gql<{ contentGroupRename: { contentGroup: { name: string } | null; error: Err } }>(
          w.admin.id,
          `mutation($id: ID!, $name: String!) { contentGroupRename(id: $id, name: $name) { contentGroup { name } error { code field message } } }`,
          { id: group.id, name },
        )
      ).data!.contentGroupRename;
    expect((await rename('  ')).error).toMatchObject({ code: 'NAME_IS_EMPTY', field: 'name', message: 'Please enter a name.' });
    expect((await rename('x'.repeat(101))).error).toMatchObject({ code: 'NAME_IS_TOO_BIG', field: 'name' });
    expect((await rename('<b>!!</b>')).error).toMatchObject({ code: 'NAME_INVALID', field: 'name' });
    expect((await rename('Broschüren')).contentGroup).toEqual({ name: 'Broschüren' });
  });

  it('the service door gives the same codes (German for a German viewer)', async () => {
    const ctx = await t.serviceContext(w.admin.id, 'DE');
    const error = await createGroup(ctx, { name: '' }).catch((e: unknown) => e);
    expect(isDomainError(error) && error.code).toBe('NAME_IS_EMPTY');
    expect((error as Error).message).toBe('Bitte geben Sie einen Namen ein.');
  });

  it('lists liked groups first, searches by name and filters by tag', async () => {
    const user = await createUser(t.app.db, { default_language: 'EN' });
    const org = await createOrganization(t.app.db, { suites: Package.BASIC });
    await addMember(t.app.db, org.id, user.id, { role: 'admin', isOwner: true });
    const a = await newGroup(user.id, 'Alpha');
    const b = await newGroup(user.id, 'Beta');
    await newGroup(user.id, 'Gamma');
    await gql(user.id, `mutation($id: ID!) { contentGroupLike(id: $id, liked: true) { contentGroup { liked } } }`, { id: b.id });
    const tagged = await gql<{ contentGroupTag: { contentGroup: { tags: { id: string; text: string }[] } } }>(
      user.id,
      `mutation($id: ID!) { contentGroupTag(id: $id, text: " Messe ") { contentGroup { tags { id text } } } }`,
      { id: a.id },
    );
    const tag = tagged.data!.contentGroupTag.contentGroup.tags[0]!;
    expect(tag.text).toBe('Messe');
    const list = async (args: Record<string, unknown> = {}) =>
      (
        await gql<{ contentgroupsOfOrganization: { name: string; liked: boolean }[] }>(
          user.id,
          `query($search: String, $tagId: ID) { contentgroupsOfOrganization(search: $search, tagId: $tagId) { name liked } }`,
          args,
        )
      ).data!.contentgroupsOfOrganization.map((g) => g.name);
    expect(await list()).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(await list({ search: 'amm' })).toEqual(['Gamma']);
    expect(await list({ search: '%' })).toEqual([]);
    expect(await list({ tagId: tag.id })).toEqual(['Alpha']);
    const tags = await gql<{ tags: { text: string }[] }>(user.id, `{ tags(type: "CONTENT") { text } }`);
    expect(tags.data!.tags).toEqual([{ text: 'Messe' }]);
    await gql(user.id, `mutation($id: ID!, $tag: ID!) { contentGroupUntag(id: $id, tagId: $tag) { contentGroup { id } } }`, { id: a.id, tag: tag.id });
    expect(await list({ tagId: tag.id })).toEqual([]);
    // the like is the viewer's own
    const ctx = await t.serviceContext(w.admin.id);
    expect((await listGroups(ctx)).some((g) => g.id === b.id)).toBe(false);
  });

  it('a group still linked cannot be deleted and names where it is used; a free one is deleted with its objects', async () => {
    const group = await newGroup(w.admin.id, 'Verlinkt');
    const stand = await createStand(t.app.db, { organization_id: w.acme.id, name: 'Messestand Nord' });
    const node = await createStandNode(t.app.db, { stand_id: stand.id });
    const point = await createPoint(t.app.db, { node_id: node.id, kind: 'REFERENCE', name: 'Produkte', content_group_id: group.id });
    const del = async () =>
      (
        await gql<{ contentGroupDelete: { ok: boolean; id: string | null; error: Err } }>(
          w.admin.id,
          `mutation($id: ID!) { contentGroupDelete(id: $id) { ok id error { code field message } } }`,
          { id: group.id },
        )
      ).data!.contentGroupDelete;
    const refused = await del();
    expect(refused.ok).toBe(false);
    expect(refused.error!.code).toBe('INVALID');
    expect(refused.error!.message).toContain('reference point "Produkte" of stand "Messestand Nord"');
    await t.app.db('points').where({ id: point.id }).update({ content_group_id: null });
    await addObject(w.admin.id, group.id, 'TEXT', { value: '<p>Hallo</p>' });
    expect(await del()).toMatchObject({ ok: true, id: group.id });
    expect(await t.app.db('content_objects').where({ group_id: group.id }).count('* as n').first()).toMatchObject({ n: 0 });
  });
});

describe('content objects', () => {
  it('stores TEXT sanitised: no scripts, handlers or javascript: links; empty after cleaning is VALUE_IS_EMPTY', async () => {
    const group = await newGroup(w.admin.id);
    const created = await addObject(w.admin.id, group.id, 'TEXT', {
      value: '<p onclick="steal()">Hallo <strong>Welt</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://example.org" target="_blank">y</a></p><img src=x onerror=alert(1)>',
    });
    expect(created.error).toBeNull();
    expect(created.contentObject.value).toBe(
      '<p>Hallo <strong>Welt</strong> <a>x</a> <a href="https://example.org" target="_blank" rel="noopener noreferrer">y</a></p>',
    );
    expect((await addObject(w.admin.id, group.id, 'TEXT', { value: '<script>alert(1)</script>' })).error).toMatchObject({
      code: 'VALUE_IS_EMPTY',
      field: 'value',
    });
    // GraphQL refuses a variable over 100,000 characters before it reaches the service (request hygiene)
    const ctx = await t.serviceContext(w.admin.id);
    const tooBig = await createObject(ctx, group.id, null, { type: 'TEXT', value: 'x'.repeat(100_001) }).catch((e: unknown) => e);
    expect(tooBig).toMatchObject({ code: 'VALUE_IS_TOO_BIG', field: 'value' });
  });

  it('link values must be web addresses, video links a known video site, image links a URL or an e-mail (saved as mailto:)', async () => {
    const group = await newGroup(w.admin.id);
    expect((await addObject(w.admin.id, group.id, 'BOOKMARK', { value: '' })).error).toMatchObject({ code: 'VALUE_IS_EMPTY' });
    expect((await addObject(w.admin.id, group.id, 'BOOKMARK', { value: 'javascript:alert(1)' })).error).toMatchObject({
      code: 'VALUE_IS_NOT_URL',
      field: 'value',
      message: 'Please enter a web address (https://…).',
    });
    expect((await addObject(w.admin.id, group.id, 'IFRAME', { value: `https://example.org/${'a'.repeat(2000)}` })).error).toMatchObject({
      code: 'VALUE_IS_TOO_BIG',
    });
    expect((await addObject(w.admin.id, group.id, 'YOUTUBE', { value: 'https://example.org/watch?v=1' })).error).toMatchObject({
      code: 'VALUE_IS_NOT_URL',
    });
    expect((await addObject(w.admin.id, group.id, 'YOUTUBE', { value: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' })).error).toBeNull();
    const image = await addObject(w.admin.id, group.id, 'IMAGE', { fileId: w.picture.id, link: ' info@example.org ' });
    expect(image.contentObject.link).toBe('mailto:info@example.org');
    expect((await addObject(w.admin.id, group.id, 'IMAGE', { fileId: w.picture.id, link: 'ftp://x' })).error).toMatchObject({
      code: 'VALUE_IS_NOT_URL',
      field: 'link',
    });
    expect((await addObject(w.admin.id, group.id, 'IMAGE', {})).error).toMatchObject({ code: 'VALUE_IS_EMPTY', field: 'fileId' });
    const foreign = await createFile(t.app.db, { organization_id: w.other.id });
    expect((await addObject(w.admin.id, group.id, 'PDF', { fileId: foreign.id })).error).toMatchObject({ code: 'INVALID', field: 'fileId' });
    const update = await gql<{ contentObjectUpdate: { contentObject: { link: string } | null; error: Err } }>(
      w.admin.id,
      `mutation($id: ID!) { contentObjectUpdate(id: $id, input: { link: "https://example.org/shop" }) { contentObject { link } error { code } } }`,
      { id: image.contentObject.id },
    );
    expect(update.data!.contentObjectUpdate).toEqual({ contentObject: { link: 'https://example.org/shop' }, error: null });
  });

  it('nests: a COLUMN (2 or 3 wide) holds objects, a LOCALIZED one child per language; wrong moves are NESTABLE_ERROR', async () => {
    const group = await newGroup(w.admin.id);
    expect((await addObject(w.admin.id, group.id, 'COLUMN', { size: 4 })).error).toMatchObject({ code: 'INVALID', field: 'size' });
    const column = (await addObject(w.admin.id, group.id, 'COLUMN', { size: 3 })).contentObject;
    const left = (await addObject(w.admin.id, group.id, 'TEXT', { value: 'Links' }, column.id)).contentObject;
    await addObject(w.admin.id, group.id, 'DIVIDER', {}, column.id);
    expect((await addObject(w.admin.id, group.id, 'COLUMN', {}, column.id)).error).toMatchObject({ code: 'NESTABLE_ERROR', field: 'parentId' });
    expect((await addObject(w.admin.id, group.id, 'TEXT', { value: 'x' }, left.id)).error).toMatchObject({ code: 'NESTABLE_ERROR' });

    const localized = (await addObject(w.admin.id, group.id, 'LOCALIZED', {})).contentObject;
    const de = (await addObject(w.admin.id, group.id, 'TEXT', { value: 'Hallo', language: 'DE' }, localized.id)).contentObject;
    expect((await addObject(w.admin.id, group.id, 'TEXT', { value: 'Hi', language: 'DE' }, localized.id)).error).toMatchObject({
      code: 'NESTABLE_ERROR',
      field: 'language',
    });
    expect((await addObject(w.admin.id, group.id, 'TEXT', { value: 'Hi' }, localized.id)).error).toMatchObject({ code: 'NESTABLE_ERROR' });
    const translated = await gql<{ contentObjectTranslate: { contentObject: { language: string; value: string } } }>(
      w.admin.id,
      `mutation($id: ID!) { contentObjectTranslate(id: $id, language: EN) { contentObject { language value } error { code } } }`,
      { id: de.id },
    );
    expect(translated.data!.contentObjectTranslate.contentObject).toEqual({ language: 'EN', value: 'Hallo' });

    const move = async (id: string, parentId: string) =>
      (
        await gql<{ contentObjectAddParent: { error: Err } }>(
          w.admin.id,
          `mutation($id: ID!, $p: ID!) { contentObjectAddParent(id: $id, parentId: $p) { contentObject { id } error { code field } } }`,
          { id, p: parentId },
        )
      ).data!.contentObjectAddParent.error;
    // a column into its own child, a LOCALIZED into a column: refused; the column into the LOCALIZED needs a language
    expect(await move(column.id, left.id)).toMatchObject({ code: 'NESTABLE_ERROR' });
    expect(await move(localized.id, column.id)).toMatchObject({ code: 'NESTABLE_ERROR' });

    const { data } = await tree(w.admin.id, group.slug);
    const [col, loc] = data!.content!.children as { type: string; count: number; children: { type: string; language: string }[]; languages: string[]; availableLanguages: string[] }[];
    expect(col).toMatchObject({ type: 'COLUMN', count: 2 });
    expect(col!.children.map((c) => c.type)).toEqual(['TEXT', 'DIVIDER']);
    expect(loc).toMatchObject({ type: 'LOCALIZED', languages: ['DE', 'EN'], availableLanguages: [] });
    const localizedBody = await gql<{ localizedContent: { children: { children: { value: string }[] }[] } }>(
      w.admin.id,
      `query($slug: String!) { localizedContent(slug: $slug, lang: EN) { children { type children { value language } } } }`,
      { slug: group.slug },
    );
    expect(localizedBody.data!.localizedContent.children[1]!.children).toEqual([{ value: 'Hallo', language: 'EN' }]);
  });

  it('updateOrder orders the children of one parent; ids of two parents or a partial list are INVALID', async () => {
    const group = await newGroup(w.admin.id);
    const column = (await addObject(w.admin.id, group.id, 'COLUMN', {})).contentObject;
    const a = (await addObject(w.admin.id, group.id, 'TEXT', { value: 'A' }, column.id)).contentObject;
    const b = (await addObject(w.admin.id, group.id, 'TEXT', { value: 'B' }, column.id)).contentObject;
    const c = (await addObject(w.admin.id, group.id, 'TEXT', { value: 'C' }, column.id)).contentObject;
    const top = (await addObject(w.admin.id, group.id, 'DIVIDER', {})).contentObject;
    const order = async (ids: string[]) =>
      (
        await gql<{ updateOrder: { ok: boolean; error: Err } }>(
          w.admin.id,
          `mutation($ids: [ID!]!) { updateOrder(ids: $ids) { ok error { code field } } }`,
          { ids },
        )
      ).data!.updateOrder;
    expect(await order([a.id, top.id, b.id])).toMatchObject({ ok: false, error: { code: 'INVALID', field: 'ids' } });
    expect(await order([a.id, b.id])).toMatchObject({ ok: false, error: { code: 'INVALID' } });
    expect(await order([c.id, a.id, b.id])).toEqual({ ok: true, error: null });
    const { data } = await tree(w.admin.id, group.slug);
    const children = (data!.content!.children[0] as { children: { value: string }[] }).children;
    expect(children.map((x) => x.value)).toEqual(['C', 'A', 'B']);
  });

  it('reads a tree of 200 objects with the same number of queries as a tree of 3', async () => {
    const countQueries = async (slug: string) => {
      let n = 0;
      const listener = () => {
        n += 1;
      };
      t.app.db.on('query', listener);
      try {
        const body = await tree(w.admin.id, slug);
        expect(body.errors).toBeUndefined();
      } finally {
        t.app.db.removeListener('query', listener);
      }
      return n;
    };
    const small = await createContentGroup(t.app.db, { organization_id: w.acme.id });
    const column = await createContentObject(t.app.db, { group_id: small.id, type: 'COLUMN', size: 2, value: null });
    await createContentObject(t.app.db, { group_id: small.id, parent_id: column.id });
    await createContentObject(t.app.db, { group_id: small.id, type: 'IMAGE', value: null, file_id: w.picture.id });
    const big = await createContentGroup(t.app.db, { organization_id: w.acme.id });
    for (let i = 0; i < 40; i += 1) {
      const col = await createContentObject(t.app.db, { group_id: big.id, type: 'COLUMN', size: 2, value: null, sort: i });
      for (let j = 0; j < 4; j += 1) {
        await createContentObject(t.app.db, {
          group_id: big.id,
          parent_id: col.id,
          sort: j,
          ...(j === 0 ? { type: 'IMAGE', value: null, file_id: w.picture.id } : {}),
        });
      }
    }
    expect(await t.app.db('content_objects').where({ group_id: big.id }).count('* as n').first()).toMatchObject({ n: 200 });
    const few = await countQueries(small.slug);
    expect(await countQueries(big.slug)).toBe(few);
  });
});

describe('who may', () => {
  it('another organisation sees NOT_FOUND, a sales user, an organisation without the content feature PERMISSION_DENIED, anonymous UNAUTHENTICATED', async () => {
    const group = await newGroup(w.admin.id);
    const rename = (userId: string | null) =>
      gql<{ contentGroupRename: { error: Err } }>(
        userId,
        `mutation($id: ID!) { contentGroupRename(id: $id, name: "Neu") { contentGroup { id } error { code } } }`,
        { id: group.id },
      );
    expect((await rename(w.stranger.id)).data!.contentGroupRename.error).toMatchObject({ code: 'NOT_FOUND' });
    expect((await rename(w.sales.id)).data!.contentGroupRename.error).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect((await rename(w.lacking.id)).data!.contentGroupRename.error).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect((await rename(null)).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const list = await gql(w.sales.id, `{ contentgroupsOfOrganization { id } }`);
    expect(list.errors![0]!.extensions!.code).toBe('PERMISSION_DENIED');
    const ids = await gql(w.stranger.id, `query($o: ID!) { contentGroupIds(organizationId: $o) }`, { o: w.acme.id });
    expect(ids.errors![0]!.extensions!.code).toBe('PERMISSION_DENIED');
    const own = await gql<{ contentGroupIds: string[] }>(w.admin.id, `query($o: ID!) { contentGroupIds(organizationId: $o) }`, { o: w.acme.id });
    expect(own.data!.contentGroupIds).toContain(group.id);
    const created = await addObject(w.stranger.id, group.id, 'DIVIDER', {});
    expect(created.error).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('visitors read a group by its access type: PUBLIC anyone, LOGGED_IN logged-in users', async () => {
    const group = await newGroup(w.admin.id);
    await addObject(w.admin.id, group.id, 'TEXT', { value: 'Öffentlich' });
    expect((await tree(null, group.slug)).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    expect((await tree(w.stranger.id, group.slug)).data!.content!.children).toHaveLength(1);
    await gql(w.admin.id, `mutation($id: ID!) { contentGroupPermissionUpdate(id: $id, permissionType: TOKEN) { contentGroup { id } } }`, { id: group.id });
    expect((await tree(w.stranger.id, group.slug)).errors![0]!.extensions!.code).toBe('PERMISSION_DENIED');
    await gql(w.admin.id, `mutation($id: ID!) { contentGroupPermissionUpdate(id: $id, permissionType: PUBLIC) { contentGroup { id } } }`, { id: group.id });
    expect((await tree(null, group.slug)).data!.content!.children).toHaveLength(1);
    expect((await tree(null, 'no-such-group')).errors![0]!.extensions!.code).toBe('NOT_FOUND');
  });
});

describe('addJson', () => {
  it('imports what generatedJson exports, and refuses an invalid import whole', async () => {
    const group = await newGroup(w.admin.id, 'Vorlage');
    const column = (await addObject(w.admin.id, group.id, 'COLUMN', { size: 2 })).contentObject;
    await addObject(w.admin.id, group.id, 'TEXT', { value: '<p>Eins</p>' }, column.id);
    await addObject(w.admin.id, group.id, 'IMAGE', { fileId: w.picture.id, link: 'https://example.org' }, column.id);
    const exported = await gql<{ content: { generatedJson: string } }>(w.admin.id, `query($id: ID) { content(id: $id) { generatedJson } }`, { id: group.id });
    const json = exported.data!.content.generatedJson;
    const imported = await gql<{ addJson: { contentGroup: { id: string; slug: string; name: string } | null; error: Err; errors: Err[] } }>(
      w.admin.id,
      `mutation($json: String!, $name: String) { addJson(json: $json, name: $name) { contentGroup { id slug name } error { code field } errors { code field } } }`,
      { json, name: 'Kopie' },
    );
    expect(imported.data!.addJson.error).toBeNull();
    const copy = imported.data!.addJson.contentGroup!;
    const again = await gql<{ content: { generatedJson: string } }>(w.admin.id, `query($id: ID) { content(id: $id) { generatedJson } }`, { id: copy.id });
    expect({ ...JSON.parse(again.data!.content.generatedJson), name: 'Vorlage' }).toEqual(JSON.parse(json));

    const before = await t.app.db('content_groups').count('* as n').first();
    const bad = JSON.parse(json);
    bad.children[0].children.push({ type: 'BOOKMARK', value: 'not a url' }, { type: 'COLUMN' });
    const refused = await gql<{ addJson: { contentGroup: null; errors: Err[] } }>(
      w.admin.id,
      `mutation($json: String!) { addJson(json: $json) { contentGroup { id } errors { code field } } }`,
      { json: JSON.stringify(bad) },
    );
    expect(refused.data!.addJson.contentGroup).toBeNull();
    expect(refused.data!.addJson.errors).toEqual([
      { code: 'VALUE_IS_NOT_URL', field: 'json.children.0.children.2.value' },
      { code: 'NESTABLE_ERROR', field: 'json.children.0.children.3.type' },
    ]);
    const shape = await gql<{ addJson: { errors: Err[] } }>(w.admin.id, `mutation { addJson(json: "{\\"version\\":2}") { errors { code field } } }`);
    expect(shape.data!.addJson.errors![0]).toMatchObject({ code: 'INVALID' });
    expect(await t.app.db('content_groups').count('* as n').first()).toEqual(before);
  });
});
