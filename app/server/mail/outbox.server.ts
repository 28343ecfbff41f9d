import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '#db/connection';
import { isUuid } from '~/lib/ids';
import type { AppServices } from '../context.server';
import { startPeriodicJob } from '../periodic-job.server';
import type { Env } from '../env.server';
import type { RenderedMail } from './templates.server';

export const MAIL_TOPIC = 'mail';
/** After this many failed attempts a message is given up (status failed). */
export const MAX_ATTEMPTS = 8;
/** A claimed message is invisible to other workers this long; a crashed worker's claims come back after it. */
const CLAIM_LEASE_SECONDS = 120;
const BATCH_SIZE = 20;

/** A file sent with a mail (an appointment's .ics invitation); `content` is text, kept in the outbox row. */
export interface MailAttachment {
  filename: string;
  content: string;
  /** e.g. `text/calendar; method=REQUEST; charset=utf-8` */
  contentType: string;
}

export interface MailPayload extends RenderedMail {
  to: string;
  attachments?: MailAttachment[];
  /** the sender's display name (an organisation's mail settings); the address stays MAIL_FROM's */
  fromName?: string;
  replyTo?: string;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** where answers go, when the mail names it */
  replyTo: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  transport: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

/**
 * Writes a mail into the outbox. Call it with the transaction of the change the mail belongs to: the mail
 * exists exactly when the change was committed, and is sent after commit by deliverPending().
 */
export async function enqueueMail(db: Db, mail: MailPayload, options: { held?: string } = {}): Promise<string> {
  const held = options.held ? { status: 'failed', last_error: options.held.slice(0, 2000) } : {};
  const [row] = await db('outbox').insert({ topic: MAIL_TOPIC, payload: JSON.stringify(mail), ...held }).returning('id');
  return row.id;
}

/** The address part of MAIL_FROM (`Name <address>` or a bare address). */
export function fromAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/** A mail server's permanent refusal (5xx): retrying cannot help, the address is marked as bounced. */
function permanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Retry delays grow 30 s, 1 min, 2 min, ... up to an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

const transports = new Map<string, Transporter>();

function transportFor(env: Env): Transporter | null {
  if (!env.SMTP_URL) return null;
  let transport = transports.get(env.SMTP_URL);
  if (!transport) {
    transport = nodemailer.createTransport(env.SMTP_URL);
    transports.set(env.SMTP_URL, transport);
  }
  return transport;
}

interface ClaimedRow {
  id: string;
  payload: MailPayload | string;
  attempts: number;
}

async function claimBatch(db: Db): Promise<ClaimedRow[]> {
  const { rows } = await db.raw(
    `update outbox set attempts = attempts + 1,
            next_attempt_at = now() + make_interval(secs => ?),
            updated_at = now()
      where id in (select id from outbox
                    where topic = ? and status = 'pending' and next_attempt_at <= now()
                    order by created_at
                    limit ? for update skip locked)
      returning id, payload, attempts`,
    [CLAIM_LEASE_SECONDS, MAIL_TOPIC, BATCH_SIZE],
  );
  return rows as ClaimedRow[];
}

/**
 * Sends every due mail once: through SMTP when SMTP_URL is set, otherwise the message is only kept (readable at
 * /dev/mail). Failures are retried with growing delays. Safe to run on several instances at once (rows are
 * claimed with FOR UPDATE SKIP LOCKED). Returns the number of mails sent.
 */
export async function deliverPending(app: Pick<AppServices, 'db' | 'env'>): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claimBatch(app.db);
    if (!batch.length) return sent;
    const transport = transportFor(app.env);
    for (const row of batch) {
      const mail: MailPayload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      try {
        if (transport) {
          await transport.sendMail({
            from: mail.fromName ? { name: mail.fromName, address: fromAddress(app.env.MAIL_FROM) } : app.env.MAIL_FROM,
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            to: mail.to,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
          });
        }
        await app.db('outbox')
          .where({ id: row.id })
          .update({ status: 'sent', delivered_at: app.db.fn.now(), last_error: null, transport: transport ? 'smtp' : 'dev', updated_at: app.db.fn.now() });
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const permanent = permanentFailure(error);
        const givenUp = permanent || row.attempts >= MAX_ATTEMPTS;
        if (permanent) {
          await app.db.raw('insert into email_bounces (email, answer) values (?, ?) on conflict ((lower(email))) do update set answer = excluded.answer, updated_at = now()', [
            mail.to,
            message.slice(0, 2000),
          ]);
        }
        await app.db('outbox')
          .where({ id: row.id })
          .update({
            status: givenUp ? 'failed' : 'pending',
            last_error: message.slice(0, 2000),
            next_attempt_at: app.db.raw('now() + make_interval(secs => ?)', [retryDelaySeconds(row.attempts)]),
            updated_at: app.db.fn.now(),
          });
        console.warn(`[mail] delivery of ${row.id} failed (attempt ${row.attempts}${givenUp ? ', given up' : ''}): ${message}`);
      }
    }
  }
}

export interface MailWorker {
  /** runs a delivery round now (e.g. right after a commit) instead of waiting for the next tick */
  kick(): void;
  stop(): Promise<void>;
}

const workers = new WeakMap<object, MailWorker>();

/** Starts the delivery loop of this process: one round every `intervalMs`, never two at once. */
export function startMailWorker(app: AppServices, options: { intervalMs?: number } = {}): MailWorker {
  const job = startPeriodicJob('mail delivery round', () => deliverPending(app), { intervalMs: options.intervalMs ?? 5000, runNow: true });
  const worker: MailWorker = {
    kick: job.kick,
    async stop() {
      await job.stop();
      workers.delete(app);
    },
  };
  workers.set(app, worker);
  return worker;
}

/** Asks this process's worker (if one runs) to deliver now; used by services after committing a mail. */
export function notifyOutbox(app: AppServices): void {
  workers.get(app)?.kick();
}

interface OutboxRow {
  id: string;
  payload: MailPayload | string;
  status: OutboxMail['status'];
  attempts: number;
  last_error: string | null;
  transport: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

function toOutboxMail(row: OutboxRow): OutboxMail {
  const mail: MailPayload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
  return {
    id: row.id,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    replyTo: mail.replyTo ?? null,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    transport: row.transport,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
  };
}

/** The newest mails first, for the developer viewer and tests. */
export async function listMails(db: Db, options: { to?: string; limit?: number } = {}): Promise<OutboxMail[]> {
  const query = db('outbox').where({ topic: MAIL_TOPIC }).orderBy('created_at', 'desc').limit(options.limit ?? 100);
  if (options.to) query.whereRaw("lower(payload->>'to') = lower(?)", [options.to]);
  return (await query.select<OutboxRow[]>('*')).map(toOutboxMail);
}

export async function getMail(db: Db, id: string): Promise<OutboxMail | null> {
  if (!isUuid(id)) return null;
  const row = await db('outbox').where({ topic: MAIL_TOPIC, id }).first<OutboxRow | undefined>();
  return row ? toOutboxMail(row) : null;
}
