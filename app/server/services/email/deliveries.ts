import { EmailDelivery, type Language } from '#db/models/index';
import { DELIVERIES_PAGE_SIZE } from '~/lib/email/templates';
import { z } from 'zod';
import { notifyOutbox } from '../../mail/outbox.server';
import { inTransaction, type ServiceContext } from '../../context.server';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { assertOwnDelivery, requireEmailManager } from './policy';

/**
 * The delivery log of an organisation's mails (issue 29): recipient, template, language, time and state. The state
 * is the outbox row's (queued while pending, sent, failed with the mail server's answer), opened once the tracking
 * pixel was loaded, held when the address had bounced. Failed and held mails can be sent again.
 */

export type DeliveryState = 'QUEUED' | 'SENT' | 'FAILED' | 'OPENED' | 'HELD';

export interface DeliveryRow {
  id: string;
  recipient: string;
  template: string;
  language: Language;
  state: DeliveryState;
  /** the mail server's last answer (failed, held, or a queued mail's failed attempt) */
  answer: string | null;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  openedAt: Date | null;
}

export interface DeliveryPage {
  items: DeliveryRow[];
  total: number;
  page: number;
  pages: number;
}

interface JoinedRow {
  id: string;
  recipient: string;
  template_key: string;
  language: Language;
  opened_at: Date | null;
  held_at: Date | null;
  created_at: Date;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  delivered_at: Date | null;
}

function stateOf(row: Pick<JoinedRow, 'status' | 'opened_at' | 'held_at'>): DeliveryState {
  if (row.status === 'failed') return row.held_at ? 'HELD' : 'FAILED';
  if (row.status === 'pending') return 'QUEUED';
  return row.opened_at ? 'OPENED' : 'SENT';
}

function toRow(row: JoinedRow): DeliveryRow {
  return {
    id: row.id,
    recipient: row.recipient,
    template: row.template_key,
    language: row.language,
    state: stateOf(row),
    answer: row.status === 'sent' ? null : row.last_error,
    attempts: row.attempts,
    createdAt: row.created_at,
    sentAt: row.delivered_at,
    openedAt: row.opened_at,
  };
}

const COLUMNS = [
  'email_deliveries.id',
  'email_deliveries.recipient',
  'email_deliveries.template_key',
  'email_deliveries.language',
  'email_deliveries.opened_at',
  'email_deliveries.held_at',
  'email_deliveries.created_at',
  'outbox.status',
  'outbox.attempts',
  'outbox.last_error',
  'outbox.delivered_at',
];

const PageInput = z.object({ page: z.number().int().min(1).max(100_000).default(1) });

/** One page of the organisation's mails, newest first (one statement for the rows, one for the count). */
export async function deliveriesOf(ctx: ServiceContext, input: { page?: number | null } = {}): Promise<DeliveryPage> {
  const { organizationId } = requireEmailManager(ctx);
  const { page } = parseInput(ctx, PageInput, { page: input.page ?? undefined });
  const base = () => EmailDelivery.query(ctx.db).where('email_deliveries.organization_id', organizationId);
  const [rows, count] = await Promise.all([
    base()
      .join('outbox', 'outbox.id', 'email_deliveries.outbox_id')
      .select(COLUMNS)
      .orderBy('email_deliveries.created_at', 'desc')
      .orderBy('email_deliveries.id', 'desc')
      .limit(DELIVERIES_PAGE_SIZE)
      .offset((page - 1) * DELIVERIES_PAGE_SIZE) as unknown as Promise<JoinedRow[]>,
    base().resultSize(),
  ]);
  return {
    items: rows.map(toRow),
    total: count,
    page,
    pages: Math.max(1, Math.ceil(count / DELIVERIES_PAGE_SIZE)),
  };
}

/**
 * Sends a failed or held mail again: its outbox row is due now with fresh attempts; a held mail's address loses
 * its bounce mark (the sender asked for it). Another organisation's mail is NOT_FOUND; one that did not fail INVALID.
 */
export async function retryDelivery(ctx: ServiceContext, id: string): Promise<DeliveryRow> {
  const { organizationId } = requireEmailManager(ctx);
  const deliveryId = parseInput(ctx, z.string().uuid(), id);
  await inTransaction(ctx, async (tx) => {
    const delivery = assertOwnDelivery(ctx, await EmailDelivery.query(tx.db).findById(deliveryId).forUpdate(), organizationId);
    const requeued = await tx.db('outbox')
      .where({ id: delivery.outbox_id, status: 'failed' })
      .update({ status: 'pending', attempts: 0, next_attempt_at: tx.db.fn.now(), last_error: null, updated_at: tx.db.fn.now() });
    if (!requeued) throw new DomainError('INVALID', ctx.t('email:errors.notFailed'), 'id');
    if (delivery.held_at) {
      await tx.db('email_bounces').whereRaw('lower(email) = lower(?)', [delivery.recipient]).delete();
      await EmailDelivery.query(tx.db).patch({ held_at: null }).where({ id: delivery.id });
    }
  });
  notifyOutbox(ctx.app);
  const { items } = await deliveriesOfIds(ctx, organizationId, [deliveryId]);
  return items[0];
}

async function deliveriesOfIds(ctx: ServiceContext, organizationId: string, ids: string[]): Promise<{ items: DeliveryRow[] }> {
  const rows = (await EmailDelivery.query(ctx.db)
    .where('email_deliveries.organization_id', organizationId)
    .whereIn('email_deliveries.id', ids)
    .join('outbox', 'outbox.id', 'email_deliveries.outbox_id')
    .select(COLUMNS)) as unknown as JoinedRow[];
  return {
    items: rows.map(toRow),
  };
}

/** The tracking pixel was loaded: the mail counts as opened (the first time only). Unknown tokens change nothing. */
export async function recordOpen(ctx: ServiceContext, token: string): Promise<void> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return;
  await EmailDelivery.query(ctx.db).patch({ opened_at: new Date() }).where({ tracking_token: token }).whereNull('opened_at');
}
