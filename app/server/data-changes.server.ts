import pg from 'pg';
import { ACCESS_TABLES } from './services/access/tables';
import type { Db } from '#db/connection';

/**
 * Which data changed, as every app instance on one PostgreSQL learns it: a statement-level trigger on every table
 * (migration 0014, attached by watchTables at start-up, also to tables added later) sends a NOTIFY on
 * `fp_data_changed` when a transaction that wrote to the table commits, and each instance LISTENs on one
 * connection of its own. The embedded PGlite database delivers the same notifications in the process. What is
 * kept in memory for visitors (page-cache.server.ts) is dropped on every notification.
 */

export const DATA_CHANGED_CHANNEL = 'fp_data_changed';

/**
 * Tables whose rows visitors without a login never see, and which change all the time (a login, a session touch,
 * a mail, a sign-up with an access key, a business card): writing to them does not notify. A table visitors'
 * pages read must never be listed here.
 */
export const UNWATCHED_TABLES = [
  'knex_migrations',
  'knex_migrations_lock',
  'sessions',
  'login_throttles',
  'users',
  'refresh_tokens',
  'account_tokens',
  'outbox',
  ...ACCESS_TABLES,
  'addresses',
  // chats: conversations, messages and read positions are no visitor page's content and change with every message
  // (their own fan-out is services/chats/fanout.ts)
  'chat_conversations',
  'chat_messages',
  'chat_reads',
] as const;

/** Puts the change trigger on every table but the unwatched ones (and takes it off those); run after migrating. */
export async function watchTables(db: Db): Promise<void> {
  await db.raw('select fp_watch_tables(?::text[])', [[...UNWATCHED_TABLES]]);
}

export interface DataChanges {
  /** counts every change seen (and every lost connection): what was read under an older count may be stale */
  readonly generation: number;
  /** false while the notifications cannot be trusted (not yet or no longer listening): keep nothing then */
  readonly listening: boolean;
  /** called on every change (and when listening is lost or resumes) */
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

interface PgliteLike {
  waitReady: Promise<void>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

const RECONNECT_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

/** Starts listening for changes on the app's database (its own connection for PostgreSQL). */
export function listenForDataChanges(db: Db): DataChanges {
  const listeners = new Set<() => void>();
  let generation = 0;
  let listening = false;
  let closed = false;
  const changed = () => {
    generation += 1;
    for (const listener of listeners) listener();
  };
  const changes: DataChanges = {
    get generation() {
      return generation;
    },
    get listening() {
      return listening;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      closed = true;
      listening = false;
      await stop();
    },
  };

  let stop: () => Promise<void> = async () => {};
  const pglite = (db.client as { pglite?: PgliteLike }).pglite;
  if (pglite) {
    stop = async () => {
      const unlisten = await pending;
      await unlisten();
    };
    const pending = pglite.waitReady.then(() =>
      pglite.listen(DATA_CHANGED_CHANNEL, () => changed()).then((unlisten) => {
        listening = !closed;
        changed();
        return unlisten;
      }),
    );
    return changes;
  }

  const connection = (db.client as { config: { connection: string | pg.ClientConfig } }).config.connection;
  let client: pg.Client | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    listening = false;
    changed();
    current.end().catch(() => {});
    if (!closed) timer = setTimeout(connect, RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]).unref();
  };
  const connect = async () => {
    const current = new pg.Client(typeof connection === 'string' ? { connectionString: connection } : connection);
    client = current;
    current.on('error', () => lost(current));
    current.on('end', () => lost(current));
    current.on('notification', (message) => {
      if (message.channel === DATA_CHANGED_CHANNEL) changed();
    });
    try {
      await current.connect();
      await current.query(`listen ${DATA_CHANGED_CHANNEL}`);
      if (closed || client !== current) return;
      attempt = 0;
      listening = true;
      // whatever changed while nobody listened
      changed();
    } catch {
      lost(current);
    }
  };
  stop = async () => {
    clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
  void connect();
  return changes;
}
