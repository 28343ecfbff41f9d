import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { HOST_PRODUCTS, SHOP_STANDS, seedShop } from '~/server/seed/shop';
import { findFile } from '~/server/services/files/files.server';
import { cartAdd, checkout, myOrderRequests, orderRequestsOfOrganization, shopFilters, shopProducts } from '~/server/services/shop';
import { addMember, addStandToHall, createConvention, createHall, createOrganization, createStand, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * The demo shop (issue 31) as the demo's visitors and exhibitor see it: the demo convention has a shop with products
 * at four stands and the host's tickets, service and catalogue, in German and English, with prices and "on
 * request", variants, stock, one hidden product and pictures with their alternative texts; the demo visitor has two
 * order requests (new, answered), which the exhibitor sees in the console; a visitor can order from it.
 */

let t: TestApp;
let conventionSlug: string;
let adminId: string;
let visitorId: string;
let seeded: Awaited<ReturnType<typeof seedShop>>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  const org = await createOrganization(db, { name: 'Demo Messe GmbH', suites: Package.BASIC | Package.EVENT | Package.SALES });
  const admin = await createUser(db, { first_name: 'Anna', last_name: 'Aussteller', default_language: 'DE' });
  await addMember(db, org.id, admin.id, { role: 'admin', isOwner: true });
  adminId = admin.id;
  const visitor = await createUser(db, { email: `visitor-${org.id.slice(0, 8)}@demo.example`, first_name: 'Victor', last_name: 'Besucher', default_language: 'DE' });
  visitorId = visitor.id;
  const convention = await createConvention(db, { organization_id: org.id, shop: false, permission_type: 'PUBLIC' });
  conventionSlug = convention.slug;
  const hall = await createHall(db, { organization_id: org.id, conventionId: convention.id });
  for (const name of [...SHOP_STANDS.map((s) => s.name), 'Cloudwerk AG']) {
    const stand = await createStand(db, { organization_id: org.id, name });
    await addStandToHall(db, { hall_id: hall.id, stand_id: stand.id });
  }
  seeded = await db.transaction((trx) => seedShop(trx, { organizationId: org.id, conventionSlug, visitorEmail: visitor.email, storage: t.app.storage }));
});
afterAll(async () => {
  await t.close();
});

describe('demo shop', () => {
  it('opens the convention’s shop with the host’s products and those of four stands, in German and English', async () => {
    expect((await t.app.db('conventions').where({ slug: conventionSlug }).first('shop')).shop).toBe(true);
    const de = await shopProducts(await t.serviceContext(null, 'DE'), conventionSlug, {});
    const visible = HOST_PRODUCTS.length + SHOP_STANDS.flatMap((s) => s.products).filter((p) => p.visible !== false).length;
    expect(de.total).toBe(visible);
    const standsWithProducts = new Set(de.items.filter((p) => p.standId).map((p) => p.seller.standName));
    expect(standsWithProducts.size).toBe(4);
    expect(de.items.filter((p) => p.conventionId).map((p) => p.title)).toEqual(HOST_PRODUCTS.map((p) => p.texts.de[0]));
    for (const p of de.items) {
      for (const text of [p.titleDe, p.titleEn, p.descriptionDe, p.descriptionEn]) expect(text, p.titleDe).not.toBe('');
    }
    const en = await shopProducts(await t.serviceContext(null, 'EN'), conventionSlug, { search: 'hoodie' });
    expect(en.items.map((p) => p.title)).toEqual(['Datenfluss hoodie']);
    expect(en.items[0]!.variants.map((v) => v.label)).toEqual(['M / Navy', 'L / Navy', 'M / Grau', 'XL / Grau']);
    const filters = await shopFilters(await t.serviceContext(null, 'DE'), de.convention);
    expect(filters.stands).toHaveLength(4);
  });

  it('has prices and "on request", stock and unlimited, variants (one sold out) and one hidden product', async () => {
    const { items } = await shopProducts(await t.serviceContext(null, 'EN'), conventionSlug, {});
    expect(items.some((p) => p.onRequest)).toBe(true);
    expect(items.some((p) => p.priceCents !== null && p.priceCents > 0)).toBe(true);
    expect(items.some((p) => p.available === null)).toBe(true);
    expect(items.some((p) => p.available !== null && p.available > 0 && !p.variants.length)).toBe(true);
    expect(items.filter((p) => p.variants.length).length).toBeGreaterThanOrEqual(3);
    expect(items.flatMap((p) => p.variants).some((v) => v.stock === 0)).toBe(true);
    const hidden = await t.app.db('products').whereIn('id', seeded.productIds).where({ visible: false });
    expect(hidden).toHaveLength(1);
    expect(items.map((p) => p.id)).not.toContain(hidden[0].id);
  });

  it('shows pictures with alternative texts in both languages, served to every visitor of the public convention', async () => {
    const anonymous = await t.serviceContext(null, 'DE');
    const { items } = await shopProducts(anonymous, conventionSlug, {});
    const pictured = items.filter((p) => p.pictures.length);
    expect(pictured.length).toBeGreaterThanOrEqual(6);
    for (const p of pictured) {
      const [picture] = p.pictures;
      expect(picture!.altDe, p.titleDe).not.toBe('');
      expect(picture!.altEn, p.titleDe).not.toBe('');
      expect(picture!.alt).toBe(picture!.altDe);
      expect(picture!.width).toBe(960);
      const file = await findFile(anonymous, picture!.id);
      expect(file, p.titleDe).not.toBeNull();
      const stream = await t.app.storage.get(file!.storage_key);
      expect(stream).not.toBeNull();
      stream!.destroy();
    }
  });

  it('gives the demo visitor a new and an answered order request, which the exhibitor sees; a visitor can order from the shop', async () => {
    const mine = await myOrderRequests(await t.serviceContext(visitorId, 'DE'), { conventionSlug });
    expect(mine.items.map((r) => r.state).sort()).toEqual(['ANSWERED', 'NEW']);
    const answered = mine.items.find((r) => r.state === 'ANSWERED')!;
    expect(answered.answer).toContain('Workshop');
    const fresh = mine.items.find((r) => r.state === 'NEW')!;
    expect(fresh.lines.map((l) => [l.name, l.variantLabel, l.quantity])).toEqual([
      ['Musterkoffer Drehteile', '', 1],
      ['Digitaler Messschieber 150 mm', '', 2],
      ['Greiferbacken-Set', 'M', 1],
    ]);
    const console = await orderRequestsOfOrganization(await t.serviceContext(adminId, 'DE'), { state: 'NEW' });
    expect(console.items.map((r) => r.number)).toEqual([fresh.number]);

    const shopper = await createUser(t.app.db, { default_language: 'EN' });
    const ctx = await t.serviceContext(shopper.id, 'EN');
    const { items } = await shopProducts(ctx, conventionSlug, { search: 'jaw set' });
    const jaws = items[0]!;
    await cartAdd(ctx, conventionSlug, { productId: jaws.id, variantId: jaws.variants.find((v) => v.label === 'S')!.id, quantity: 2 });
    const done = await checkout(ctx, conventionSlug, { message: '' });
    expect(done.requestIds).toHaveLength(1);
    const after = await shopProducts(ctx, conventionSlug, { search: 'jaw set' });
    expect(after.items[0]!.variants.find((v) => v.label === 'S')!.stock).toBe(4);
  });
});
