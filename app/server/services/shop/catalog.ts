import type { Knex } from 'knex';
import { Convention, Product, type Currency } from '#db/models/index';
import type { Language } from '~/lib/language';
import { SHOP_PAGE_SIZE, ShopFilterSchema, variantLabel, type ShopFilter } from '~/lib/schemas/shop';
import type { ServiceContext } from '../../context.server';
import { accessState, isDenied } from '../access/index';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { ShopNoAuthorisationError, mayManageProducts, shopNotFound } from './policy';

/**
 * What visitors see of a convention's shop (issue 31): the convention's host products and the visible products of
 * its approved stands (listed in a hall of the convention), searchable, filtered by hall and stand, a page at a time.
 * A page costs a fixed number of statements whatever its length: the products with their placement and a total, then
 * their texts, variants and pictures, each for the whole page.
 */

export interface ShopConvention {
  id: string;
  slug: string;
  title: string;
  organizationId: string;
}

export interface ProductVariantView {
  id: string;
  size: string;
  colour: string;
  label: string;
  stock: number | null;
}

export interface ProductView {
  id: string;
  organizationId: string;
  standId: string | null;
  conventionId: string | null;
  title: string;
  description: string;
  titleDe: string;
  titleEn: string;
  descriptionDe: string;
  descriptionEn: string;
  priceCents: number | null;
  currency: Currency;
  onRequest: boolean;
  stock: number | null;
  /** what may still be ordered: the product's stock, the sum of its variants' (null: unlimited) */
  available: number | null;
  visible: boolean;
  order: number;
  /** `alt` is the picture's text in the reader's language, else the product's title; width and height of the original */
  pictures: { id: string; url: string; alt: string; altDe: string; altEn: string; width: number | null; height: number | null }[];
  variants: ProductVariantView[];
  /** where the product is shown: the stand (with its hall) or the host's own */
  seller: { name: string; standName: string | null; standSlug: string | null; hallSlug: string | null; hallStandSlug: string | null };
}

export interface ProductPage {
  items: ProductView[];
  total: number;
  page: number;
  pages: number;
}

/** The convention of a shop a visitor opens (NOT_FOUND when it has none), checked against its access type. */
export async function shopConvention(ctx: ServiceContext, slug: string): Promise<ShopConvention> {
  const row = await Convention.query(ctx.db).where({ slug: String(slug).toLowerCase() }).first();
  if (!row || !row.shop) throw shopNotFound(ctx, 'conventionSlug');
  const state = await accessState(ctx, 'convention', { id: row.id, organization_id: row.organization_id, permission_type: row.permission_type });
  if (isDenied(state)) {
    if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', ctx.t('errors:unauthenticated'));
    const host = await ctx.db('organizations').where({ id: row.organization_id }).first('name', 'email', 'phone', 'support_url');
    throw new ShopNoAuthorisationError(ctx, { name: host?.name ?? '', email: host?.email ?? null, phone: host?.phone ?? '', supportUrl: host?.support_url ?? '' });
  }
  return { id: row.id, slug: row.slug, title: row.title, organizationId: row.organization_id };
}

/**
 * Where each stand of the convention is listed: its first approved placement (by the convention's hall order, then
 * the hall's stand order), optionally only in one hall.
 */
function placements(db: Knex, conventionId: string, hallSlug?: string) {
  const q = db('hall_stands as hs')
    .join('convention_halls as ch', 'ch.hall_id', 'hs.hall_id')
    .join('halls as h', 'h.id', 'hs.hall_id')
    .where('ch.convention_id', conventionId)
    .where('hs.approved', true)
    .where('hs.stand_accepted', true)
    .distinctOn('hs.stand_id')
    .select('hs.stand_id', 'h.slug as hall_slug', 'hs.slug as hall_stand_slug', 'ch.order as hall_order', 'hs.order as stand_order')
    .orderBy([{ column: 'hs.stand_id' }, { column: 'ch.order' }, { column: 'hs.order' }]);
  if (hallSlug) q.where('h.slug', hallSlug.toLowerCase());
  return q;
}

interface ListedRow {
  id: string;
  total: string | number;
}

