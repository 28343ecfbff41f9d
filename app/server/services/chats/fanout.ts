import { EventEmitter } from 'node:events';
import type { Db } from '#db/connection';
import { listenToChannel } from '../../channel-listener.server';
import type { AppServices } from '../../context.server';

/**
 * Fan-out of chat events between app instances (issue 28, ARCHITECTURE "Real time"). A message or a conversation
 * change is written first; the same transaction sends a NOTIFY on `fp_chat` carrying ids only (the payload limit is
 * 8,000 bytes), which PostgreSQL delivers when it commits. Each process LISTENs on one dedicated connection (not
 * from the pool) and hands the events to an in-process emitter; with the embedded PGlite database the notifications
 * arrive in the process itself. Subscribers read what changed from the database (subscriptions.ts), so a lost
 * notification costs latency, never a message: after a reconnect a `resync` event makes them read again.
 */

export const CHAT_CHANNEL = 'fp_chat';

export type ChatEvent =
  | { kind: 'message'; conversationId: string; seq: number }
  | { kind: 'conversation'; organizationId: string; conversationId: string };

const encode = (event: ChatEvent) =>
  event.kind === 'message' ? `m:${event.conversationId}:${event.seq}` : `c:${event.organizationId}:${event.conversationId}`;

function decode(payload: string): ChatEvent | null {
  const [kind, first, second] = payload.split(':');
  if (kind === 'm' && first && second) return { kind: 'message', conversationId: first, seq: Number(second) };
  if (kind === 'c' && first && second) return { kind: 'conversation', organizationId: first, conversationId: second };
  return null;
}

/** Sends the events, in one statement, when the current transaction commits (at once outside a transaction). */
export async function notifyChat(db: Db, ...events: ChatEvent[]): Promise<void> {
  if (!events.length) return;
  await db.raw(`select ${events.map(() => 'pg_notify(?, ?)').join(', ')}`, events.flatMap((event) => [CHAT_CHANNEL, encode(event)]));
}

export interface ChatFanout {
  /** calls `listener` with the seq of every message stored in the conversation; returns the unsubscribe */
  onMessage(conversationId: string, listener: (seq: number) => void): () => void;
  /** calls `listener` with the id of every conversation of the organisation that changed */
  onConversation(organizationId: string, listener: (conversationId: string) => void): () => void;
  /** called when listening (re)starts: events may have been missed, read again */
  onResync(listener: () => void): () => void;
  readonly listening: boolean;
  /** resolves once the process listens (a subscriber starting earlier could miss what is sent meanwhile) */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_MS = [250, 500, 1000, 2000, 5000, 10_000];
const fanouts = new WeakMap<AppServices, ChatFanout>();

/** The process's fan-out for the app's database, started on first use. */
export function chatFanout(app: AppServices): ChatFanout {
  let fanout = fanouts.get(app);
  if (!fanout) {
    fanout = startFanout(app.db);
    fanouts.set(app, fanout);
  }
  return fanout;
}

/** Stops the app's fan-out (its LISTEN connection), if it was started. */
export async function closeChatFanout(app: AppServices): Promise<void> {
  const fanout = fanouts.get(app);
  fanouts.delete(app);
  await fanout?.close();
}

function startFanout(db: Db): ChatFanout {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const deliver = (payload: string) => {
    const event = decode(payload);
    if (!event) return;
    if (event.kind === 'message') emitter.emit(`m:${event.conversationId}`, event.seq);
    else emitter.emit(`c:${event.organizationId}`, event.conversationId);
  };
  const resync = () => {
    markReady();
    emitter.emit('resync');
  };
  const on = <A extends unknown[]>(name: string, listener: (...args: A) => void) => {
    emitter.on(name, listener as (...args: unknown[]) => void);
    return () => void emitter.off(name, listener as (...args: unknown[]) => void);
  };

  const channel = listenToChannel(db, CHAT_CHANNEL, { onPayload: deliver, onListening: resync }, RECONNECT_MS);

  return {
    onMessage: (conversationId, listener) => on(`m:${conversationId}`, listener),
    onConversation: (organizationId, listener) => on(`c:${organizationId}`, listener),
    onResync: (listener) => on('resync', listener),
    get listening() {
      return channel.listening;
    },
    ready: () => ready,
    close: async () => {
      markReady();
      emitter.removeAllListeners();
      await channel.close();
    },
  };
}
