import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import * as pool from '~/routes/_console.contentpool._index';
import { registerIconUsage, sanitizeSvg, unregisterIconUsage } from '~/server/services/content/icons';
import { Icon } from '../../db/models/index';
import { addMember, createIcon, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { asResponse, callRoute, loadContext } from '../helpers/routes';
import { png } from './files-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Err = { code: string; field: string | null; message: string };
type IconOut = { id: string; kind: string; filename: string; url: string; file: { mimeType: string } | null };

const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z" fill="#283853"/></svg>';
const EVIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)"><circle cx="5" cy="5" r="4" onclick="x()"/></a>' +
  '<foreignObject><div>html</div></foreignObject><use href="https://evil.example/x.svg#a"/><rect width="4" height="4" fill="url(https://evil.example/p)"/></svg>';
const ENTITY_SVG = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text><path d="M0 0h1"/></svg>';

async function member(suites: number = Package.BASIC, options: { sales?: boolean; organizationId?: string } = {}) {
  const org = options.organizationId ? { id: options.organizationId } : await createOrganization(t.app.db, { suites });
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, user.id, options.sales ? { role: 'sales', sales: true } : { role: 'admin', isOwner: true });
  return { org, user };
}

async function headers(userId: string | null): Promise<Record<string, string>> {
  return userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
}

const UPLOAD = `mutation($file: Upload!) { uploadIcon(file: $file) { icon { id kind filename url file { mimeType } } error { code field message } errors { code } } }`;

/** uploadIcon over the GraphQL multipart request spec. */
async function uploadGql(userId: string | null, bytes: Buffer | string, name: string) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: UPLOAD, variables: { file: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([typeof bytes === 'string' ? Buffer.from(bytes) : bytes]), name);
  const res = await fetch(`${t.url}/graphql/`, { method: 'POST', body: form, headers: await headers(userId) });
  return (await res.json()) as { data?: { uploadIcon: { icon: IconOut | null; error: Err | null } }; errors?: { extensions?: { code?: string } }[] };
}

async function gql<T>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  return (await t.graphql<T>(query, variables, { headers: await headers(userId) })).body;
}

const deleteGql = (userId: string | null, id: string) =>
  gql<{ deleteIcon: { ok: boolean; error: Err | null } }>(userId, `mutation($id: ID!) { deleteIcon(id: $id) { ok error { code field message } } }`, { id });