/** products(conventionSlug, search, hall, stand, page): the shop's visible products, a page at a time. */
export async function shopProducts(ctx: ServiceContext, conventionSlug: string, rawFilter: ShopFilter = {}): Promise<ProductPage & { convention: ShopConvention }> {
  const convention = await shopConvention(ctx, conventionSlug);
  const filter = parseInput(ctx, ShopFilterSchema, rawFilter);
  const db = ctx.db;
  const q = db('products as p')
    .leftJoin(placements(db, convention.id, filter.hall).as('pl'), 'pl.stand_id', 'p.stand_id')
    .leftJoin('base_stands as bs', 'bs.id', 'p.stand_id')
    .where('p.visible', true)
    .where((w) => {
      // the host's own only while no hall or stand is asked for
      if (!filter.hall && !filter.stand) w.where('p.convention_id', convention.id);
      w.orWhereNotNull('pl.stand_id');
    });
  if (filter.stand) q.where((w) => w.where('pl.hall_stand_slug', filter.stand!.toLowerCase()).orWhere('bs.slug', filter.stand!.toLowerCase()));
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q.whereExists((e) =>
      e
        .select(db.raw('1'))
        .from('product_translations as pt')
        .whereRaw('pt.product_id = p.id')
        .where((w) => w.whereILike('pt.title', like).orWhereILike('pt.description', like)),
    );
  }
  const offset = (filter.page - 1) * SHOP_PAGE_SIZE;
  const rows: ListedRow[] = await q
    .select('p.id', db.raw('count(*) over () as total'))
    .orderByRaw('pl.stand_id is not null, pl.hall_order nulls first, pl.stand_order nulls first, bs.name nulls first, p."order", p.created_at')
    .limit(SHOP_PAGE_SIZE)
    .offset(offset);
  const total = rows.length ? Number(rows[0].total) : offset > 0 ? await countAll(q) : 0;
  const items = await productViews(ctx, rows.map((r) => r.id), convention.id);
  return { convention, items, total, page: filter.page, pages: Math.max(1, Math.ceil(total / SHOP_PAGE_SIZE)) };
}

