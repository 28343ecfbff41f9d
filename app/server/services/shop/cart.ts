import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '#db/connection';
import { Cart, CartLine, type Currency } from '#db/models/index';
import { CartAddSchema, CartRemoveSchema, CartUpdateSchema, CheckoutSchema, variantLabel } from '~/lib/schemas/shop';
import { inTransaction, type ServiceContext } from '../../context.server';
import { requireViewer } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { productInShop, shopConvention, type ShopConvention } from './catalog';
import { sendOrderRequestMail } from './mails';
import { siteUrl } from './orders';
import { OutOfStockError, shopNotFound, type Shortage } from './policy';

/**
 * The visitor's cart in a convention and its checkout (issue 31). The cart is the user's, so it outlives the session.
 * Quantities are checked against stock on the server; a line whose product went away stays in the cart, marked.
 * Checkout is one transaction: stock is taken by conditional UPDATEs (never oversold, never below 0), one order
 * request per selling organisation is written with snapshots of its lines, the mails go into the outbox, the cart is
 * emptied; a shortage throws OUT_OF_STOCK with what is still available, and the rollback leaves cart and stock as
 * they were.
 */

export type CartLineState = 'OK' | 'GONE' | 'UNAVAILABLE' | 'SHORT';

export interface CartLineView {
  id: string;
  productId: string | null;
  variantId: string | null;
  name: string;
  variantLabel: string;
  quantity: number;
  priceCents: number | null;
  currency: Currency;
  /** how many may still be ordered (null: unlimited, 0 for a line whose product went away) */
  available: number | null;
  state: CartLineState;
  sellerName: string;
}

export interface CartView {
  convention: ShopConvention;
  lines: CartLineView[];
  count: number;
  /** totals per currency, of the lines with a price */
  totals: { currency: Currency; cents: number }[];
  hasOnRequest: boolean;
}

interface LineRow {
  id: string;
  product_id: string | null;
  variant_id: string | null;
  quantity: number;
  name: string;
  variant_label: string;
  p_id: string | null;
  p_visible: boolean | null;
  p_stock: number | null;
  p_price: number | null;
  p_currency: Currency | null;
  p_org: string | null;
  p_stand: string | null;
  p_convention: string | null;
  v_id: string | null;
  v_stock: number | null;
  v_size: string | null;
  v_colour: string | null;
  has_variants: boolean;
  title: string | null;
  seller_name: string | null;
}

async function lineRows(ctx: ServiceContext, cartId: string, lock = false): Promise<LineRow[]> {
  const db = ctx.db;
  const q = db('cart_lines as l')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('product_variants as v', 'v.id', 'l.variant_id')
    .leftJoin('organizations as o', 'o.id', 'p.organization_id')
    .where('l.cart_id', cartId)
    .orderBy([{ column: 'l.created_at' }, { column: 'l.id' }])
    .select(
      'l.id',
      'l.product_id',
      'l.variant_id',
      'l.quantity',
      'l.name',
      'l.variant_label',
      'p.id as p_id',
      'p.visible as p_visible',
      'p.stock as p_stock',
      'p.price_cents as p_price',
      'p.currency as p_currency',
      'p.organization_id as p_org',
      'p.stand_id as p_stand',
      'p.convention_id as p_convention',
      'v.id as v_id',
      'v.stock as v_stock',
      'v.size as v_size',
      'v.colour as v_colour',
      'o.name as seller_name',
      db.raw('exists (select 1 from product_variants pv where pv.product_id = p.id) as has_variants'),
      db.raw(
        `coalesce((select nullif(pt.title, '') from product_translations pt where pt.product_id = p.id and pt.language = ?),
                  (select nullif(pt.title, '') from product_translations pt where pt.product_id = p.id order by pt.language limit 1)) as title`,
        [ctx.language],
      ),
    );
  if (lock) q.forUpdate('l');
  return q;
}

