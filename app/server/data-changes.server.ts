import { ACCESS_TABLES } from './services/access/tables';
import type { Db } from '#db/connection';
import { listenToChannel } from './channel-listener.server';

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
  // a visitor's likes and marks (issue 27): no shared page shows them (the stand page asks for the viewer's own mark
  // apart, /resources/stand-mark) and a GraphQL answer with one is never kept (its resolvers call personal()), so a
  // mark at a busy fair does not empty every visitor's kept pages
  'content_group_likes',
  'content_page_likes',
  'stand_marks',
  // analytics (issue 30): recorded views (written every second while a fair runs), salts and the job's rollups; no
  // visitor page reads them, and a watched recorder would empty every kept page with each batch of views
  'analytics_events',
  'analytics_salts',
  'analytics_hourly',
  'analytics_daily',
  'analytics_daily_dims',
  'analytics_funnel',
  'analytics_funnel_marks',
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
  /**
   * Called when something of one user that their audience is made of changed in an unwatched table (their user row,
   * sessions, object permissions, business card; migration 0042): the user's id, or '*' for anyone. Watched changes
   * and a lost or resumed connection go to `subscribe`'s listeners only.
   */
  subscribeViewers(listener: (userId: string) => void): () => void;
  close(): Promise<void>;
}

/** The payload prefix of a change to one user's own rows (migration 0042). */
const VIEWER_PAYLOAD = 'viewer:';

/** Starts listening for changes on the app's database (its own connection for PostgreSQL). */
export function listenForDataChanges(db: Db): DataChanges {
  const listeners = new Set<() => void>();
  const viewerListeners = new Set<(userId: string) => void>();
  let generation = 0;
  const changed = () => {
    generation += 1;
    for (const listener of listeners) listener();
  };
  const onPayload = (payload: string) => {
    if (!payload.startsWith(VIEWER_PAYLOAD)) return changed();
    for (const listener of viewerListeners) listener(payload.slice(VIEWER_PAYLOAD.length));
  };
  // every notification, a lost connection and listening (again) all make what was read before suspect
  const channel = listenToChannel(db, DATA_CHANGED_CHANNEL, { onPayload, onListening: changed, onLost: changed });
  return {
    get generation() {
      return generation;
    },
    get listening() {
      return channel.listening;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeViewers(listener) {
      viewerListeners.add(listener);
      return () => viewerListeners.delete(listener);
    },
    close: () => channel.close(),
  };
}