async function countAll(q: Knex.QueryBuilder): Promise<number> {
  const row = await q.clone().clearSelect().clearOrder().clear('limit').clear('offset').count<{ count: string }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

/** A stand's shop: the visible products of a stand listed in a hall of the convention. */
export async function standShop(
  ctx: ServiceContext,
  conventionSlug: string,
  hallSlug: string,
  hallStandSlug: string,
  standSlug: string,
): Promise<{ convention: ShopConvention; stand: { name: string; slug: string; hallSlug: string; hallStandSlug: string }; items: ProductView[] }> {
  const convention = await shopConvention(ctx, conventionSlug);
  const stand: { id: string; name: string; slug: string } | undefined = await ctx
    .db('hall_stands as hs')
    .join('convention_halls as ch', 'ch.hall_id', 'hs.hall_id')
    .join('halls as h', 'h.id', 'hs.hall_id')
    .join('base_stands as bs', 'bs.id', 'hs.stand_id')
    .where({ 'ch.convention_id': convention.id, 'h.slug': hallSlug.toLowerCase(), 'hs.slug': hallStandSlug.toLowerCase(), 'hs.approved': true, 'hs.stand_accepted': true })
    .where('bs.slug', standSlug.toLowerCase())
    .first('bs.id', 'bs.name', 'bs.slug');
  if (!stand) throw shopNotFound(ctx, 'stand');
  const ids: string[] = await ctx.db('products').where({ stand_id: stand.id, visible: true }).orderBy([{ column: 'order' }, { column: 'created_at' }]).pluck('id');
  return {
    convention,
    stand: { name: stand.name, slug: stand.slug, hallSlug: hallSlug.toLowerCase(), hallStandSlug: hallStandSlug.toLowerCase() },
    items: await productViews(ctx, ids, convention.id),
  };
}

/** product(conventionSlug, id): one product of the shop (hidden ones only for their managers). */
export async function shopProduct(ctx: ServiceContext, conventionSlug: string, id: string): Promise<ProductView> {
  const convention = await shopConvention(ctx, conventionSlug);
  assertId(ctx, id);
  const product = await productInShop(ctx, convention.id, id);
  if (!product || (!product.visible && !mayManageProducts(ctx.viewer, product.organization_id))) throw shopNotFound(ctx, 'id');
  const [view] = await productViews(ctx, [product.id], convention.id);
  return view;
}

/** The product if the convention's shop shows it: the host's own, or one of a stand listed in the convention. */
export async function productInShop(ctx: ServiceContext, conventionId: string, productId: string): Promise<Product | undefined> {
  const product = await Product.query(ctx.db).findById(productId);
  if (!product) return undefined;
  if (product.convention_id) return product.convention_id === conventionId ? product : undefined;
  const placed = await placements(ctx.db, conventionId).where('hs.stand_id', product.stand_id!).first();
  return placed ? product : undefined;
}

const pick = (texts: { language: Language; title: string; description: string }[], language: Language) => {
  const own = texts.find((t) => t.language === language);
  const other = texts.find((t) => t.language !== language);
  return {
    title: own?.title || other?.title || '',
    description: own?.description || other?.description || '',
  };
};

/** Products by id as visitors and consoles see them, in the order given; 4 statements for any number of them. */
export async function productViews(ctx: ServiceContext, ids: string[], conventionId: string | null): Promise<ProductView[]> {
  if (!ids.length) return [];
  const db = ctx.db;
  const rows: (Product & { org_name: string; stand_name: string | null; stand_slug: string | null; hall_slug: string | null; hall_stand_slug: string | null })[] =
    await db('products as p')
      .join('organizations as o', 'o.id', 'p.organization_id')
      .leftJoin('base_stands as bs', 'bs.id', 'p.stand_id')
      .modify((q) => {
        if (conventionId) q.leftJoin(placements(db, conventionId).as('pl'), 'pl.stand_id', 'p.stand_id').select('pl.hall_slug', 'pl.hall_stand_slug');
        else q.select(db.raw('null as hall_slug'), db.raw('null as hall_stand_slug'));
      })
      .whereIn('p.id', ids)
      .select('p.*', 'o.name as org_name', 'bs.name as stand_name', 'bs.slug as stand_slug');
  const [texts, variants, pictures] = await Promise.all([
    db('product_translations').whereIn('product_id', ids).select('product_id', 'language', 'title', 'description'),
    db('product_variants').whereIn('product_id', ids).orderBy([{ column: 'order' }, { column: 'created_at' }]).select('*'),
    db('product_pictures as pp')
      .join('files as f', 'f.id', 'pp.file_id')
      .whereIn('pp.product_id', ids)
      .orderBy([{ column: 'pp.order' }, { column: 'pp.created_at' }])
      .select('pp.product_id', 'pp.file_id', 'pp.alt_de', 'pp.alt_en', 'f.width', 'f.height'),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is NonNullable<typeof r> => Boolean(r))
    .map((r) => {
      const own = texts.filter((t) => t.product_id === r.id);
      const text = pick(own, ctx.language);
      const vs: ProductVariantView[] = variants
        .filter((v) => v.product_id === r.id)
        .map((v) => ({ id: v.id, size: v.size, colour: v.colour, label: variantLabel(v), stock: v.stock }));
      const available = vs.length ? (vs.some((v) => v.stock === null) ? null : vs.reduce((n, v) => n + (v.stock ?? 0), 0)) : r.stock;
      const de = own.find((t) => t.language === 'DE');
      const en = own.find((t) => t.language === 'EN');
      return {
        id: r.id,
        organizationId: r.organization_id,
        standId: r.stand_id,
        conventionId: r.convention_id,
        ...text,
        titleDe: de?.title ?? '',
        titleEn: en?.title ?? '',
        descriptionDe: de?.description ?? '',
        descriptionEn: en?.description ?? '',
        priceCents: r.price_cents,
        currency: r.currency,
        onRequest: r.price_cents === null,
        stock: r.stock,
        available,
        visible: r.visible,
        order: r.order,
        pictures: pictures
          .filter((p) => p.product_id === r.id)
          .map((p) => ({
            id: p.file_id,
            url: `/files/${p.file_id}`,
            alt: (ctx.language === 'DE' ? p.alt_de || p.alt_en : p.alt_en || p.alt_de) || text.title,
            altDe: p.alt_de,
            altEn: p.alt_en,
            width: p.width,
            height: p.height,
          })),
        variants: vs,
        seller: {
          name: r.org_name,
          standName: r.stand_name,
          standSlug: r.stand_slug,
          hallSlug: r.hall_slug,
          hallStandSlug: r.hall_stand_slug,
        },
      };
    });
}

/** The halls and stands a shop can be filtered by (one statement). */
export async function shopFilters(ctx: ServiceContext, convention: ShopConvention): Promise<{ halls: { slug: string; name: string }[]; stands: { slug: string; name: string; hallSlug: string }[] }> {
  const rows: { hall_slug: string; hall_name: string; stand_slug: string; stand_name: string }[] = await ctx
    .db('hall_stands as hs')
    .join('convention_halls as ch', 'ch.hall_id', 'hs.hall_id')
    .join('halls as h', 'h.id', 'hs.hall_id')
    .join('base_stands as bs', 'bs.id', 'hs.stand_id')
    .where({ 'ch.convention_id': convention.id, 'hs.approved': true, 'hs.stand_accepted': true })
    .whereExists((e) => e.select(ctx.db.raw('1')).from('products as p').whereRaw('p.stand_id = bs.id').where('p.visible', true))
    .orderBy([{ column: 'ch.order' }, { column: 'hs.order' }])
    .select('h.slug as hall_slug', 'h.name as hall_name', 'hs.slug as stand_slug', 'bs.name as stand_name');
  const halls = [...new Map(rows.map((r) => [r.hall_slug, { slug: r.hall_slug, name: r.hall_name }])).values()];
  const stands = [...new Map(rows.map((r) => [r.stand_slug, { slug: r.stand_slug, name: r.stand_name, hallSlug: r.hall_slug }])).values()];
  return { halls, stands };
}