/** The stand products a convention's shop shows right now, of the stands named (one statement). */
async function listedStands(ctx: ServiceContext, conventionId: string, standIds: string[]): Promise<Set<string>> {
  if (!standIds.length) return new Set();
  const ids: string[] = await ctx
    .db('hall_stands as hs')
    .join('convention_halls as ch', 'ch.hall_id', 'hs.hall_id')
    .where({ 'ch.convention_id': conventionId, 'hs.approved': true, 'hs.stand_accepted': true })
    .whereIn('hs.stand_id', standIds)
    .distinct()
    .pluck('hs.stand_id');
  return new Set(ids);
}

function lineView(row: LineRow, listed: Set<string>, conventionId: string): CartLineView {
  const goneVariant = row.variant_label !== '' && !row.v_id;
  const gone = !row.p_id || goneVariant || (row.has_variants && !row.v_id);
  const shown = !gone && row.p_visible && (row.p_convention === conventionId || (row.p_stand !== null && listed.has(row.p_stand)));
  const available = gone || !shown ? 0 : row.v_id ? row.v_stock : row.p_stock;
  const state: CartLineState = gone ? 'GONE' : !shown ? 'UNAVAILABLE' : available !== null && row.quantity > available ? 'SHORT' : 'OK';
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    name: row.title || row.name,
    variantLabel: row.v_id ? variantLabel({ size: row.v_size ?? '', colour: row.v_colour ?? '' }) : row.variant_label,
    quantity: row.quantity,
    priceCents: gone ? null : row.p_price,
    currency: row.p_currency ?? 'EUR',
    available,
    state,
    sellerName: row.seller_name ?? '',
  };
}

async function cartRow(ctx: ServiceContext, userId: string, conventionId: string): Promise<Cart | undefined> {
  return Cart.query(ctx.db).where({ user_id: userId, convention_id: conventionId }).first();
}

async function viewOf(ctx: ServiceContext, convention: ShopConvention, cart: Cart | undefined): Promise<CartView> {
  const rows = cart ? await lineRows(ctx, cart.id) : [];
  const listed = await listedStands(ctx, convention.id, [...new Set(rows.map((r) => r.p_stand).filter((s): s is string => Boolean(s)))]);
  const lines = rows.map((r) => lineView(r, listed, convention.id));
  const totals = new Map<Currency, number>();
  for (const l of lines) if (l.state !== 'GONE' && l.priceCents !== null) totals.set(l.currency, (totals.get(l.currency) ?? 0) + l.priceCents * l.quantity);
  return {
    convention,
    lines,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    totals: [...totals].map(([currency, cents]) => ({ currency, cents })),
    hasOnRequest: lines.some((l) => l.state !== 'GONE' && l.priceCents === null),
  };
}

/** cart(conventionSlug): the viewer's own cart (an empty one before the first product). */
export async function cartOf(ctx: ServiceContext, conventionSlug: string): Promise<CartView> {
  const viewer = requireViewer(ctx);
  const convention = await shopConvention(ctx, conventionSlug);
  return viewOf(ctx, convention, await cartRow(ctx, viewer.userId, convention.id));
}

/** How many items the viewer's cart in the convention holds (the top bar's button); 0 without a session. */
export async function cartCount(ctx: ServiceContext, conventionId: string): Promise<number> {
  if (!ctx.viewer) return 0;
  const row = await ctx
    .db('cart_lines as l')
    .join('carts as c', 'c.id', 'l.cart_id')
    .where({ 'c.user_id': ctx.viewer.userId, 'c.convention_id': conventionId })
    .sum<{ n: string | null }[]>('l.quantity as n')
    .first();
  return Number(row?.n ?? 0);
}

/** The query of how many items the user's cart in the convention holds, for a page that reads it with other data. */
export function cartCountQuery(ctx: ServiceContext, userId: string, conventionId: string) {
  return ctx
    .db('cart_lines as l')
    .join('carts as c', 'c.id', 'l.cart_id')
    .where({ 'c.user_id': userId, 'c.convention_id': conventionId })
    .sum('l.quantity');
}

