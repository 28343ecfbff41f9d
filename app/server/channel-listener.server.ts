import pg from 'pg';
import type { Db } from '#db/connection';

/**
 * LISTEN on one PostgreSQL channel over a connection of its own (never one of the pool, which would hand it back),
 * reconnecting with a growing wait when it is lost; with the embedded PGlite database the notifications arrive in
 * the process itself. Used by the data-change notices (data-changes.server.ts) and the chat fan-out
 * (services/chats/fanout.ts).
 */
export interface ChannelHandlers {
  /** a notification's payload ('' when it carried none) */
  onPayload(payload: string): void;
  /** listening began, or began again after a lost connection: what was sent meanwhile was missed */
  onListening(): void;
  /** the connection was lost (`listening` is false already); onListening follows once it is back */
  onLost?(): void;
}

export interface ChannelListener {
  /** false before listening began, while the connection is lost and after close */
  readonly listening: boolean;
  close(): Promise<void>;
}

interface PgliteLike {
  waitReady: Promise<void>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

const DEFAULT_RECONNECT_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

export function listenToChannel(db: Db, channel: string, handlers: ChannelHandlers, reconnectMs: readonly number[] = DEFAULT_RECONNECT_MS): ChannelListener {
  let listening = false;
  let closed = false;
  let stop: () => Promise<void>;

  const pglite = (db.client as { pglite?: PgliteLike }).pglite;
  if (pglite) {
    const pending = pglite.waitReady.then(() =>
      pglite.listen(channel, (payload) => handlers.onPayload(payload ?? '')).then((unlisten) => {
        listening = !closed;
        handlers.onListening();
        return unlisten;
      }),
    );
    stop = async () => (await pending)();
  } else {
    const connection = (db.client as { config: { connection: string | pg.ClientConfig } }).config.connection;
    let client: pg.Client | null = null;
    let attempt = 0;
    let timer: NodeJS.Timeout | undefined;
    const lost = (current: pg.Client) => {
      if (client !== current) return;
      client = null;
      listening = false;
      handlers.onLost?.();
      current.end().catch(() => {});
      if (!closed) timer = setTimeout(connect, reconnectMs[Math.min(attempt++, reconnectMs.length - 1)]).unref();
    };
    const connect = async () => {
      const current = new pg.Client(typeof connection === 'string' ? { connectionString: connection } : connection);
      client = current;
      current.on('error', () => lost(current));
      current.on('end', () => lost(current));
      current.on('notification', (message) => {
        if (message.channel === channel) handlers.onPayload(message.payload ?? '');
      });
      try {
        await current.connect();
        await current.query(`listen ${channel}`);
        if (closed || client !== current) return;
        attempt = 0;
        listening = true;
        handlers.onListening();
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
  }

  return {
    get listening() {
      return listening;
    },
    close: async () => {
      closed = true;
      listening = false;
      await stop();
    },
  };
}
