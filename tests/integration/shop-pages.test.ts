import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as cartPage from '~/routes/convention.$conventionslug.cart.okle';
import * as shopPage from '~/routes/convention.$conventionslug.shop.okle';
import * as standShopPage from '~/routes/convention.$conventionslug.hall.$hallslug.stand.$standslug_.shop.$stand';
import * as layout from '~/routes/convention.$conventionslug';
import * as consoleProducts from '~/routes/_console.shop.products';
import * as consoleRequests from '~/routes/_console.shop.order-requests';
import { shopPage as shopPageOf } from '~/server/pages/shop.server';
import { cartAdd, cartSignature, shopProducts } from '~/server/services/shop';
import { addMember, addStandToHall, createHall, createOrganization, createProduct, createShopConvention, createStand, createUser, grantAccess } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

/**
 * The shop's pages (issue 31), the page door of the shop service: the convention shop and a stand's shop as
 * server-rendered data with their filters, the add / update / remove / checkout forms as plain POSTs answered by a
 * redirect with a toast (the service's message on failure), the cart page (the visitor's own), the cart button's
 * count in the convention layout and in the viewer's audience; anonymous visitors are sent to log in, a visitor
 * without access gets "Shop: no authorisation" with the host's contact.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let worlds = 0;
async function world() {
  const db = t.app.db;
  const n = ++worlds;
  const host = await createOrganization(db, { suites: Package.EVENT, name: `Page Host ${n}`, email: `page-host-${n}@example.com` });
  const convention = await createShopConvention(db, { organization_id: host.id });
  const hall = await createHall(db, { conventionId: convention.id });
  const exhibitor = await createOrganization(db, { suites: Package.EVENT, name: `Page Exhibitor ${n}` });
  const admin = await createUser(db, { default_language: 'EN' });
  await addMember(db, exhibitor.id, admin.id, { role: 'admin', isOwner: true });
  const stand = await createStand(db, { organization_id: exhibitor.id });
  const placed = await addStandToHall(db, { hall_id: hall.id, stand_id: stand.id });
  const mug = await createProduct(db, { stand_id: stand.id, title: 'Mug', stock: 2 });
  const ticket = await createProduct(db, { convention_id: convention.id, title: 'Ticket' });
  const visitor = await createUser(db, { default_language: 'EN' });
  const other = await createUser(db, { default_language: 'EN' });
  return { convention, hall, stand, placed, mug, ticket, visitor, other, admin };
}

describe('shop pages', () => {
  it('the convention shop lists its products with filters; a stand shop its stand’s', async () => {
    const w = await world();
    const c = w.convention.slug;
    const page = await callRoute(t, shopPage.loader, { url: `/convention/${c}/shop/okle?search=mug`, params: { conventionslug: c }, userId: null });
    const data = page.data as { denied: null; data: { products: { items: { title: string }[] }; filters: { halls: { slug: string }[] } } };
    expect(data.denied).toBeNull();
    expect(data.data.products.items.map((p) => p.title)).toEqual(['Mug']);
    expect(data.data.filters.halls.map((h) => h.slug)).toEqual([w.hall.slug]);
    const params = { conventionslug: c, hallslug: w.hall.slug, standslug: w.placed.slug, stand: w.stand.slug };
    const stand = await callRoute(t, standShopPage.loader, { url: `/convention/${c}/hall/${w.hall.slug}/stand/${w.placed.slug}/shop/${w.stand.slug}`, params, userId: null });
    expect((stand.data as { data: { items: { title: string }[] } }).data.items.map((p) => p.title)).toEqual(['Mug']);
    const wrong = await callRoute(t, standShopPage.loader, { url: `/convention/${c}/hall/${w.hall.slug}/stand/${w.placed.slug}/shop/nope`, params: { ...params, stand: 'nope' }, userId: null });
    expect(wrong.status).toBe(404);
    await t.app.db('conventions').where({ id: w.convention.id }).update({ shop: false });
    const closed = await callRoute(t, cartPage.loader, { url: `/convention/${c}/cart/okle`, params: { conventionslug: c }, userId: w.visitor.id });
    expect(closed.status).toBe(404);
  });

  it('adds to the cart with a plain POST, checks stock, and checks out; the cart page and the top bar count follow', async () => {
    const w = await world();
    const c = w.convention.slug;
    const back = `/convention/${c}/shop/okle?hall=${w.hall.slug}`;
    const post = (form: Record<string, string>, userId: string | null, route: { action: typeof shopPage.action } = shopPage) =>
      callRoute(t, route.action, { url: `/convention/${c}/shop/okle`, params: { conventionslug: c }, userId, form });

    const anonymous = await post({ intent: 'add', productId: w.mug.id, quantity: '1', back }, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/login?next=${encodeURIComponent(back)}`);

    const added = await post({ intent: 'add', productId: w.mug.id, quantity: '2', back }, w.visitor.id);
    expect(added).toMatchObject({ status: 302, location: back, toast: { type: 'success', key: 'shop:toast.added' } });
    const tooMany = await post({ intent: 'add', productId: w.mug.id, quantity: '1', back }, w.visitor.id);
    expect(tooMany.toast).toMatchObject({ type: 'error', values: { message: expect.stringContaining('Mug: 2 still available') } });
    // a redirect elsewhere is not followed
    expect((await post({ intent: 'add', productId: w.ticket.id, quantity: '1', back: 'https://evil.example/' }, w.visitor.id)).location).toBe(`/convention/${c}/shop/okle`);
    expect((await post({ intent: 'nonsense' }, w.visitor.id)).status).toBe(400);

    const layoutData = await callRoute(t, layout.loader, { url: `/convention/${c}`, params: { conventionslug: c }, userId: w.visitor.id });
    expect((layoutData.data as { cartCount: number; convention: { shop: boolean } }).cartCount).toBe(3);
    expect((layoutData.data as { convention: { shop: boolean } }).convention.shop).toBe(true);

    const cart = await callRoute(t, cartPage.loader, { url: `/convention/${c}/cart/okle`, params: { conventionslug: c }, userId: w.visitor.id });
    const lines = (cart.data as { data: { cart: { lines: { id: string; name: string; quantity: number }[] } } }).data.cart.lines;
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Mug', 2],
      ['Ticket', 1],
    ]);
    // another visitor's cart page is their own (empty); their remove of this line is NOT_FOUND
    const foreign = await callRoute(t, cartPage.loader, { url: `/convention/${c}/cart/okle`, params: { conventionslug: c }, userId: w.other.id });
    expect((foreign.data as { data: { cart: { lines: unknown[] } } }).data.cart.lines).toEqual([]);
    const stolen = await post({ intent: 'remove', lineId: lines[0]!.id }, w.other.id, cartPage);
    expect(stolen.toast).toMatchObject({ type: 'error' });
    const anonymousCart = await callRoute(t, cartPage.loader, { url: `/convention/${c}/cart/okle`, params: { conventionslug: c }, userId: null });
    expect(anonymousCart.status).toBe(302);
    expect(anonymousCart.location).toContain('/login');

    expect((await post({ intent: 'update', lineId: lines[0]!.id, quantity: '1' }, w.visitor.id, cartPage)).toast).toMatchObject({ key: 'shop:toast.updated' });
    expect((await post({ intent: 'remove', lineId: lines[1]!.id }, w.visitor.id, cartPage)).toast).toMatchObject({ key: 'shop:toast.removed' });
    const done = await post({ intent: 'checkout', message: 'Thanks' }, w.visitor.id, cartPage);
    expect(done).toMatchObject({ status: 302, location: `/convention/${c}/cart/okle`, toast: { key: 'shop:toast.checkedOut' } });
    const after = await callRoute(t, cartPage.loader, { url: `/convention/${c}/cart/okle`, params: { conventionslug: c }, userId: w.visitor.id });
    const afterData = (after.data as { data: { cart: { count: number }; requests: { items: { state: string; lines: { name: string; quantity: number }[] }[] } } }).data;
    expect(afterData.cart.count).toBe(0);
    expect(afterData.requests.items).toEqual([expect.objectContaining({ state: 'NEW', lines: [expect.objectContaining({ name: 'Mug', quantity: 1 })] })]);
  });

  it('a visitor without access gets the host’s contact; the cart counts are part of the viewer’s audience', async () => {
    const w = await world();
    const c = w.convention.slug;
    const ctx = await t.serviceContext(w.visitor.id);
    expect(await cartSignature(ctx)).toBe('');
    await cartAdd(ctx, c, { productId: w.ticket.id, quantity: 2 });
    expect(await cartSignature(ctx)).toBe(`${w.convention.id}:2`);

    await t.app.db('conventions').where({ id: w.convention.id }).update({ permission_type: 'TOKEN' });
    const message = `Shop: no authorisation. Please contact the host Page Host ${worlds}: page-host-${worlds}@example.com`;
    const notice = await shopPageOf(() => shopProducts(ctx, c));
    expect(notice.denied).toBe(message);
  });

  it('a logged-in visitor without access sees "Shop: no authorisation" with the host’s contact on the shop pages, not /token', async () => {
    const w = await world();
    const c = w.convention.slug;
    await t.app.db('conventions').where({ id: w.convention.id }).update({ permission_type: 'TOKEN' });
    const message = `Shop: no authorisation. Please contact the host Page Host ${worlds}: page-host-${worlds}@example.com`;
    const standParams = { conventionslug: c, hallslug: w.hall.slug, standslug: w.placed.slug, stand: w.stand.slug };
    const pages = [
      { route: shopPage, url: `/convention/${c}/shop/okle`, params: { conventionslug: c } },
      { route: cartPage, url: `/convention/${c}/cart/okle`, params: { conventionslug: c } },
      { route: standShopPage, url: `/convention/${c}/hall/${w.hall.slug}/stand/${w.placed.slug}/shop/${w.stand.slug}`, params: standParams },
    ];
    for (const page of pages) {
      // the page and the convention layout around it (both loaders run for the page, also as a data request)
      const own = await callRoute(t, page.route.loader, { url: page.url, params: page.params, userId: w.visitor.id });
      expect(own.status, page.url).toBe(200);
      expect((own.data as { denied: string | null }).denied, page.url).toBe(message);
      for (const url of [page.url, `${page.url}.data`]) {
        const around = await callRoute(t, layout.loader, { url, params: page.params, userId: w.visitor.id });
        expect(around.status, url).toBe(200);
        expect(around.data, url).toEqual({ shopDenied: true });
      }
      // the forms answer the same notice and change nothing
      const posted = await callRoute(t, page.route.action, { url: page.url, params: page.params, userId: w.visitor.id, form: { intent: 'add', productId: w.ticket.id, quantity: '1' } });
      expect(posted.toast, page.url).toMatchObject({ type: 'error', values: { message } });
      // logged out: log in first, as on every page of the convention
      const anonymous = await callRoute(t, page.route.loader, { url: page.url, params: page.params, userId: null });
      expect(anonymous.status, page.url).toBe(302);
      expect(anonymous.location, page.url).toMatch(/^\/login\?next=/);
    }
    expect(await t.app.db('carts').where({ user_id: w.visitor.id })).toEqual([]);

    // every other page of the convention still sends the visitor to enter a key
    const foyer = await callRoute(t, layout.loader, { url: `/convention/${c}`, params: { conventionslug: c }, userId: w.visitor.id });
    expect(foyer).toMatchObject({ status: 302, location: `/token?next=${encodeURIComponent(`/convention/${c}`)}` });

    // with access, the shop opens
    await grantAccess(t.app.db, { convention_id: w.convention.id, user_id: w.visitor.id });
    const open = await callRoute(t, shopPage.loader, { url: `/convention/${c}/shop/okle`, params: { conventionslug: c }, userId: w.visitor.id });
    expect((open.data as { denied: string | null }).denied).toBeNull();
    const shell = await callRoute(t, layout.loader, { url: `/convention/${c}/shop/okle`, params: { conventionslug: c }, userId: w.visitor.id });
    expect((shell.data as { convention: { shop: boolean } }).convention.shop).toBe(true);
  });

  it('a stand the visitor may not see keeps its guard’s answer on its shop page', async () => {
    const w = await world();
    const c = w.convention.slug;
    // the convention is open, the hall asks for a key: not the shop's notice, the hall's /token
    await t.app.db('halls').where({ id: w.hall.id }).update({ permission_type: 'TOKEN' });
    const url = `/convention/${c}/hall/${w.hall.slug}/stand/${w.placed.slug}/shop/${w.stand.slug}`;
    const params = { conventionslug: c, hallslug: w.hall.slug, standslug: w.placed.slug, stand: w.stand.slug };
    const page = await callRoute(t, standShopPage.loader, { url, params, userId: w.visitor.id });
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/token\?next=/);
  });

  it('console: the exhibitor adds a product and answers and closes a request; another organisation sees none of it', async () => {
    const w = await world();
    const created = await callRoute(t, consoleProducts.action, {
      url: '/shop/products',
      userId: w.admin.id,
      form: { intent: 'create', owner: `stand:${w.stand.id}`, titleEn: 'Poster', titleDe: 'Plakat', price: '4,50', currency: 'EUR', stock: '', variants: 'A2; ; 3', visible: 'on' },
    });
    expect(created.toast).toMatchObject({ key: 'shop:toast.productSaved' });
    const list = await callRoute(t, consoleProducts.loader, { url: '/shop/products', userId: w.admin.id });
    const owner = (list.data as { owners: { id: string; products: { title: string; priceCents: number; variants: { label: string }[] }[] }[] }).owners.find((o) => o.id === w.stand.id)!;
    expect(owner.products.map((p) => p.title)).toEqual(['Mug', 'Poster']);
    expect(owner.products[1]).toMatchObject({ priceCents: 450, variants: [{ label: 'A2' }] });

    await cartAdd(await t.serviceContext(w.visitor.id), w.convention.slug, { productId: w.mug.id });
    const { checkout } = await import('~/server/services/shop');
    await checkout(await t.serviceContext(w.visitor.id), w.convention.slug, { message: '' });
    const requests = await callRoute(t, consoleRequests.loader, { url: '/shop/order-requests?state=NEW', userId: w.admin.id });
    const items = (requests.data as { requests: { items: { id: string; state: string }[] } }).requests.items;
    expect(items).toHaveLength(1);
    const outsider = await createUser(t.app.db, { default_language: 'EN' });
    const outsiderOrg = await createOrganization(t.app.db, { suites: Package.EVENT });
    await addMember(t.app.db, outsiderOrg.id, outsider.id, { role: 'admin', isOwner: true });
    const foreign = await callRoute(t, consoleRequests.loader, { url: '/shop/order-requests', userId: outsider.id });
    expect((foreign.data as { requests: { total: number } }).requests.total).toBe(0);
    const foreignAnswer = await callRoute(t, consoleRequests.action, { url: '/shop/order-requests', userId: outsider.id, form: { intent: 'answer', id: items[0]!.id, answer: 'x' } });
    expect(foreignAnswer.toast).toMatchObject({ type: 'error' });
    const answered = await callRoute(t, consoleRequests.action, { url: '/shop/order-requests', userId: w.admin.id, form: { intent: 'answer', id: items[0]!.id, answer: 'Yes, we have it.' } });
    expect(answered.toast).toMatchObject({ key: 'shop:toast.answered' });
    const closed = await callRoute(t, consoleRequests.action, { url: '/shop/order-requests', userId: w.admin.id, form: { intent: 'close', id: items[0]!.id } });
    expect(closed.toast).toMatchObject({ key: 'shop:toast.closed' });
    const anonymous = await callRoute(t, consoleRequests.loader, { url: '/shop/order-requests', userId: null });
    expect(anonymous.status).toBe(302);
  });
});