/**
 * The user's cart counts as one value ("conventionId:count", sorted; '' for none), as a query of one value for a
 * statement that reads more: a convention page's top bar shows the count, so it belongs to the viewer's audience
 * (pages/audience.server.ts).
 */
export function cartSignatureQuery(db: Db, userId: string): Knex.QueryBuilder {
  const perConvention = db('cart_lines as l')
    .join('carts as c', 'c.id', 'l.cart_id')
    .where('c.user_id', userId)
    .groupBy('c.convention_id')
    .select('c.convention_id', db.raw('sum(l.quantity) as n'));
  return db
    .from(perConvention.as('counts'))
    .select(db.raw(`coalesce(string_agg(counts.convention_id || ':' || counts.n, ',' order by counts.convention_id), '')`));
}

/** The viewer's cart counts as cartSignatureQuery gives them ('' for nobody). */
export async function cartSignature(ctx: ServiceContext): Promise<string> {
  if (!ctx.viewer) return '';
  const row: { signature: string } = await ctx.db.first(ctx.db.raw('(?) as signature', [cartSignatureQuery(ctx.db, ctx.viewer.userId)]));
  return row.signature;
}

const outOfStock = (ctx: ServiceContext, name: string, requested: number, available: number, ids: { productId: string | null; variantId: string | null }) =>
  new OutOfStockError(ctx, [{ ...ids, name, requested, available }], 'quantity');

/** cartAdd(conventionSlug, productId, variantId, quantity): adds to the line of that product and variant. */
export async function cartAdd(ctx: ServiceContext, conventionSlug: string, raw: { productId: string; variantId?: string | null; quantity?: number | string }): Promise<CartView> {
  const viewer = requireViewer(ctx);
  const convention = await shopConvention(ctx, conventionSlug);
  const input = parseInput(ctx, CartAddSchema, raw);
  return inTransaction(ctx, async (trx) => {
    const product = await productInShop(trx, convention.id, input.productId);
    if (!product || !product.visible) throw shopNotFound(trx, 'productId');
    const variants: { id: string; size: string; colour: string; stock: number | null }[] = await trx.db('product_variants').where({ product_id: product.id }).select('id', 'size', 'colour', 'stock');
    const variant = input.variantId ? variants.find((v) => v.id === input.variantId) : undefined;
    if (variants.length && !variant) throw new DomainError(input.variantId ? 'NOT_FOUND' : 'REQUIRED', trx.t('shop:errors.chooseVariant'), 'variantId');
    if (!variants.length && input.variantId) throw shopNotFound(trx, 'variantId');
    const title: string = (await trx.db('product_translations').where({ product_id: product.id }).orderByRaw('language = ? desc', [trx.language]).first('title'))?.title ?? '';
    await trx.db.raw('insert into carts (user_id, convention_id) values (?, ?) on conflict (user_id, convention_id) do nothing', [viewer.userId, convention.id]);
    const cart = (await Cart.query(trx.db).where({ user_id: viewer.userId, convention_id: convention.id }).forUpdate().first())!;
    const existing = await CartLine.query(trx.db)
      .where({ cart_id: cart.id, product_id: product.id })
      .modify((q) => (variant ? q.where('variant_id', variant.id) : q.whereNull('variant_id')))
      .first();
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    const stock = variant ? variant.stock : product.stock;
    if (stock !== null && quantity > stock) throw outOfStock(trx, title, quantity, stock, { productId: product.id, variantId: variant?.id ?? null });
    if (quantity > 9999) throw new DomainError('INVALID', trx.t('shop:errors.tooMany'), 'quantity');
    if (existing) await CartLine.query(trx.db).findById(existing.id).patch({ quantity, name: title });
    else
      await CartLine.query(trx.db).insert({
        cart_id: cart.id,
        product_id: product.id,
        variant_id: variant?.id ?? null,
        quantity,
        name: title,
        variant_label: variant ? variantLabel(variant) : '',
      });
    return viewOf(trx, convention, cart);
  });
}

