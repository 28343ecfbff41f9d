import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as consoleProducts from '~/routes/_console.shop.products';
import * as shopPage from '~/routes/convention.$conventionslug.shop.okle';
import { addMember, addStandToHall, createHall, createOrganization, createProduct, createShopConvention, createStand, createUser, grantAccess } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

/**
 * Product pictures (issue 31): the exhibitor uploads them on the console's products page (a multipart form that works
 * without JavaScript, stored by the upload service as the organisation's image, then attached with its alternative
 * texts), or attaches an image through productPictureAdd; visitors of the shop get them with their alternative text;
 * the access module serves the files to whoever may see the product in a shop right now. Who may not: another
 * organisation, a sales user, a visitor; a file that is no picture is refused.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const png = async (colour = '#c03030') => sharp({ create: { width: 64, height: 40, channels: 3, background: colour } }).png().toBuffer();
const pictureFile = async (name = 'becher.png') => new File([await png()], name, { type: 'image/png' });

let worlds = 0;
async function world() {
  const db = t.app.db;
  const n = ++worlds;
  const host = await createOrganization(db, { suites: Package.EVENT, name: `Picture Host ${n}` });
  const convention = await createShopConvention(db, { organization_id: host.id });
  const hall = await createHall(db, { conventionId: convention.id });
  const exhibitor = await createOrganization(db, { suites: Package.EVENT, name: `Picture Exhibitor ${n}` });
  const admin = await createUser(db, { default_language: 'EN' });
  await addMember(db, exhibitor.id, admin.id, { role: 'admin', isOwner: true });
  const sales = await createUser(db, { default_language: 'EN' });
  await addMember(db, exhibitor.id, sales.id, { role: 'sales' });
  const stand = await createStand(db, { organization_id: exhibitor.id });
  await addStandToHall(db, { hall_id: hall.id, stand_id: stand.id });
  const mug = await createProduct(db, { stand_id: stand.id, title: 'Mug', titleDe: 'Becher' });
  const outsiderOrg = await createOrganization(db, { suites: Package.EVENT });
  const outsider = await createUser(db, { default_language: 'EN' });
  await addMember(db, outsiderOrg.id, outsider.id, { role: 'admin', isOwner: true });
  const visitor = await createUser(db, { default_language: 'EN' });
  return { convention, stand, mug, admin, sales, outsider, visitor };
}

const upload = async (userId: string, productId: string, extra: Record<string, string | File> = {}) =>
  callRoute(t, consoleProducts.action, {
    url: '/shop/products',
    userId,
    form: { intent: 'addPicture', id: productId, altDe: 'Roter Becher von vorn', altEn: 'Red mug from the front', file: await pictureFile(), ...extra },
  });

const download = async (fileId: string, userId: string | null) => {
  const headers: Record<string, string> = userId ? { cookie: await t.sessionCookie(userId) } : {};
  return (await fetch(`${t.url}/files/${fileId}`, { headers })).status;
};

type Listed = { data: { products: { items: { id: string; pictures: { id: string; url: string; alt: string }[] }[] } } };

describe('product pictures', () => {
  it('the exhibitor uploads a picture with a multipart form; visitors of the shop see it with its alternative text', async () => {
    const w = await world();
    const answer = await upload(w.admin.id, w.mug.id);
    expect(answer).toMatchObject({ status: 302, location: `/shop/products?edit=${w.mug.id}`, toast: { type: 'success', key: 'shop:toast.pictureAdded' } });

    const rows = await t.app.db('product_pictures as pp').join('files as f', 'f.id', 'pp.file_id').where('pp.product_id', w.mug.id).select('pp.*', 'f.organization_id as file_org', 'f.mime_type', 'f.is_public');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ alt_de: 'Roter Becher von vorn', alt_en: 'Red mug from the front', file_org: w.stand.organization_id, mime_type: 'image/png', is_public: false });
    expect(await t.app.db('file_uses').where({ file_id: rows[0].file_id }).select('kind', 'object_id')).toEqual([{ kind: 'product', object_id: w.mug.id }]);

    // the console's list shows it, with its remove form
    const list = await callRoute(t, consoleProducts.loader, { url: `/shop/products?edit=${w.mug.id}`, userId: w.admin.id });
    const owner = (list.data as { owners: { id: string; products: { pictures: { alt: string }[] }[] }[] }).owners.find((o) => o.id === w.stand.id)!;
    expect(owner.products[0]!.pictures.map((p) => p.alt)).toEqual(['Red mug from the front']);

    // the visitor's shop page, in each language, and the file itself for anyone who may see the shop
    const c = w.convention.slug;
    const english = await callRoute(t, shopPage.loader, { url: `/convention/${c}/shop/okle`, params: { conventionslug: c }, userId: null });
    const [listed] = (english.data as Listed).data.products.items;
    expect(listed!.pictures).toEqual([expect.objectContaining({ id: rows[0].file_id, url: `/files/${rows[0].file_id}`, alt: 'Red mug from the front' })]);
    const ctxDe = await t.serviceContext(null, 'DE');
    const { shopProducts } = await import('~/server/services/shop');
    expect((await shopProducts(ctxDe, c)).items[0]!.pictures[0]!.alt).toBe('Roter Becher von vorn');
    expect(await download(rows[0].file_id, null)).toBe(200);
    expect(await download(rows[0].file_id, w.visitor.id)).toBe(200);

    // hidden: the picture is the organisation's only
    await t.app.db('products').where({ id: w.mug.id }).update({ visible: false });
    expect(await download(rows[0].file_id, null)).toBe(404);
    expect(await download(rows[0].file_id, w.visitor.id)).toBe(404);
    expect(await download(rows[0].file_id, w.admin.id)).toBe(200);
    await t.app.db('products').where({ id: w.mug.id }).update({ visible: true });

    // a convention behind a key: only for visitors with access
    await t.app.db('conventions').where({ id: w.convention.id }).update({ permission_type: 'TOKEN' });
    expect(await download(rows[0].file_id, w.visitor.id)).toBe(404);
    await grantAccess(t.app.db, { convention_id: w.convention.id, user_id: w.visitor.id });
    expect(await download(rows[0].file_id, w.visitor.id)).toBe(200);

    // removed: the picture goes, and with it the visitors' access
    await t.app.db('conventions').where({ id: w.convention.id }).update({ permission_type: 'PUBLIC' });
    const removed = await callRoute(t, consoleProducts.action, { url: '/shop/products', userId: w.admin.id, form: { intent: 'removePicture', id: w.mug.id, fileId: rows[0].file_id } });
    expect(removed.toast).toMatchObject({ type: 'success', key: 'shop:toast.pictureRemoved' });
    expect(await t.app.db('product_pictures').where({ product_id: w.mug.id })).toEqual([]);
    expect(await download(rows[0].file_id, null)).toBe(404);
  });

  it('without an alternative text the product’s title is the picture’s', async () => {
    const w = await world();
    await upload(w.admin.id, w.mug.id, { altDe: '', altEn: '' });
    const { shopProducts } = await import('~/server/services/shop');
    expect((await shopProducts(await t.serviceContext(null, 'EN'), w.convention.slug)).items[0]!.pictures[0]!.alt).toBe('Mug');
    expect((await shopProducts(await t.serviceContext(null, 'DE'), w.convention.slug)).items[0]!.pictures[0]!.alt).toBe('Becher');
  });

  it('who may not: another organisation, a sales user, a visitor; a file that is no picture is refused', async () => {
    const w = await world();
    const foreign = await upload(w.outsider.id, w.mug.id);
    expect(foreign.toast).toMatchObject({ type: 'error' });
    const sales = await upload(w.sales.id, w.mug.id);
    expect(sales.status).toBe(302);
    expect(sales.toast?.type ?? 'none').not.toBe('success');
    const visitor = await upload(w.visitor.id, w.mug.id);
    expect(visitor.status).toBe(302);
    expect(visitor.toast?.type ?? 'none').not.toBe('success');
    const anonymous = await callRoute(t, consoleProducts.action, { url: '/shop/products', userId: null, form: { intent: 'addPicture', id: w.mug.id, file: await pictureFile() } });
    expect(anonymous.location).toMatch(/^\/login\?next=/);
    const text = await upload(w.admin.id, w.mug.id, { file: new File(['not a picture'], 'becher.png', { type: 'image/png' }) });
    expect(text.toast).toMatchObject({ type: 'error' });
    const none = await callRoute(t, consoleProducts.action, { url: '/shop/products', userId: w.admin.id, form: { intent: 'addPicture', id: w.mug.id, altEn: 'x' } });
    expect(none.toast).toMatchObject({ type: 'error', values: { message: 'Please choose a file.' } });
    expect(await t.app.db('product_pictures').where({ product_id: w.mug.id })).toEqual([]);

    // the other organisation's own image cannot be attached to this product through GraphQL either
    const gql = async (userId: string, variables: Record<string, unknown>) =>
      t.graphql<{ productPictureAdd: { product: { pictures: { alt: string }[] } | null; error: { code: string } | null } }>(
        `mutation($id: ID!, $fileId: ID!, $altEn: String) { productPictureAdd(id: $id, fileId: $fileId, altEn: $altEn) { product { pictures { alt } } error { code } } }`,
        variables,
        { headers: { Authorization: `JWT ${await t.accessToken(userId)}` } },
      );
    const outsiderOrg = (await t.app.db('organization_members').where({ user_id: w.outsider.id }).first('organization_id'))?.organization_id as string | undefined;
    const [foreignFile] = await t.app
      .db('files')
      .insert({ organization_id: outsiderOrg ?? null, uploaded_by_id: w.outsider.id, storage_key: `org/x/${w.mug.id}.png`, filename: 'x.png', mime_type: 'image/png', size: 10, width: 64, height: 40 })
      .returning('id');
    expect((await gql(w.outsider.id, { id: w.mug.id, fileId: foreignFile.id })).body.data!.productPictureAdd.error!.code).toBe('NOT_FOUND');
    expect((await gql(w.admin.id, { id: w.mug.id, fileId: foreignFile.id })).body.data!.productPictureAdd.error!.code).toBe('NOT_FOUND');

    // the exhibitor's own image through GraphQL
    await upload(w.admin.id, w.mug.id);
    const [own] = await t.app.db('product_pictures').where({ product_id: w.mug.id }).pluck('file_id');
    await t.app.db('product_pictures').where({ product_id: w.mug.id }).delete();
    const added = await gql(w.admin.id, { id: w.mug.id, fileId: own, altEn: 'Mug, side view' });
    expect(added.body.data!.productPictureAdd).toEqual({ product: { pictures: [{ alt: 'Mug, side view' }] }, error: null });
  });
});