/** The content pool page's icon upload: a multipart post, the way the browser sends the form. */
async function uploadPage(userId: string, bytes: Buffer | string, name: string) {
  const body = new FormData();
  body.append('intent', 'uploadIcon');
  body.append('file', new Blob([typeof bytes === 'string' ? Buffer.from(bytes) : bytes]), name);
  const request = new Request('http://localhost/contentpool', { method: 'POST', headers: { cookie: await t.sessionCookie(userId), 'accept-language': 'en' }, body });
  const context = await loadContext(t, request);
  let response: Response;
  try {
    response = asResponse(await pool.action({ request, context, params: {} }));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  return { status: response.status, location: response.headers.get('location'), data: response.status === 302 ? null : ((await response.json()) as { form?: string; error?: string }) };
}

describe('icons', () => {
  it('GraphQL: uploads a PNG and a sanitised SVG, lists them, refuses other types, oversized files and SVGs with entities', async () => {
    const { user } = await member();
    const pngIcon = await uploadGql(user.id, png(64, 64), 'pin.png');
    expect(pngIcon.data!.uploadIcon).toMatchObject({ error: null, icon: { kind: 'PNG', filename: 'pin.png', file: { mimeType: 'image/png' } } });
    expect(pngIcon.data!.uploadIcon.icon!.url).toMatch(/^\/files\//);

    const svgIcon = await uploadGql(user.id, SVG, 'box.svg');
    expect(svgIcon.data!.uploadIcon).toMatchObject({ error: null, icon: { kind: 'SVG', filename: 'box.svg', file: null } });
    const markup = Buffer.from(svgIcon.data!.uploadIcon.icon!.url.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');
    expect(markup).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z" fill="#283853"></path></svg>');

    // scripts, handlers, foreign links and HTML are taken out; what remains is the drawing
    const cleaned = await uploadGql(user.id, EVIL_SVG, 'evil.svg');
    const kept = Buffer.from(cleaned.data!.uploadIcon.icon!.url.split(',')[1]!, 'base64').toString('utf8');
    expect(kept).toContain('<circle cx="5" cy="5" r="4"></circle>');
    for (const gone of ['script', 'onload', 'onclick', 'javascript:', 'foreignObject', 'evil.example', '<a', 'alert']) expect(kept).not.toContain(gone);

    for (const [bytes, name] of [
      [ENTITY_SVG, 'entity.svg'],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'empty.svg'],
      [Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj'), 'doc.pdf'],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]), 'photo.jpg'],
      ['just text', 'note.svg'],
    ] as const) {
      expect((await uploadGql(user.id, bytes, name)).data!.uploadIcon, name).toMatchObject({
        icon: null,
        error: { code: 'FILE_TYPE_NOT_ALLOWED', field: 'file', message: 'Please upload an icon as PNG or SVG. SVG files with scripts, entity declarations or nothing to draw are refused.' },
      });
    }
    expect((await uploadGql(user.id, png(1200, 40), 'wide.png')).data!.uploadIcon.error).toEqual({
      code: 'FILE_TOO_LARGE',
      field: 'file',
      message: 'The icon is too large: 1200 × 40 pixels, at most 1024 × 1024.',
    });
    const big = `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1"/><!--${'x'.repeat(600 * 1024)}--></svg>`;
    expect((await uploadGql(user.id, big, 'big.svg')).data!.uploadIcon.error).toEqual({ code: 'FILE_TOO_LARGE', field: 'file', message: 'The icon is too large: at most 512 KB.' });

    const list = await gql<{ icons: { filename: string }[] }>(user.id, '{ icons { filename kind url } }');
    expect(list.data!.icons.map((i) => i.filename)).toEqual(['evil.svg', 'box.svg', 'pin.png']);
  });

  it('sanitizeSvg keeps local references only and refuses what is not a drawing', () => {
    expect(sanitizeSvg('<svg viewBox="0 0 2 2"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect width="2" height="2" fill="url(#g)"/></svg>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"></stop></linearGradient></defs>' +
        '<rect width="2" height="2" fill="url(#g)"></rect></svg>',
    );
    expect(sanitizeSvg('<html><svg><path d="M0 0"/></svg></html>')).toBeNull();
    expect(sanitizeSvg('<?xml-stylesheet href="x.css"?><svg><path d="M0 0"/></svg>')).toBeNull();
  });

  it('a delete is refused while a row uses the icon (naming it), another organisation gets NOT_FOUND, a sales user and an organisation without the content feature PERMISSION_DENIED', async () => {
    const owner = await member();
    const icon = await createIcon(t.app.db, { organization_id: owner.org.id });
    // a later domain (virtual-room points) registers its column; here a table of the test's own
    await t.app.db.schema.createTable('icon_usage_probe', (table) => {
      table.uuid('id').primary().defaultTo(t.app.db.raw('gen_random_uuid()'));
      table.string('name').notNullable();
      table.uuid('icon_id').references('icons.id');
    });
    const usage = { table: 'icon_usage_probe', column: 'icon_id', nameColumn: 'name' };
    registerIconUsage(usage);
    try {
      await t.app.db('icon_usage_probe').insert({ name: 'Infopunkt Eingang', icon_id: icon.id });
      expect((await deleteGql(owner.user.id, icon.id)).data!.deleteIcon).toEqual({
        ok: false,
        error: { code: 'INVALID', field: 'id', message: 'The icon is still used and cannot be deleted: icon_usage_probe "Infopunkt Eingang".' },
      });
      const page = await callRoute(t, pool.action, {
        url: '/contentpool',
        userId: owner.user.id,
        form: { intent: 'deleteIcon', id: icon.id, name: icon.filename, confirmed: 'yes' },
      });
      expect(page).toMatchObject({ status: 302, toast: { type: 'error', values: { message: 'The icon is still used and cannot be deleted: icon_usage_probe "Infopunkt Eingang".' } } });
      expect(await Icon.query(t.app.db).findById(icon.id)).toBeDefined();
      await t.app.db('icon_usage_probe').delete();
    } finally {
      unregisterIconUsage(usage);
      await t.app.db.schema.dropTableIfExists('icon_usage_probe');
    }

    const stranger = await member();
    expect((await deleteGql(stranger.user.id, icon.id)).data!.deleteIcon).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const sales = await member(Package.BASIC, { sales: true, organizationId: owner.org.id });
    const lacking = await member(Feature.personalization | Feature.lead);
    for (const userId of [sales.user.id, lacking.user.id]) {
      expect((await deleteGql(userId, icon.id)).data!.deleteIcon.error).toMatchObject({ code: 'PERMISSION_DENIED' });
      expect((await uploadGql(userId, png(8, 8), 'x.png')).data!.uploadIcon.error).toMatchObject({ code: 'PERMISSION_DENIED' });
      expect((await gql<{ icons: unknown }>(userId, '{ icons { id } }')).errors![0]!.extensions!.code).toBe('PERMISSION_DENIED');
    }
    expect((await uploadGql(null, png(8, 8), 'x.png')).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    expect((await deleteGql(null, icon.id)).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    expect((await gql(null, '{ icons { id } }')).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');

    expect((await deleteGql(owner.user.id, icon.id)).data!.deleteIcon).toEqual({ ok: true, error: null });
    expect(await Icon.query(t.app.db).findById(icon.id)).toBeUndefined();
  });

  it('the content pool page lists, uploads (PNG and SVG, refusals beside the file field) and deletes after confirming', async () => {
    const { org, user } = await member();
    const ok = await uploadPage(user.id, SVG, 'star.svg');
    expect(ok).toMatchObject({ status: 302, location: '/contentpool' });
    expect(await uploadPage(user.id, png(32, 32), 'dot.png')).toMatchObject({ status: 302 });
    const refused = await uploadPage(user.id, 'plain text', 'notes.txt');
    expect(refused).toMatchObject({
      status: 400,
      data: { form: 'uploadIcon', error: 'Please upload an icon as PNG or SVG. SVG files with scripts, entity declarations or nothing to draw are refused.' },
    });

    const loaded = await callRoute(t, pool.loader, { url: '/contentpool', userId: user.id });
    const icons = (loaded.data as { icons: { id: string; filename: string; url: string }[] }).icons;
    expect(icons.map((i) => i.filename)).toEqual(['dot.png', 'star.svg']);
    expect(icons[1]!.url).toMatch(/^data:image\/svg\+xml;base64,/);

    const star = icons[1]!;
    const ask = await callRoute(t, pool.action, { url: '/contentpool', userId: user.id, form: { intent: 'deleteIcon', id: star.id, name: star.filename } });
    expect(ask).toMatchObject({ status: 200, data: { confirm: { intent: 'deleteIcon', id: star.id, name: 'star.svg' } } });
    const done = await callRoute(t, pool.action, {
      url: '/contentpool',
      userId: user.id,
      form: { intent: 'deleteIcon', id: star.id, name: star.filename, confirmed: 'yes' },
    });
    expect(done).toMatchObject({ status: 302, toast: { type: 'success', key: 'personalization:icons.deleted' } });
    expect((await Icon.query(t.app.db).where({ organization_id: org.id })).map((i) => i.filename)).toEqual(['dot.png']);

    // another organisation's icon is not deleted through the page either
    const other = await createIcon(t.app.db);
    const foreign = await callRoute(t, pool.action, { url: '/contentpool', userId: user.id, form: { intent: 'deleteIcon', id: other.id, name: 'x', confirmed: 'yes' } });
    expect(foreign).toMatchObject({ status: 302, toast: { type: 'error' } });
    expect(await Icon.query(t.app.db).findById(other.id)).toBeDefined();
  });
});