/** The viewer's own line (NOT_FOUND for anyone else's) with the cart it belongs to. */
async function ownLine(ctx: ServiceContext, conventionId: string, lineId: string): Promise<{ line: CartLine; cart: Cart }> {
  const viewer = requireViewer(ctx);
  const cart = await cartRow(ctx, viewer.userId, conventionId);
  const line = cart ? await CartLine.query(ctx.db).where({ id: lineId, cart_id: cart.id }).first() : undefined;
  if (!cart || !line) throw shopNotFound(ctx, 'lineId');
  return { line, cart };
}

/** cartUpdate(conventionSlug, lineId, quantity): a new quantity, checked against the stock. */
export async function cartUpdate(ctx: ServiceContext, conventionSlug: string, raw: { lineId: string; quantity: number | string }): Promise<CartView> {
  requireViewer(ctx);
  const convention = await shopConvention(ctx, conventionSlug);
  const input = parseInput(ctx, CartUpdateSchema, raw);
  const { line, cart } = await ownLine(ctx, convention.id, input.lineId);
  const [row] = (await lineRows(ctx, cart.id)).filter((r) => r.id === line.id);
  const view = lineView(row, await listedStands(ctx, convention.id, row.p_stand ? [row.p_stand] : []), convention.id);
  if (view.state === 'GONE' || view.state === 'UNAVAILABLE') throw new DomainError('INVALID', ctx.t('shop:errors.lineGone'), 'lineId');
  if (view.available !== null && input.quantity > view.available)
    throw outOfStock(ctx, view.name, input.quantity, view.available, { productId: line.product_id, variantId: line.variant_id });
  await CartLine.query(ctx.db).findById(line.id).patch({ quantity: input.quantity });
  return viewOf(ctx, convention, cart);
}

/** cartRemove(conventionSlug, lineId). */
export async function cartRemove(ctx: ServiceContext, conventionSlug: string, raw: { lineId: string }): Promise<CartView> {
  requireViewer(ctx);
  const convention = await shopConvention(ctx, conventionSlug);
  const input = parseInput(ctx, CartRemoveSchema, raw);
  const { line, cart } = await ownLine(ctx, convention.id, input.lineId);
  await CartLine.query(ctx.db).deleteById(line.id);
  return viewOf(ctx, convention, cart);
}

