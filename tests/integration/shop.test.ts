import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { listMails } from '~/server/mail/outbox.server';
import { cartAdd, cartOf, checkout, OutOfStockError, shopProducts } from '~/server/services/shop';
import {
  addMember,
  addStandToHall,
  createCartLine,
  createHall,
  createOrganization,
  createProduct,
  createShopConvention,
  createStand,
  createUser,
  grantAccess,
} from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * The shop (issue 31) through GraphQL and the service: the convention shop's listing (host's and listed stands'
 * visible products, search, hall and stand filters, pages), the stand shop, the cart (stock checked on the server, a
 * product that went away shown as GONE), checkout (one request per selling organisation, stock taken, mails in the
 * outbox, a shortage changing nothing, the race for the last item), order requests on both sides (answer, close),
 * products in the console; who may not: anonymous, another visitor, another organisation, a sales user, a visitor
 * without access to the convention ("Shop: no authorisation" with the host's contact).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** a GraphQL answer's data, as JSON.parse gives it */
type Json = ReturnType<typeof JSON.parse>;

const gql = async <T = Record<string, Json>>(query: string, variables: Record<string, unknown>, userId: string | null) => {
  const headers: Record<string, string> = { 'Accept-Language': 'en' };
  if (userId) headers.Authorization = `JWT ${await t.accessToken(userId)}`;
  return t.graphql<T>(query, variables, { headers });
};

let worlds = 0;
async function world(options: { permission?: 'PUBLIC' | 'LOGGED_IN' | 'TOKEN' } = {}) {
  const db = t.app.db;
  const n = ++worlds;
  const host = await createOrganization(db, { suites: Package.EVENT, name: `Host GmbH ${n}`, email: `host-${n}@example.com`, phone: '+49 30 1234' });
  const hostAdmin = await createUser(db, { default_language: 'EN' });
  await addMember(db, host.id, hostAdmin.id, { role: 'admin', isOwner: true });
  const convention = await createShopConvention(db, { organization_id: host.id, permission_type: options.permission ?? 'PUBLIC' });
  const hall = await createHall(db, { conventionId: convention.id });
  const otherHall = await createHall(db, { conventionId: convention.id });

  const exhibitor = await createOrganization(db, { suites: Package.EVENT, name: `Exhibitor AG ${n}`, email: `orders-${n}@exhibitor.example` });
  const exhibitorAdmin = await createUser(db, { default_language: 'EN' });
  await addMember(db, exhibitor.id, exhibitorAdmin.id, { role: 'admin', isOwner: true });
  const exhibitorSales = await createUser(db, { default_language: 'EN' });
  await addMember(db, exhibitor.id, exhibitorSales.id, { role: 'sales' });
  const stand = await createStand(db, { organization_id: exhibitor.id, name: `Alpha Stand ${n}` });
  await addStandToHall(db, { hall_id: hall.id, stand_id: stand.id });

  const second = await createOrganization(db, { suites: Package.EVENT, name: `Second KG ${n}` });
  const secondAdmin = await createUser(db, { default_language: 'EN' });
  await addMember(db, second.id, secondAdmin.id, { role: 'admin', isOwner: true });
  const secondStand = await createStand(db, { organization_id: second.id, name: `Beta Stand ${n}` });
  await addStandToHall(db, { hall_id: otherHall.id, stand_id: secondStand.id });
  // a stand the host has not approved: its products are not in the shop
  const pendingStand = await createStand(db, { organization_id: second.id });
  await addStandToHall(db, { hall_id: otherHall.id, stand_id: pendingStand.id, approved: false });

  const mug = await createProduct(db, { stand_id: stand.id, title: 'Coffee mug', price_cents: 1250, stock: 5 });
  const shirt = await createProduct(db, { stand_id: stand.id, title: 'T-shirt', variants: [{ size: 'M', colour: 'blue', stock: 2 }, { size: 'L', colour: 'blue', stock: null }] });
  const hidden = await createProduct(db, { stand_id: stand.id, title: 'Secret prototype', visible: false });
  const catalogue = await createProduct(db, { stand_id: secondStand.id, title: 'Printed catalogue', price_cents: null, stock: 1 });
  const pending = await createProduct(db, { stand_id: pendingStand.id, title: 'Unapproved thing' });
  const ticket = await createProduct(db, { convention_id: convention.id, title: 'Workshop ticket', price_cents: 4900, stock: 100 });

  const visitor = await createUser(db, { default_language: 'EN', first_name: 'Vera', last_name: 'Visitor', email: `vera-${convention.slug}@example.com` });
  const otherVisitor = await createUser(db, { default_language: 'EN' });
  return { host, hostAdmin, convention, hall, otherHall, exhibitor, exhibitorAdmin, exhibitorSales, stand, second, secondAdmin, secondStand, mug, shirt, hidden, catalogue, pending, ticket, visitor, otherVisitor };
}

const PRODUCTS = `query($c: String!, $search: String, $hall: String, $stand: String, $page: Int) {
  products(conventionSlug: $c, search: $search, hall: $hall, stand: $stand, page: $page) { total page pages items { id title onRequest priceCents available variants { id label stock } seller { name standName hallSlug hallStandSlug } } }
}`;
const CART = `query($c: String!) { cart(conventionSlug: $c) { count hasOnRequest totals { currency cents } lines { id name variantLabel quantity available state sellerName } } }`;
const ADD = `mutation($c: String!, $p: ID!, $v: ID, $q: Int) { cartAdd(conventionSlug: $c, productId: $p, variantId: $v, quantity: $q) {
  cart { count lines { id name quantity state } } shortages { name requested available } error { code field message } } }`;
const UPDATE = `mutation($c: String!, $l: ID!, $q: Int!) { cartUpdate(conventionSlug: $c, lineId: $l, quantity: $q) { cart { count } shortages { available } error { code message } } }`;
const REMOVE = `mutation($c: String!, $l: ID!) { cartRemove(conventionSlug: $c, lineId: $l) { cart { count } error { code } } }`;
const CHECKOUT = `mutation($c: String!, $m: String) { checkout(conventionSlug: $c, message: $m) {
  orderRequests { id number state sellerName lines { name variantLabel quantity priceCents } } shortages { name requested available } error { code message } } }`;

describe('shop listing', () => {
  it('lists the host products and the visible products of approved stands, searchable and filtered, a page at a time', async () => {
    const w = await world();
    const all = await gql(PRODUCTS, { c: w.convention.slug }, null);
    expect(all.body.errors).toBeUndefined();
    const titles = all.body.data!.products.items.map((p: Json) => p.title);
    expect(titles).toEqual(['Workshop ticket', 'Coffee mug', 'T-shirt', 'Printed catalogue']);
    expect(all.body.data!.products.total).toBe(4);
    const shirt = all.body.data!.products.items.find((p: Json) => p.title === 'T-shirt');
    expect(shirt.available).toBeNull();
    expect(shirt.variants.map((v: Json) => v.label)).toEqual(['M / blue', 'L / blue']);
    const catalogue = all.body.data!.products.items.find((p: Json) => p.title === 'Printed catalogue');
    expect(catalogue).toMatchObject({ onRequest: true, priceCents: null, seller: { name: w.second.name, standName: w.secondStand.name, hallSlug: w.otherHall.slug } });

    const search = await gql(PRODUCTS, { c: w.convention.slug, search: 'mug' }, null);
    expect(search.body.data!.products.items.map((p: Json) => p.title)).toEqual(['Coffee mug']);
    const byHall = await gql(PRODUCTS, { c: w.convention.slug, hall: w.otherHall.slug }, null);
    expect(byHall.body.data!.products.items.map((p: Json) => p.title)).toEqual(['Printed catalogue']);
    const byStand = await gql(PRODUCTS, { c: w.convention.slug, stand: w.stand.slug }, null);
    expect(byStand.body.data!.products.items.map((p: Json) => p.title)).toEqual(['Coffee mug', 'T-shirt']);
    const beyond = await gql(PRODUCTS, { c: w.convention.slug, page: 3 }, null);
    expect(beyond.body.data!.products).toMatchObject({ items: [], total: 4, page: 3 });
  });

  it('pages through many products with a fixed number of statements', async () => {
    const w = await world();
    for (let i = 0; i < 30; i++) await createProduct(t.app.db, { stand_id: w.stand.id, title: `Bulk ${String(i).padStart(2, '0')}` });
    const ctx = await t.serviceContext(null);
    const statements: string[] = [];
    const listen = (q: { sql: string }) => statements.push(q.sql);
    t.app.db.on('query', listen);
    const first = await shopProducts(ctx, w.convention.slug, {});
    t.app.db.off('query', listen);
    expect(first.items).toHaveLength(24);
    expect(first.total).toBe(34);
    expect(first.pages).toBe(2);
    expect(statements.length).toBeLessThanOrEqual(7);
    const second = await shopProducts(ctx, w.convention.slug, { page: 2 });
    expect(second.items).toHaveLength(10);
  });

  it('is NOT_FOUND for a convention without a shop, and a hidden or foreign product is NOT_FOUND', async () => {
    const w = await world();
    await t.app.db('conventions').where({ id: w.convention.id }).update({ shop: false });
    const none = await gql(PRODUCTS, { c: w.convention.slug }, null);
    expect(none.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await t.app.db('conventions').where({ id: w.convention.id }).update({ shop: true });
    const q = `query($c: String!, $id: ID!) { product(conventionSlug: $c, id: $id) { title } }`;
    expect((await gql(q, { c: w.convention.slug, id: w.mug.id }, null)).body.data!.product.title).toBe('Coffee mug');
    expect((await gql(q, { c: w.convention.slug, id: w.hidden.id }, null)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await gql(q, { c: w.convention.slug, id: w.hidden.id }, w.exhibitorAdmin.id)).body.data!.product.title).toBe('Secret prototype');
    expect((await gql(q, { c: w.convention.slug, id: w.pending.id }, null)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await gql(q, { c: w.convention.slug, id: 'not-a-uuid' }, null)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('follows the convention access type: without access "Shop: no authorisation" names the host and its contact', async () => {
    const w = await world({ permission: 'TOKEN' });
    const anonymous = await gql(PRODUCTS, { c: w.convention.slug }, null);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const denied = await gql(PRODUCTS, { c: w.convention.slug }, w.visitor.id);
    expect(denied.body.errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    expect(denied.body.errors?.[0]?.message).toBe(`Shop: no authorisation. Please contact the host ${w.host.name}: ${w.host.email}, +49 30 1234`);
    const deniedCart = await gql(ADD, { c: w.convention.slug, p: w.mug.id }, w.visitor.id);
    expect(deniedCart.body.data!.cartAdd.error.code).toBe('PERMISSION_DENIED');
    const de = await (await t.serviceContext(w.visitor.id, 'DE')).t('shop:errors.noAuthorisation', { host: 'X', contact: 'Y' });
    expect(de).toContain('Shop: keine Berechtigung');
    await grantAccess(t.app.db, { convention_id: w.convention.id, user_id: w.visitor.id });
    const granted = await gql(PRODUCTS, { c: w.convention.slug }, w.visitor.id);
    expect(granted.body.data!.products.total).toBe(4);
  });
});

describe('cart', () => {
  it('adds, updates and removes lines, checking quantities against the stock on the server', async () => {
    const w = await world();
    const c = w.convention.slug;
    const added = await gql(ADD, { c, p: w.mug.id, q: 2 }, w.visitor.id);
    expect(added.body.data!.cartAdd.error).toBeNull();
    expect(added.body.data!.cartAdd.cart.count).toBe(2);
    // the same product again is the same line
    const again = await gql(ADD, { c, p: w.mug.id, q: 1 }, w.visitor.id);
    expect(again.body.data!.cartAdd.cart.lines).toHaveLength(1);
    expect(again.body.data!.cartAdd.cart.count).toBe(3);
    const tooMany = await gql(ADD, { c, p: w.mug.id, q: 3 }, w.visitor.id);
    expect(tooMany.body.data!.cartAdd.error.code).toBe('OUT_OF_STOCK');
    expect(tooMany.body.data!.cartAdd.shortages).toEqual([{ name: 'Coffee mug', requested: 6, available: 5 }]);
    // variants: one must be chosen, each has its own stock
    const noVariant = await gql(ADD, { c, p: w.shirt.id }, w.visitor.id);
    expect(noVariant.body.data!.cartAdd.error.code).toBe('REQUIRED');
    const variants = await t.app.db('product_variants').where({ product_id: w.shirt.id }).orderBy('order');
    expect((await gql(ADD, { c, p: w.shirt.id, v: variants[0].id, q: 3 }, w.visitor.id)).body.data!.cartAdd.shortages[0].available).toBe(2);
    expect((await gql(ADD, { c, p: w.shirt.id, v: variants[1].id, q: 50 }, w.visitor.id)).body.data!.cartAdd.error).toBeNull();
    expect((await gql(ADD, { c, p: w.hidden.id }, w.visitor.id)).body.data!.cartAdd.error.code).toBe('NOT_FOUND');
    expect((await gql(ADD, { c, p: w.pending.id }, w.visitor.id)).body.data!.cartAdd.error.code).toBe('NOT_FOUND');
    expect((await gql(ADD, { c, p: w.mug.id, q: 0 }, w.visitor.id)).body.data!.cartAdd.error.code).toBe('INVALID');

    const cart = (await gql(CART, { c }, w.visitor.id)).body.data!.cart;
    expect(cart.count).toBe(53);
    expect(cart.totals).toEqual([{ currency: 'EUR', cents: 3 * 1250 + 50 * 1000 }]);
    const mugLine = cart.lines.find((l: Json) => l.name === 'Coffee mug');
    const update = await gql(UPDATE, { c, l: mugLine.id, q: 9 }, w.visitor.id);
    expect(update.body.data!.cartUpdate).toMatchObject({ error: { code: 'OUT_OF_STOCK' }, shortages: [{ available: 5 }] });
    expect((await gql(UPDATE, { c, l: mugLine.id, q: 5 }, w.visitor.id)).body.data!.cartUpdate.cart.count).toBe(55);
    expect((await gql(REMOVE, { c, l: mugLine.id }, w.visitor.id)).body.data!.cartRemove.cart.count).toBe(50);
  });

  it('keeps a line whose product went away and shows it as such; checkout asks to remove it first', async () => {
    const w = await world();
    const c = w.convention.slug;
    await gql(ADD, { c, p: w.ticket.id, q: 1 }, w.visitor.id);
    await gql(ADD, { c, p: w.catalogue.id, q: 1 }, w.visitor.id);
    await t.app.db('products').where({ id: w.ticket.id }).delete();
    await t.app.db('products').where({ id: w.catalogue.id }).update({ visible: false });
    const cart = (await gql(CART, { c }, w.visitor.id)).body.data!.cart;
    expect(cart.lines.map((l: Json) => [l.name, l.state])).toEqual([
      ['Workshop ticket', 'GONE'],
      ['Printed catalogue', 'UNAVAILABLE'],
    ]);
    const out = await gql(CHECKOUT, { c }, w.visitor.id);
    expect(out.body.data!.checkout.error.code).toBe('INVALID');
    expect(out.body.data!.checkout.error.message).toContain('Workshop ticket');
  });

  it('belongs to the visitor: survives a new session, and nobody else reads or changes it', async () => {
    const w = await world();
    const c = w.convention.slug;
    await gql(ADD, { c, p: w.mug.id, q: 1 }, w.visitor.id);
    // a new token is a new login: the cart is still there
    expect((await gql(CART, { c }, w.visitor.id)).body.data!.cart.count).toBe(1);
    const line = await t.app.db('cart_lines as l').join('carts as k', 'k.id', 'l.cart_id').where('k.user_id', w.visitor.id).first('l.id');
    expect((await gql(CART, { c }, w.otherVisitor.id)).body.data!.cart.lines).toEqual([]);
    expect((await gql(UPDATE, { c, l: line.id, q: 2 }, w.otherVisitor.id)).body.data!.cartUpdate.error.code).toBe('NOT_FOUND');
    expect((await gql(REMOVE, { c, l: line.id }, w.otherVisitor.id)).body.data!.cartRemove.error.code).toBe('NOT_FOUND');
    expect((await gql(CART, { c }, null)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const anonymousAdd = await gql(ADD, { c, p: w.mug.id }, null);
    expect(anonymousAdd.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql(CART, { c }, w.visitor.id)).body.data!.cart.count).toBe(1);
  });
});

describe('checkout', () => {
  it('makes one order request per selling organisation, takes the stock, empties the cart and mails each side', async () => {
    const w = await world();
    const c = w.convention.slug;
    const variants = await t.app.db('product_variants').where({ product_id: w.shirt.id }).orderBy('order');
    await gql(ADD, { c, p: w.mug.id, q: 2 }, w.visitor.id);
    await gql(ADD, { c, p: w.shirt.id, v: variants[0].id, q: 2 }, w.visitor.id);
    await gql(ADD, { c, p: w.catalogue.id, q: 1 }, w.visitor.id);
    await gql(ADD, { c, p: w.ticket.id, q: 1 }, w.visitor.id);
    // the exhibitor has its own German subject for order requests (its mail template, issue 29)
    await t.app.db('email_translatables').insert({ organization_id: w.exhibitor.id, template_key: 'orderRequest', msg_id: 'subject', language: 'DE', text: 'Bestellung {{number}} von {{buyer}}' });
    const out = await gql(CHECKOUT, { c, m: 'Please deliver to hall 2' }, w.visitor.id);
    expect(out.body.data!.checkout.error).toBeNull();
    const requests = out.body.data!.checkout.orderRequests;
    expect(requests.map((r: Json) => r.sellerName).sort()).toEqual([w.exhibitor.name, w.host.name, w.second.name]);
    const exhibitorRequest = requests.find((r: Json) => r.sellerName === w.exhibitor.name);
    expect(exhibitorRequest.lines).toEqual([
      { name: 'Coffee mug', variantLabel: '', quantity: 2, priceCents: 1250 },
      { name: 'T-shirt', variantLabel: 'M / blue', quantity: 2, priceCents: 1000 },
    ]);
    expect(exhibitorRequest.state).toBe('NEW');
    expect((await t.app.db('products').where({ id: w.mug.id }).first()).stock).toBe(3);
    expect((await t.app.db('product_variants').where({ id: variants[0].id }).first()).stock).toBe(0);
    expect((await t.app.db('products').where({ id: w.catalogue.id }).first()).stock).toBe(0);
    expect((await gql(CART, { c }, w.visitor.id)).body.data!.cart.count).toBe(0);

    const exhibitorMails = await listMails(t.app.db, { to: w.exhibitor.email! });
    expect(exhibitorMails).toHaveLength(1);
    expect(exhibitorMails[0]!.subject).toContain(exhibitorRequest.number);
    expect(exhibitorMails[0]!.text).toContain('2 × Coffee mug');
    expect(exhibitorMails[0]!.text).toContain('Please deliver to hall 2');
    expect(exhibitorMails[0]!.subject).toBe(`Bestellung ${exhibitorRequest.number} von Vera Visitor`);
    // answers go to the visitor; the mail is in the exhibitor's delivery log as its order-request template
    expect(exhibitorMails[0]!.replyTo).toBe(w.visitor.email);
    const deliveries = await t.app.db('email_deliveries').where({ organization_id: w.exhibitor.id }).select('template_key', 'recipient');
    expect(deliveries).toHaveLength(2);
    expect(deliveries).toEqual(
      expect.arrayContaining([
        { template_key: 'orderRequest', recipient: w.exhibitor.email },
        { template_key: 'orderRequestCopy', recipient: w.visitor.email },
      ]),
    );
    expect(await listMails(t.app.db, { to: w.host.email! })).toHaveLength(1);
    // an organisation without an address of its own: its admins get it
    expect(await listMails(t.app.db, { to: (await t.app.db('users').where({ id: w.secondAdmin.id }).first()).email })).toHaveLength(1);
    const copies = await listMails(t.app.db, { to: w.visitor.email });
    expect(copies).toHaveLength(3);
  });

  it('a shortage answers with what is left and changes nothing (neither cart nor stock nor requests)', async () => {
    const w = await world();
    const c = w.convention.slug;
    await gql(ADD, { c, p: w.mug.id, q: 4 }, w.visitor.id);
    await gql(ADD, { c, p: w.ticket.id, q: 2 }, w.visitor.id);
    await t.app.db('products').where({ id: w.mug.id }).update({ stock: 3 });
    const out = await gql(CHECKOUT, { c }, w.visitor.id);
    expect(out.body.data!.checkout.error.code).toBe('OUT_OF_STOCK');
    expect(out.body.data!.checkout.error.message).toContain('Coffee mug: 3 still available');
    expect(out.body.data!.checkout.shortages).toEqual([{ name: 'Coffee mug', requested: 4, available: 3 }]);
    expect((await t.app.db('products').where({ id: w.ticket.id }).first()).stock).toBe(100);
    expect((await t.app.db('products').where({ id: w.mug.id }).first()).stock).toBe(3);
    expect((await gql(CART, { c }, w.visitor.id)).body.data!.cart.count).toBe(6);
    expect(await t.app.db('order_requests').where({ user_id: w.visitor.id })).toHaveLength(0);
    expect(await listMails(t.app.db, { to: w.visitor.email })).toHaveLength(0);
    expect((await gql(CHECKOUT, { c }, w.otherVisitor.id)).body.data!.checkout.error.code).toBe('INVALID');
  });

  it('two checkouts of the last item at once: one wins, the other is told what is left, the stock is 0', async () => {
    const w = await world();
    const c = w.convention.slug;
    // the catalogue has a stock of 1
    await createCartLine(t.app.db, { user_id: w.visitor.id, convention_id: w.convention.id, product_id: w.catalogue.id, name: 'Printed catalogue' });
    await createCartLine(t.app.db, { user_id: w.otherVisitor.id, convention_id: w.convention.id, product_id: w.catalogue.id, name: 'Printed catalogue' });
    const [a, b] = await Promise.all([w.visitor.id, w.otherVisitor.id].map(async (id) => checkout(await t.serviceContext(id, 'EN'), c).then(
      (ok) => ({ ok, error: null as unknown }),
      (error: unknown) => ({ ok: null, error }),
    )));
    const results = [a, b];
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const lost = results.find((r) => r.error)!.error;
    expect(lost).toBeInstanceOf(OutOfStockError);
    expect((lost as OutOfStockError).shortages).toEqual([expect.objectContaining({ name: 'Printed catalogue', requested: 1, available: 0 })]);
    expect((await t.app.db('products').where({ id: w.catalogue.id }).first()).stock).toBe(0);
    expect(await t.app.db('order_requests').whereIn('user_id', [w.visitor.id, w.otherVisitor.id])).toHaveLength(1);
  });

  it('the stock never goes below 0, whatever writes it', async () => {
    const w = await world();
    await expect(t.app.db('products').where({ id: w.mug.id }).update({ stock: -1 })).rejects.toThrow(/products_stock_chk/);
  });
});

const MY = `query($c: String) { myOrderRequests(conventionSlug: $c) { total items { id number state answer lines { name } } } }`;
const ORG = `query($s: OrderRequestState) { orderRequests(state: $s) { total items { id number state buyerEmail message lines { name quantity } } } }`;
const ONE = `query($id: ID!) { orderRequest(id: $id) { id state } }`;
const ANSWER = `mutation($id: ID!, $a: String!) { orderRequestAnswer(id: $id, answer: $a) { orderRequest { state answer answeredAt } error { code message } } }`;
const CLOSE = `mutation($id: ID!) { orderRequestClose(id: $id) { orderRequest { state closedAt } error { code } } }`;

describe('order requests', () => {
  it('the exhibitor sees, answers and closes its requests; the visitor sees theirs with the answer; nobody else sees any', async () => {
    const w = await world();
    const c = w.convention.slug;
    await gql(ADD, { c, p: w.mug.id, q: 1 }, w.visitor.id);
    await gql(ADD, { c, p: w.catalogue.id, q: 1 }, w.visitor.id);
    await gql(CHECKOUT, { c, m: 'Hello' }, w.visitor.id);

    const mine = (await gql(MY, { c }, w.visitor.id)).body.data!.myOrderRequests;
    expect(mine.total).toBe(2);
    const forExhibitor = (await gql(ORG, {}, w.exhibitorAdmin.id)).body.data!.orderRequests;
    expect(forExhibitor.total).toBe(1);
    expect(forExhibitor.items[0]).toMatchObject({ state: 'NEW', buyerEmail: w.visitor.email, message: 'Hello', lines: [{ name: 'Coffee mug', quantity: 1 }] });
    const id = forExhibitor.items[0].id;

    // who may not
    expect((await gql(ORG, {}, w.secondAdmin.id)).body.data!.orderRequests.items.map((r: Json) => r.id)).not.toContain(id);
    expect((await gql(ONE, { id }, w.secondAdmin.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await gql(ONE, { id }, w.otherVisitor.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await gql(ONE, { id }, null)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql(MY, {}, w.otherVisitor.id)).body.data!.myOrderRequests.total).toBe(0);
    expect((await gql(ORG, {}, w.visitor.id)).body.errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    expect((await gql(ANSWER, { id, a: 'Mine now' }, w.secondAdmin.id)).body.data!.orderRequestAnswer.error.code).toBe('NOT_FOUND');
    expect((await gql(ANSWER, { id, a: 'Mine now' }, w.visitor.id)).body.data!.orderRequestAnswer.error.code).toBe('PERMISSION_DENIED');
    expect((await gql(ONE, { id }, w.visitor.id)).body.data!.orderRequest.state).toBe('NEW');

    expect((await gql(ANSWER, { id, a: ' ' }, w.exhibitorAdmin.id)).body.data!.orderRequestAnswer.error.code).toBe('REQUIRED');
    // a sales user's role has no event feature
    expect((await gql(ANSWER, { id, a: 'Mine now' }, w.exhibitorSales.id)).body.data!.orderRequestAnswer.error.code).toBe('PERMISSION_DENIED');
    const answered = await gql(ANSWER, { id, a: 'Ready for pick-up at our stand.' }, w.exhibitorAdmin.id);
    expect(answered.body.data!.orderRequestAnswer.orderRequest).toMatchObject({ state: 'ANSWERED', answer: 'Ready for pick-up at our stand.' });
    const answerMail = (await listMails(t.app.db, { to: w.visitor.email })).find((m) => m.text.includes('Ready for pick-up'));
    expect(answerMail).toBeDefined();
    expect((await gql(ORG, { s: 'ANSWERED' }, w.exhibitorAdmin.id)).body.data!.orderRequests.total).toBe(1);
    expect((await gql(ORG, { s: 'NEW' }, w.exhibitorAdmin.id)).body.data!.orderRequests.total).toBe(0);
    const visitorSees = (await gql(MY, { c }, w.visitor.id)).body.data!.myOrderRequests.items.find((r: Json) => r.id === id);
    expect(visitorSees).toMatchObject({ state: 'ANSWERED', answer: 'Ready for pick-up at our stand.' });

    expect((await gql(CLOSE, { id }, w.secondAdmin.id)).body.data!.orderRequestClose.error.code).toBe('NOT_FOUND');
    expect((await gql(CLOSE, { id }, w.exhibitorAdmin.id)).body.data!.orderRequestClose.orderRequest.state).toBe('CLOSED');
    expect((await gql(ANSWER, { id, a: 'Again' }, w.exhibitorAdmin.id)).body.data!.orderRequestAnswer.error.code).toBe('INVALID');
  });
});

const CREATE = `mutation($standId: ID, $conventionId: ID, $input: ProductInput!) { productCreate(standId: $standId, conventionId: $conventionId, input: $input) {
  product { id title titleDe priceCents stock visible order variants { id label stock } } error { code field } } }`;
const PRODUCT_UPDATE = `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { product { title priceCents onRequest visible variants { id label stock } } error { code field } } }`;
const DELETE = `mutation($id: ID!) { productDelete(id: $id) { id error { code } } }`;
const ORDER = `mutation($ids: [ID!]!) { productOrder(ids: $ids) { products { title order } error { code } } }`;
const OWN = `query($standId: ID, $conventionId: ID) { shopProducts(standId: $standId, conventionId: $conventionId) { title visible } }`;

describe('products in the console', () => {
  it('the stand’s exhibitor and the convention’s host manage their products; others may not', async () => {
    const w = await world();
    const input = { titleEn: 'Poster', titleDe: 'Plakat', priceCents: 500, stock: 10, variants: [{ size: 'A2', stock: 3 }] };
    const created = await gql(CREATE, { standId: w.stand.id, input }, w.exhibitorAdmin.id);
    expect(created.body.data!.productCreate.error).toBeNull();
    const product = created.body.data!.productCreate.product;
    expect(product).toMatchObject({ title: 'Poster', titleDe: 'Plakat', priceCents: 500, stock: null, visible: true, order: 3, variants: [{ label: 'A2', stock: 3 }] });
    expect((await gql(CREATE, { standId: w.stand.id, input: {} }, w.exhibitorAdmin.id)).body.data!.productCreate.error.field).toBe('titleEn');
    expect((await gql(CREATE, { conventionId: w.convention.id, input }, w.hostAdmin.id)).body.data!.productCreate.error).toBeNull();

    // who may not: another organisation, a sales user, a visitor, anonymous
    expect((await gql(CREATE, { standId: w.stand.id, input }, w.secondAdmin.id)).body.data!.productCreate.error.code).toBe('NOT_FOUND');
    expect((await gql(CREATE, { conventionId: w.convention.id, input }, w.exhibitorAdmin.id)).body.data!.productCreate.error.code).toBe('NOT_FOUND');
    expect((await gql(CREATE, { standId: w.stand.id, input }, w.exhibitorSales.id)).body.data!.productCreate.error.code).toBe('PERMISSION_DENIED');
    expect((await gql(CREATE, { standId: w.stand.id, input }, w.visitor.id)).body.data!.productCreate.error.code).toBe('PERMISSION_DENIED');
    expect((await gql(CREATE, { standId: w.stand.id, input }, null)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql(PRODUCT_UPDATE, { id: product.id, input: { priceCents: 1 } }, w.secondAdmin.id)).body.data!.productUpdate.error.code).toBe('NOT_FOUND');
    expect((await gql(DELETE, { id: product.id }, w.secondAdmin.id)).body.data!.productDelete.error.code).toBe('NOT_FOUND');
    expect((await gql(OWN, { standId: w.stand.id }, w.secondAdmin.id)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const updated = await gql(
      PRODUCT_UPDATE,
      { id: product.id, input: { titleEn: 'Big poster', priceCents: null, visible: false, variants: [{ id: product.variants[0].id, size: 'A1', stock: 1 }, { colour: 'red' }] } },
      w.exhibitorAdmin.id,
    );
    expect(updated.body.data!.productUpdate.product).toMatchObject({ title: 'Big poster', priceCents: null, onRequest: true, visible: false });
    expect(updated.body.data!.productUpdate.product.variants).toEqual([
      { id: product.variants[0].id, label: 'A1', stock: 1 },
      expect.objectContaining({ label: 'red', stock: null }),
    ]);
    const own = (await gql(OWN, { standId: w.stand.id }, w.exhibitorAdmin.id)).body.data!.shopProducts;
    expect(own.map((p: Json) => p.title)).toEqual(['Coffee mug', 'T-shirt', 'Secret prototype', 'Big poster']);

    const ids = [product.id, w.mug.id, w.shirt.id, w.hidden.id];
    expect((await gql(ORDER, { ids: [w.mug.id, w.catalogue.id] }, w.exhibitorAdmin.id)).body.data!.productOrder.error.code).toBe('NOT_FOUND');
    const ordered = await gql(ORDER, { ids }, w.exhibitorAdmin.id);
    expect(ordered.body.data!.productOrder.products.map((p: Json) => p.title)).toEqual(['Big poster', 'Coffee mug', 'T-shirt', 'Secret prototype']);

    // a deleted product stays in carts, marked
    await cartAdd(await t.serviceContext(w.visitor.id, 'EN'), w.convention.slug, { productId: w.mug.id });
    expect((await gql(DELETE, { id: w.mug.id }, w.exhibitorAdmin.id)).body.data!.productDelete.id).toBe(w.mug.id);
    const cart = await cartOf(await t.serviceContext(w.visitor.id, 'EN'), w.convention.slug);
    expect(cart.lines).toEqual([expect.objectContaining({ name: 'Coffee mug', state: 'GONE' })]);
  });
});
