import { createClient, type Client } from 'graphql-ws';

/**
 * The browser's live connection for chats (issue 28): graphql-ws on /graphql/ of the same origin (the session cookie
 * goes along). One client per page, created on first use; it reconnects by itself, and the subscribers resume from
 * the last `seq` they hold, so nothing is missed and nothing shown twice. Loaded only by the chat code.
 */
let client: Client | null = null;
const listeners = new Set<(state: LiveState) => void>();
export type LiveState = 'connecting' | 'connected' | 'closed';
let state: LiveState = 'connecting';
/** ends the current wait between reconnection attempts */
let wake: (() => void) | null = null;

function setState(next: LiveState) {
  state = next;
  for (const listener of listeners) listener(next);
}

export function liveClient(): Client {
  if (client) return client;
  const url = new URL('/graphql/', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  client = createClient({
    url: url.toString(),
    lazy: true,
    keepAlive: 10_000,
    retryAttempts: Infinity,
    // back off a little, never more than 5 s; the browser coming back online ends the wait at once
    retryWait: (retries) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
        const timer = setTimeout(done, Math.min(5000, 300 * 2 ** retries));
        wake = done;
      }),
    shouldRetry: () => true,
    on: {
      connecting: () => setState('connecting'),
      connected: () => setState('connected'),
      closed: () => setState('closed'),
    },
  });
  // the browser going offline: the socket is gone even if nobody told it; back online: reconnect without waiting
  window.addEventListener('offline', () => client?.terminate());
  window.addEventListener('online', () => wake?.());
  return client;
}

export function onLiveState(listener: (state: LiveState) => void): () => void {
  listeners.add(listener);
  listener(state);
  return () => listeners.delete(listener);
}

interface GraphQLErrorLike {
  message: string;
  extensions?: { code?: string };
}

/** One query or mutation over the live connection. */
export function request<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let result: T | undefined;
    liveClient().subscribe<T>(
      { query, variables },
      {
        next: (value) => {
          if (value.errors?.length) reject(new Error((value.errors[0] as GraphQLErrorLike).message));
          else result = value.data as T;
        },
        error: (error) => reject(error instanceof Error ? error : new Error(Array.isArray(error) ? (error[0] as GraphQLErrorLike).message : 'connection')),
        complete: () => (result === undefined ? reject(new Error('no result')) : resolve(result)),
      },
    );
  });
}

export interface LiveMessage {
  id: string;
  conversationId: string;
  seq: number;
  sender: 'VISITOR' | 'OPERATOR' | 'SYSTEM';
  body: string;
  created: string;
}

const MESSAGES = `subscription ChatMessages($conversationId: ID!, $afterSeq: Float, $guestToken: String) {
  chatMessages(conversationId: $conversationId, afterSeq: $afterSeq, guestToken: $guestToken) { id conversationId seq sender body created }
}`;

/**
 * The messages of a conversation after `lastSeq()` (read again at every (re)subscription), live. The subscription
 * is started again after the connection drops, from the newest seq the caller holds then.
 */
export function subscribeMessages(
  input: { conversationId: string; guestToken?: string | null; lastSeq: () => number | null },
  onMessage: (message: LiveMessage) => void,
): () => void {
  let stopped = false;
  let dispose: (() => void) | null = null;
  const start = () => {
    if (stopped) return;
    dispose = liveClient().subscribe<{ chatMessages: LiveMessage }>(
      { query: MESSAGES, variables: { conversationId: input.conversationId, afterSeq: input.lastSeq(), guestToken: input.guestToken ?? null } },
      {
        next: (value) => {
          if (value.data?.chatMessages) onMessage(value.data.chatMessages);
        },
        // the connection closed for good or the server ended it: start again from what we hold
        error: () => setTimeout(start, 1000),
        complete: () => {
          if (!stopped) setTimeout(start, 1000);
        },
      },
    );
  };
  // after a reconnect the client re-sends the old operation with its old afterSeq; start fresh instead
  let dropped = false;
  const offClosed = liveClient().on('closed', () => {
    dropped = true;
  });
  const off = liveClient().on('connected', () => {
    if (!dropped || !dispose) return;
    dropped = false;
    dispose();
    dispose = null;
    start();
  });
  start();
  return () => {
    stopped = true;
    off();
    offClosed();
    dispose?.();
  };
}

const CHANGED = `subscription ChatConversationChanged($organizationId: ID!) {
  chatConversationChanged(organizationId: $organizationId) { id state operatorUserId lastSeq lastMessageAt }
}`;

export interface ConversationChange {
  id: string;
  state: 'UNCLAIMED' | 'CLAIMED' | 'ARCHIVED';
  operatorUserId: string | null;
  lastSeq: number | null;
  lastMessageAt: string;
}

/** The organisation's conversations as they change (the console's lists). */
export function subscribeConversations(organizationId: string, onChange: (change: ConversationChange) => void): () => void {
  return liveClient().subscribe<{ chatConversationChanged: ConversationChange }>(
    { query: CHANGED, variables: { organizationId } },
    {
      next: (value) => {
        if (value.data?.chatConversationChanged) onChange(value.data.chatConversationChanged);
      },
      error: () => {},
      complete: () => {},
    },
  );
}