const orderNumber = () => `R-${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * checkout(conventionSlug, message): the cart becomes one order request per selling organisation, or nothing
 * happens (OUT_OF_STOCK naming what is left, INVALID for an empty cart or one with lines that went away).
 */
export async function checkout(ctx: ServiceContext, conventionSlug: string, raw: { message?: string } = {}): Promise<{ checkoutId: string; requestIds: string[] }> {
  const viewer = requireViewer(ctx);
  const convention = await shopConvention(ctx, conventionSlug);
  const input = parseInput(ctx, CheckoutSchema, raw);
  return inTransaction(ctx, async (trx) => {
    const cart = await Cart.query(trx.db).where({ user_id: viewer.userId, convention_id: convention.id }).forUpdate().first();
    const rows = cart ? await lineRows(trx, cart.id, true) : [];
    if (!rows.length) throw new DomainError('INVALID', trx.t('shop:errors.cartEmpty'));
    const listed = await listedStands(trx, convention.id, [...new Set(rows.map((r) => r.p_stand).filter((s): s is string => Boolean(s)))]);
    const lines = rows.map((r) => ({ row: r, view: lineView(r, listed, convention.id) }));
    const unusable = lines.filter((l) => l.view.state === 'GONE' || l.view.state === 'UNAVAILABLE');
    if (unusable.length) throw new DomainError('INVALID', trx.t('shop:errors.removeGone', { names: unusable.map((l) => l.view.name).join(', ') }));

    const shortages: Shortage[] = [];
    for (const { row, view } of lines) {
      const table = row.v_id ? 'product_variants' : 'products';
      const id = row.v_id ?? row.p_id!;
      // the stock is taken where it is checked: a concurrent checkout waits for this row and then sees what is left
      const taken = await trx.db(table).where({ id }).whereNotNull('stock').where('stock', '>=', row.quantity).decrement('stock', row.quantity).returning('id');
      if (taken.length) continue;
      const current: { stock: number | null } | undefined = await trx.db(table).where({ id }).first('stock');
      if (current && current.stock === null) continue; // unlimited
      shortages.push({ productId: row.product_id, variantId: row.variant_id, name: view.name, requested: row.quantity, available: current?.stock ?? 0 });
    }
    if (shortages.length) throw new OutOfStockError(trx, shortages);

    const checkoutId = randomUUID();
    const buyer = { name: `${viewer.firstName} ${viewer.lastName}`.trim(), email: viewer.email, language: trx.language };
    const bySeller = new Map<string, typeof lines>();
    for (const l of lines) bySeller.set(l.row.p_org!, [...(bySeller.get(l.row.p_org!) ?? []), l]);
    const requestIds: string[] = [];
    for (const [organizationId, sellerLines] of bySeller) {
      const [request] = await trx
        .db('order_requests')
        .insert({
          organization_id: organizationId,
          convention_id: convention.id,
          user_id: viewer.userId,
          checkout_id: checkoutId,
          number: orderNumber(),
          buyer_name: buyer.name,
          buyer_email: buyer.email,
          buyer_language: buyer.language,
          message: input.message,
        })
        .returning(['id', 'number']);
      requestIds.push(request.id);
      await trx.db('order_request_lines').insert(
        sellerLines.map(({ row, view }, position) => ({
          position,
          organization_id: organizationId,
          order_request_id: request.id,
          product_id: row.product_id,
          variant_id: row.variant_id,
          name: view.name,
          variant_label: view.variantLabel,
          quantity: row.quantity,
          price_cents: view.priceCents,
          currency: view.currency,
        })),
      );
      await enqueueOrderMails(trx, {
        organizationId,
        number: request.number,
        convention,
        buyer,
        message: input.message,
        lines: sellerLines.map(({ view }) => view),
      });
    }
    await trx.db('cart_lines').where({ cart_id: cart!.id }).delete();
    return { checkoutId, requestIds };
  });
}

async function enqueueOrderMails(
  ctx: ServiceContext,
  order: {
    organizationId: string;
    number: string;
    convention: ShopConvention;
    buyer: { name: string; email: string; language: 'DE' | 'EN' };
    message: string;
    lines: CartLineView[];
  },
): Promise<void> {
  const seller = await ctx.db('organizations').where({ id: order.organizationId }).first('name', 'email');
  // the organisation's own address, else its admins
  const recipients: { email: string; default_language: 'DE' | 'EN' }[] = seller?.email
    ? [{ email: seller.email, default_language: 'DE' }]
    : await ctx
        .db('organization_members as m')
        .join('users as u', 'u.id', 'm.user_id')
        .where('m.organization_id', order.organizationId)
        .where((w) => w.where('m.role', 'admin').orWhere('m.is_owner', true))
        .where('u.is_active', true)
        .select('u.email', 'u.default_language');
  const base = { organizationId: order.organizationId, number: order.number, convention: order.convention.title, buyer: order.buyer, message: order.message, lines: order.lines };
  const site = siteUrl(ctx);
  for (const r of recipients) await sendOrderRequestMail(ctx, { ...base, to: r.email, language: r.default_language, kind: 'seller', link: `${site}/shop/order-requests` });
  await sendOrderRequestMail(ctx, { ...base, to: order.buyer.email, language: order.buyer.language, kind: 'buyer', link: `${site}/convention/${order.convention.slug}/cart/okle` });
}
