import { OrderRequest, type Currency, type OrderRequestLine } from '#db/models/index';
import { ORDER_REQUEST_STATES, OrderAnswerSchema, OrderCloseSchema, type OrderRequestState } from '~/lib/schemas/shop';
import type { ServiceContext } from '../../context.server';
import { assertId, requireViewer } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { sendOrderAnswerMail } from './mails';
import { mayHandleOrders, requireOrderHandler, shopNotFound } from './policy';

/**
 * Order requests (issue 31): the selling organisation reads, answers and closes its own (console: new, answered,
 * closed); the visitor reads theirs. Anyone else gets NOT_FOUND, so no request's existence leaks.
 */

export const ORDER_PAGE_SIZE = 20;

export function siteUrl(ctx: ServiceContext): string {
  return (ctx.app.env.PUBLIC_URL ?? `http://localhost:${ctx.app.env.PORT}`).replace(/\/$/, '');
}

export interface OrderRequestLineView {
  id: string;
  productId: string | null;
  name: string;
  variantLabel: string;
  quantity: number;
  priceCents: number | null;
  currency: Currency;
}

export interface OrderRequestView {
  id: string;
  number: string;
  state: OrderRequestState;
  created: Date;
  answer: string | null;
  answeredAt: Date | null;
  closedAt: Date | null;
  message: string;
  buyerName: string;
  buyerEmail: string;
  sellerName: string;
  organizationId: string;
  conventionTitle: string | null;
  conventionSlug: string | null;
  lines: OrderRequestLineView[];
}

type Row = OrderRequest & { seller_name: string; convention_title: string | null; convention_slug: string | null };

/** Rows with their lines: 2 statements for a page. */
async function views(ctx: ServiceContext, rows: Row[]): Promise<OrderRequestView[]> {
  const ids = rows.map((r) => r.id);
  const lines: OrderRequestLine[] = ids.length ? await ctx.db('order_request_lines').whereIn('order_request_id', ids).orderBy([{ column: 'position' }, { column: 'id' }]).select('*') : [];
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    state: r.state,
    created: r.created_at,
    answer: r.answer,
    answeredAt: r.answered_at,
    closedAt: r.closed_at,
    message: r.message,
    buyerName: r.buyer_name,
    buyerEmail: r.buyer_email,
    sellerName: r.seller_name,
    organizationId: r.organization_id,
    conventionTitle: r.convention_title,
    conventionSlug: r.convention_slug,
    lines: lines
      .filter((l) => l.order_request_id === r.id)
      .map((l) => ({ id: l.id, productId: l.product_id, name: l.name, variantLabel: l.variant_label, quantity: l.quantity, priceCents: l.price_cents, currency: l.currency })),
  }));
}

function baseQuery(ctx: ServiceContext) {
  return ctx
    .db('order_requests as r')
    .join('organizations as o', 'o.id', 'r.organization_id')
    .leftJoin('conventions as c', 'c.id', 'r.convention_id')
    .select('r.*', 'o.name as seller_name', 'c.title as convention_title', 'c.slug as convention_slug');
}

export interface OrderRequestPage {
  items: OrderRequestView[];
  total: number;
  page: number;
  pages: number;
}

async function paged(ctx: ServiceContext, q: ReturnType<typeof baseQuery>, page: number): Promise<OrderRequestPage> {
  const p = Math.max(1, Math.min(10_000, Math.floor(Number(page) || 1)));
  const rows: (Row & { total: string })[] = await q
    .select(ctx.db.raw('count(*) over () as total'))
    .orderBy([{ column: 'r.created_at', order: 'desc' }, { column: 'r.id' }])
    .limit(ORDER_PAGE_SIZE)
    .offset((p - 1) * ORDER_PAGE_SIZE);
  const total = rows.length ? Number(rows[0].total) : 0;
  return { items: await views(ctx, rows), total, page: p, pages: Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE)) };
}

