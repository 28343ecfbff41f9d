import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import * as builder from '~/routes/_console.contentpool.builder.$slug/route';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute, type RouteOutcome } from '../helpers/routes';
import { addMember, createContentGroup, createContentObject, createFile, createOrganization, createUser } from '../fixtures/factories';
import { pdf, png } from './files-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function world() {
  const db = t.app.db;
  const org = await createOrganization(db, { suites: Package.BASIC });
  const admin = await createUser(db, { default_language: 'EN' });
  const sales = await createUser(db, { default_language: 'EN' });
  await addMember(db, org.id, admin.id, { role: 'admin', isOwner: true });
  await addMember(db, org.id, sales.id, { role: 'sales', sales: true });
  const group = await createContentGroup(db, { organization_id: org.id, name: 'Produkte' });
  return { org, admin, sales, group };
}

type Node = { id: string; type: string; name: string; value: string | null; link: string | null; size: number | null; language: string | null; fileId: string | null; children: Node[] };
type Page = { group: { id: string; name: string; previewUrl: string | null; tags: { id: string; text: string }[] }; tree: Node[] };
type Answer = { form?: string; error?: string; result?: { error?: Record<string, string[] | null> } };

function pageOf(w: Awaited<ReturnType<typeof world>>, userId = w.admin.id) {
  const url = `/contentpool/builder/${w.group.slug}`;
  const params = { slug: w.group.slug };
  return {
    url,
    load: async () => (await callRoute(t, builder.loader, { url, userId, params })).data as Page,
    post: (form: Record<string, string | File | (string | File)[]>) => callRoute(t, builder.action, { url, userId, params, form }),
  };
}

/** The messages the action put at one field of its answer. */
function errorsAt(outcome: RouteOutcome, field: string): string[] {
  return ((outcome.data as Answer).result?.error?.[field] ?? []) as string[];
}

const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describe('/contentpool/builder/{slug} (page door)', () => {
  it('renames the group and tags it; the name rules answer at the field', async () => {
    const w = await world();
    const page = pageOf(w);
    expect(await page.post({ intent: 'rename', name: 'Produktblätter' })).toMatchObject({ status: 302, location: page.url, toast: { key: 'builder:group.renamed' } });
    expect((await page.load()).group.name).toBe('Produktblätter');

    const empty = await page.post({ intent: 'rename', name: '  ' });
    expect(empty.status).toBe(400);
    expect(errorsAt(empty, 'name')).toEqual(['Please enter a name.']);
    const tooBig = await page.post({ intent: 'rename', name: 'x'.repeat(150) });
    expect(errorsAt(tooBig, 'name')[0]).toContain('too long');
    const invalid = await page.post({ intent: 'rename', name: '<b>' });
    expect(errorsAt(invalid, 'name')[0]).toContain('letter or digit');

    expect(await page.post({ intent: 'tag', text: ' Messe 2026 ' })).toMatchObject({ status: 302, toast: { key: 'builder:tags.added', values: { text: 'Messe 2026' } } });
    const [tag] = (await page.load()).group.tags;
    expect(tag!.text).toBe('Messe 2026');
    const badTag = await page.post({ intent: 'tag', text: 'x'.repeat(60) });
    expect(errorsAt(badTag, 'text')).toEqual(['A tag needs 1 to 50 characters.']);
    expect(await page.post({ intent: 'untag', tagId: tag!.id })).toMatchObject({ status: 302, toast: { key: 'builder:tags.removed' } });
    expect((await page.load()).group.tags).toEqual([]);
  });

  it('adds, edits and deletes objects of every kind; each rule answers at its field', async () => {
    const w = await world();
    const page = pageOf(w);

    // TEXT: sanitised on the server; empty after cleaning is VALUE_IS_EMPTY at value
    expect(await page.post({ intent: 'create', type: 'TEXT', name: 'Intro', value: '<p>Hallo <b>Welt</b><script>alert(1)</script></p>' })).toMatchObject({
      status: 302,
      toast: { key: 'builder:object.created', values: { type: 'Text' } },
    });
    const onlyScript = await page.post({ intent: 'create', type: 'TEXT', value: '<script>alert(1)</script>' });
    expect(onlyScript.status).toBe(400);
    expect(errorsAt(onlyScript, 'value')).toEqual(['Please enter a value.']);

    // links: VALUE_IS_NOT_URL, VALUE_IS_TOO_BIG, unknown video site
    expect(errorsAt(await page.post({ intent: 'create', type: 'BOOKMARK', value: 'javascript:alert(1)' }), 'value')).toEqual(['Please enter a web address (https://…).']);
    expect(errorsAt(await page.post({ intent: 'create', type: 'IFRAME', value: `https://example.com/${'a'.repeat(2100)}` }), 'value')[0]).toContain('too long');
    expect(errorsAt(await page.post({ intent: 'create', type: 'YOUTUBE', value: 'https://example.com/video' }), 'value')[0]).toContain('YouTube or Vimeo');
    expect(await page.post({ intent: 'create', type: 'YOUTUBE', value: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).toMatchObject({ status: 302 });

    // IMAGE: a file is required; its link takes a web or e-mail address (saved as mailto:)
    const picture = await createFile(t.app.db, { organization_id: w.org.id });
    const foreign = await createFile(t.app.db, { organization_id: (await createOrganization(t.app.db)).id });
    expect(errorsAt(await page.post({ intent: 'create', type: 'IMAGE', link: 'https://example.com' }), 'fileId')).toEqual(['Please choose a file.']);
    expect(errorsAt(await page.post({ intent: 'create', type: 'IMAGE', fileId: foreign.id }), 'fileId')).toEqual(['The file was not found.']);
    expect(errorsAt(await page.post({ intent: 'create', type: 'IMAGE', fileId: picture.id, link: 'not a link' }), 'link')).toEqual([
      'Please enter a web address or an e-mail address.',
    ]);
    expect(await page.post({ intent: 'create', type: 'IMAGE', name: 'Kontakt', fileId: picture.id, link: 'info@example.com', openLinkInNewWindow: 'on' })).toMatchObject({ status: 302 });

    // COLUMN: size 2 or 3 (INVALID at size), children go into it
    expect(errorsAt(await page.post({ intent: 'create', type: 'COLUMN', size: '4' }), 'size')).toEqual(['A column can only be 2 or 3 wide.']);
    expect(await page.post({ intent: 'create', type: 'COLUMN', name: 'Spalten', size: '3' })).toMatchObject({ status: 302 });
    let nodes = flat((await page.load()).tree);
    const column = nodes.find((n) => n.type === 'COLUMN')!;
    expect(column.size).toBe(3);
    await page.post({ intent: 'create', type: 'TEXT', parentId: column.id, value: '<p>links</p>' });
    await page.post({ intent: 'create', type: 'DIVIDER', parentId: column.id });

    const image = nodes.find((n) => n.type === 'IMAGE')!;
    expect(image.link).toBe('mailto:info@example.com');
    expect(nodes.find((n) => n.name === 'Intro')!.value).toBe('<p>Hallo <b>Welt</b></p>');

    // edit: the link is cleared when the field is left empty; the rules apply again
    expect(await page.post({ intent: 'update', id: image.id, type: 'IMAGE', name: 'Kontaktbild', fileId: picture.id })).toMatchObject({
      status: 302,
      toast: { key: 'builder:object.saved' },
    });
    const text = nodes.find((n) => n.name === 'Intro')!;
    const emptied = await page.post({ intent: 'update', id: text.id, type: 'TEXT', name: 'Intro', value: '' });
    expect(errorsAt(emptied, 'value')).toEqual(['Please enter a value.']);
    const tooLongName = await page.post({ intent: 'update', id: text.id, type: 'TEXT', name: 'n'.repeat(300), value: '<p>x</p>' });
    expect(errorsAt(tooLongName, 'name')[0]).toContain('too long');

    nodes = flat((await page.load()).tree);
    expect(nodes.find((n) => n.id === image.id)).toMatchObject({ name: 'Kontaktbild', link: null });
    expect(nodes.find((n) => n.id === column.id)!.children.map((c) => c.type)).toEqual(['TEXT', 'DIVIDER']);

    // delete asks first (without JavaScript), then deletes the object with its children
    const ask = await page.post({ intent: 'delete', id: column.id, name: 'Spalten' });
    expect(ask).toMatchObject({ status: 200, data: { confirm: { intent: 'delete', id: column.id, name: 'Spalten' } } });
    expect(await page.post({ intent: 'delete', id: column.id, name: 'Spalten', confirmed: 'yes' })).toMatchObject({
      status: 302,
      toast: { key: 'builder:object.deleted' },
    });
    expect(flat((await page.load()).tree).some((n) => n.type === 'COLUMN' || n.type === 'DIVIDER')).toBe(false);
  });

  it('moves objects into and out of containers, translates LOCALIZED children and orders siblings', async () => {
    const w = await world();
    const page = pageOf(w);
    await page.post({ intent: 'create', type: 'LOCALIZED', name: 'Sprachen' });
    await page.post({ intent: 'create', type: 'SLIDESHOW', name: 'Bilder' });
    await page.post({ intent: 'create', type: 'TEXT', name: 'Frei', value: '<p>frei</p>' });
    let nodes = flat((await page.load()).tree);
    const localized = nodes.find((n) => n.type === 'LOCALIZED')!;
    const slideshow = nodes.find((n) => n.type === 'SLIDESHOW')!;
    const free = nodes.find((n) => n.name === 'Frei')!;

    // one child per language: a second DE child is NESTABLE_ERROR at language
    expect(await page.post({ intent: 'create', type: 'TEXT', parentId: localized.id, language: 'DE', value: '<p>Hallo</p>' })).toMatchObject({ status: 302 });
    const taken = await page.post({ intent: 'create', type: 'TEXT', parentId: localized.id, language: 'DE', value: '<p>Nochmal</p>' });
    expect(taken.status).toBe(400);
    expect(errorsAt(taken, 'language')).toEqual(['There is already a child for this language.']);
    // a TEXT is no slide: NESTABLE_ERROR at parentId
    const noSlide = await page.post({ intent: 'create', type: 'TEXT', parentId: slideshow.id, value: '<p>x</p>' });
    expect(errorsAt(noSlide, 'parentId')).toEqual(['This object cannot be placed there.']);

    nodes = flat((await page.load()).tree);
    const german = nodes.find((n) => n.language === 'DE')!;
    expect(await page.post({ intent: 'translate', id: german.id, language: 'EN' })).toMatchObject({ status: 302, toast: { key: 'builder:object.translated' } });
    expect(flat((await page.load()).tree).find((n) => n.id === localized.id)!.children.map((c) => c.language)).toEqual(['DE', 'EN']);
    expect((await page.post({ intent: 'translate', id: german.id, language: 'XX' })).status).toBe(400);

    // moving a TEXT into a slideshow is refused with the rule's message; into the top level and back works
    const refused = await page.post({ intent: 'moveTo', id: free.id, parentId: slideshow.id });
    expect(refused).toMatchObject({ status: 302, toast: { type: 'error', values: { message: 'This object cannot be placed there.' } } });
    expect(await page.post({ intent: 'moveTo', id: german.id, parentId: '' })).toMatchObject({ status: 302, toast: { key: 'builder:object.movedOut' } });
    expect((await page.load()).tree.map((n) => n.type)).toEqual(['LOCALIZED', 'SLIDESHOW', 'TEXT', 'TEXT']);

    // order: move down without JavaScript (the toast names the new position), the whole order with it
    const top = (await page.load()).tree.map((n) => n.id);
    expect(await page.post({ intent: 'move', id: top[0]!, direction: 'down' })).toMatchObject({
      status: 302,
      toast: { key: 'builder:order.moved', values: { position: 2, total: 4 } },
    });
    expect((await page.load()).tree.map((n) => n.id)).toEqual([top[1], top[0], top[2], top[3]]);
    expect(await page.post({ intent: 'reorder', ids: [top[3]!, top[2]!, top[1]!, top[0]!] })).toMatchObject({ status: 302, toast: { key: 'builder:order.saved' } });
    expect((await page.load()).tree.map((n) => n.id)).toEqual([top[3], top[2], top[1], top[0]]);
    // not all siblings: INVALID, nothing changes
    const partial = await page.post({ intent: 'reorder', ids: [top[0]!, top[1]!] });
    expect(partial.toast).toMatchObject({ type: 'error', values: { message: 'The order must name all objects of one parent, each once.' } });
  });

  it('stores files posted with the form (no JavaScript): an image, a PDF and the preview picture', async () => {
    const w = await world();
    const page = pageOf(w);
    const image = new File([png(1280, 720)], 'produkt.png', { type: 'image/png' });
    expect(await page.post({ intent: 'create', type: 'IMAGE', name: 'Produkt', link: 'https://example.com', file: image })).toMatchObject({ status: 302 });
    const brochure = new File([pdf], 'broschuere.pdf', { type: 'application/pdf' });
    expect(await page.post({ intent: 'create', type: 'PDF', name: 'Broschüre', file: brochure })).toMatchObject({ status: 302 });
    const tree = (await page.load()).tree;
    expect(tree.map((n) => [n.type, Boolean(n.fileId)])).toEqual([
      ['IMAGE', true],
      ['PDF', true],
    ]);
    const stored = await t.app.db('files').where({ id: tree[1]!.fileId }).first();
    expect(stored).toMatchObject({ mime_type: 'application/pdf', organization_id: w.org.id });

    // a PDF where a picture belongs is refused at the file field
    const wrong = await page.post({ intent: 'create', type: 'IMAGE', file: new File([pdf], 'x.pdf', { type: 'application/pdf' }) });
    expect(wrong.status).toBe(400);
    expect(errorsAt(wrong, 'fileId').length).toBe(1);

    expect(await page.post({ intent: 'preview', file: new File([png(800, 450)], 'vorschau.png', { type: 'image/png' }) })).toMatchObject({
      status: 302,
      toast: { key: 'builder:preview.saved' },
    });
    expect((await page.load()).group.previewUrl).toMatch(/^\/files\//);
    const noFile = await page.post({ intent: 'preview' });
    expect(noFile).toMatchObject({ status: 400, data: { form: 'preview' } });
    expect((noFile.data as Answer).error).toBeTruthy();
  });

  it('sets and clears the preview picture through GraphQL too (contentGroupPreviewUpdate): only an image of the organisation', async () => {
    const w = await world();
    const headers = { Authorization: `JWT ${await t.accessToken(w.admin.id)}` };
    const mutation = `mutation($id: ID!, $previewId: ID) { contentGroupPreviewUpdate(id: $id, previewId: $previewId) { contentGroup { previewId } error { code field } } }`;
    type Res = { contentGroupPreviewUpdate: { contentGroup: { previewId: string | null } | null; error: { code: string; field: string } | null } };
    const set = async (previewId: string | null, auth = headers) => (await t.graphql<Res>(mutation, { id: w.group.id, previewId }, { headers: auth })).body.data!.contentGroupPreviewUpdate;
    const picture = await createFile(t.app.db, { organization_id: w.org.id });
    const document = await createFile(t.app.db, { organization_id: w.org.id, mime_type: 'application/pdf', width: null, height: null });
    const foreign = await createFile(t.app.db, { organization_id: (await createOrganization(t.app.db)).id });
    expect(await set(picture.id)).toMatchObject({ contentGroup: { previewId: picture.id }, error: null });
    expect((await set(document.id)).error).toEqual({ code: 'INVALID', field: 'previewId' });
    expect((await set(foreign.id)).error).toEqual({ code: 'INVALID', field: 'previewId' });
    expect(await set(null)).toMatchObject({ contentGroup: { previewId: null }, error: null });
    const salesHeaders = { Authorization: `JWT ${await t.accessToken(w.sales.id)}` };
    expect((await set(picture.id, salesHeaders)).error).toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('sets who may open the group and manages its access keys (the keys open it: content-access.test.ts)', async () => {
    const w = await world();
    const page = pageOf(w);
    type AccessPage = Page & { group: { permissionType: string }; tokens: { id: string; token: string }[]; permissions: unknown[] };
    expect(((await page.load()) as AccessPage).group.permissionType).toBe('LOGGED_IN');

    expect(await page.post({ intent: 'settings', permissionType: 'TOKEN' })).toMatchObject({ status: 302, toast: { key: 'builder:access.saved' } });
    const bad = await page.post({ intent: 'settings', permissionType: 'EVERYONE' });
    expect(bad.status).toBe(400);
    expect(errorsAt(bad, 'permissionType').length).toBe(1);

    expect(await page.post({ intent: 'createToken', token: 'messe-2026', limit: '5' })).toMatchObject({ status: 302, toast: { key: 'access:tokens.toast.created' } });
    const loaded = (await page.load()) as AccessPage;
    expect(loaded.group.permissionType).toBe('TOKEN');
    expect(loaded.tokens.map((tk) => tk.token)).toEqual(['messe-2026']);
    const row = await t.app.db('object_tokens').where({ token: 'messe-2026' }).first('content_group_id');
    expect(row.content_group_id).toBe(w.group.id);

    // deleting the key asks first (no JavaScript), then deletes it
    const ask = await page.post({ intent: 'deleteToken', id: loaded.tokens[0]!.id });
    expect(ask.status).toBe(200);
    expect((ask.data as { confirm?: { intent: string } }).confirm?.intent).toBe('deleteToken');
    expect(await page.post({ intent: 'deleteToken', id: loaded.tokens[0]!.id, confirmed: 'yes' })).toMatchObject({ status: 302, toast: { key: 'access:tokens.toast.deleted' } });
    expect(((await page.load()) as AccessPage).tokens).toEqual([]);

    // a sales user may not change who opens it
    const sales = await callRoute(t, builder.action, { url: page.url, userId: w.sales.id, params: { slug: w.group.slug }, form: { intent: 'settings', permissionType: 'PUBLIC' } });
    expect(sales.status).toBe(302);
    expect(sales.location).toContain('/missing-feature');
    expect((await t.app.db('content_groups').where({ id: w.group.id }).first('permission_type')).permission_type).toBe('TOKEN');
  });

  it("answers in the user's language: a German user reads the rules in German at the fields", async () => {
    const w = await world();
    const german = await createUser(t.app.db, { default_language: 'DE' });
    await addMember(t.app.db, w.org.id, german.id, { role: 'admin' });
    const page = pageOf(w, german.id);
    expect(errorsAt(await page.post({ intent: 'rename', name: '' }), 'name')).toEqual(['Bitte geben Sie einen Namen ein.']);
    expect(errorsAt(await page.post({ intent: 'create', type: 'BOOKMARK', value: 'kein Link' }), 'value')).toEqual(['Bitte geben Sie eine Webadresse ein (https://…).']);
    expect(await page.post({ intent: 'create', type: 'DIVIDER' })).toMatchObject({ status: 302, toast: { key: 'builder:object.created', values: { type: 'Trennlinie' } } });
  });

  it("another organisation's group or object is missing; sales users, members without the feature and anonymous visitors are refused", async () => {
    const w = await world();
    const otherGroup = await createContentGroup(t.app.db);
    const foreignUrl = `/contentpool/builder/${otherGroup.slug}`;
    const foreignPage = await callRoute(t, builder.loader, { url: foreignUrl, userId: w.admin.id, params: { slug: otherGroup.slug } });
    expect(foreignPage.status).toBe(404);
    const foreignPost = await callRoute(t, builder.action, { url: foreignUrl, userId: w.admin.id, params: { slug: otherGroup.slug }, form: { intent: 'rename', name: 'Meins' } });
    expect(foreignPost.status).toBe(404);
    expect((await t.app.db('content_groups').where({ id: otherGroup.id }).first()).name).toBe(otherGroup.name);
    expect((await callRoute(t, builder.loader, { url: '/contentpool/builder/nope', userId: w.admin.id, params: { slug: 'nope' } })).status).toBe(404);

    // an object of another group (even of the same organisation) is not touched through this page
    const sibling = await createContentObject(t.app.db, { organization_id: w.org.id });
    const page = pageOf(w);
    expect((await page.post({ intent: 'delete', id: sibling.id, name: 'x', confirmed: 'yes' })).toast).toMatchObject({ type: 'error', key: 'errors:notFound' });
    expect(await t.app.db('content_objects').where({ id: sibling.id }).first()).toBeTruthy();
    expect((await page.post({ intent: 'nonsense' })).status).toBe(400);

    const sales = pageOf(w, w.sales.id);
    expect(await callRoute(t, builder.loader, { url: sales.url, userId: w.sales.id, params: { slug: w.group.slug } })).toMatchObject({
      status: 302,
      location: '/missing-feature/content',
    });
    expect((await sales.post({ intent: 'rename', name: 'Vertrieb' })).status).toBe(302);
    expect((await t.app.db('content_groups').where({ id: w.group.id }).first()).name).toBe('Produkte');

    const lackingOrg = await createOrganization(t.app.db, { suites: Feature.lead });
    const lacking = await createUser(t.app.db, { default_language: 'EN' });
    await addMember(t.app.db, lackingOrg.id, lacking.id, { role: 'admin', isOwner: true });
    const lackingGroup = await createContentGroup(t.app.db, { organization_id: lackingOrg.id });
    expect(
      await callRoute(t, builder.loader, { url: `/contentpool/builder/${lackingGroup.slug}`, userId: lacking.id, params: { slug: lackingGroup.slug } }),
    ).toMatchObject({ status: 302, location: '/missing-feature/content' });

    const anonymous = await callRoute(t, builder.loader, { url: pageOf(w).url, userId: null, params: { slug: w.group.slug } });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login\?next=/);
    const anonymousPost = await callRoute(t, builder.action, { url: pageOf(w).url, userId: null, params: { slug: w.group.slug }, form: { intent: 'rename', name: 'x' } });
    expect(anonymousPost.location).toMatch(/^\/login/);
  });
});