/** orderRequests(state, page): the current organisation's requests (the exhibitor's or host's side). */
export async function orderRequestsOfOrganization(ctx: ServiceContext, options: { state?: OrderRequestState | null; page?: number } = {}): Promise<OrderRequestPage> {
  const { organizationId } = requireOrderHandler(ctx);
  if (options.state && !ORDER_REQUEST_STATES.includes(options.state)) throw shopNotFound(ctx, 'state');
  const q = baseQuery(ctx).where('r.organization_id', organizationId);
  if (options.state) q.where('r.state', options.state);
  return paged(ctx, q, options.page ?? 1);
}

/** The number of new requests of the current organisation (the console's badge). */
export async function newOrderRequestCount(ctx: ServiceContext): Promise<number> {
  const { organizationId } = requireOrderHandler(ctx);
  const row = await ctx.db('order_requests').where({ organization_id: organizationId, state: 'NEW' }).count<{ n: string }[]>('* as n').first();
  return Number(row?.n ?? 0);
}

/** myOrderRequests(conventionSlug, page): the viewer's own requests (in one convention when named). */
export async function myOrderRequests(ctx: ServiceContext, options: { conventionSlug?: string | null; page?: number } = {}): Promise<OrderRequestPage> {
  const viewer = requireViewer(ctx);
  const q = baseQuery(ctx).where('r.user_id', viewer.userId);
  if (options.conventionSlug) q.where('c.slug', String(options.conventionSlug).toLowerCase());
  return paged(ctx, q, options.page ?? 1);
}

/** orderRequest(id): for its visitor and its selling organisation's members; NOT_FOUND for anyone else. */
export async function orderRequest(ctx: ServiceContext, id: string): Promise<OrderRequestView> {
  const viewer = requireViewer(ctx);
  assertId(ctx, id);
  const row: Row | undefined = await baseQuery(ctx).where('r.id', id).first();
  if (!row || (row.user_id !== viewer.userId && !mayHandleOrders(viewer, row.organization_id))) throw shopNotFound(ctx, 'id');
  return (await views(ctx, [row]))[0];
}

async function ownRequest(ctx: ServiceContext, id: string): Promise<OrderRequest> {
  const { organizationId } = requireOrderHandler(ctx);
  assertId(ctx, id);
  const row = await OrderRequest.query(ctx.db).where({ id, organization_id: organizationId }).first();
  if (!row) throw shopNotFound(ctx, 'id');
  return row;
}

/** orderRequestAnswer(id, answer): the seller answers (again, while not closed); the visitor gets the answer by mail. */
export async function answerOrderRequest(ctx: ServiceContext, raw: { id: string; answer: string }): Promise<OrderRequestView> {
  const input = parseInput(ctx, OrderAnswerSchema, raw);
  const request = await ownRequest(ctx, input.id);
  return ctx.db.transaction(async (trx) => {
    const tctx = { ...ctx, db: trx };
    const changed = await trx('order_requests')
      .where({ id: request.id })
      .whereNot('state', 'CLOSED')
      .update({ state: 'ANSWERED', answer: input.answer, answered_at: trx.fn.now(), updated_at: trx.fn.now() })
      .returning('id');
    if (!changed.length) throw new DomainError('INVALID', ctx.t('shop:errors.closed'), 'id');
    const convention = request.convention_id ? await trx('conventions').where({ id: request.convention_id }).first('slug') : null;
    await sendOrderAnswerMail(tctx, {
      organizationId: request.organization_id,
      to: request.buyer_email,
      language: request.buyer_language,
      name: request.buyer_name,
      number: request.number,
      answer: input.answer,
      link: convention ? `${siteUrl(ctx)}/convention/${convention.slug}/cart/okle` : siteUrl(ctx),
    });
    return orderRequest(tctx, request.id);
  });
}

/** orderRequestClose(id). */
export async function closeOrderRequest(ctx: ServiceContext, raw: { id: string }): Promise<OrderRequestView> {
  const input = parseInput(ctx, OrderCloseSchema, raw);
  const request = await ownRequest(ctx, input.id);
  await ctx.db('order_requests').where({ id: request.id }).update({ state: 'CLOSED', closed_at: ctx.db.fn.now(), updated_at: ctx.db.fn.now() });
  return orderRequest(ctx, request.id);
}
