import DataLoader from 'dataloader';
import { ChatConversation, ChatMessage } from '#db/models/index';
import type { AppServices, ServiceContext } from '../../context.server';
import { viewerOf, viewerQuery, type Viewer } from '../../viewer.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { conversationRow, type ChatConversationRow } from './conversations';
import { chatFanout } from './fanout';
import { messagesAfter } from './messages';
import { assertChatReader, chatRoleOf, mayOperateChats, requireChatMember } from './policy';
import { openWindow } from './windows';

/**
 * The live side of chats (issue 28): the streams behind the GraphQL subscriptions `chatMessages` and
 * `chatConversationChanged`. A notification (fanout.ts) only says "conversation X has a message with seq S"; the
 * process then reads what is new once per conversation, whatever number of its subscribers wait, and hands each
 * subscriber the messages after its own cursor, so nothing arrives twice or out of order. A subscriber resuming
 * with `afterSeq` first gets the stored messages after it, then the live ones. Access is checked when a stream
 * starts and again before each delivery (the viewer's membership read afresh at most every few seconds).
 */

/** How long a re-read viewer is trusted before the next delivery reads it again. */
const VIEWER_RECHECK_MS = 2000;
const PAGE = 500;

/** A minimal async queue: values pushed before `next()` wait; `return()` (the client leaving) runs `onClose`. */
function pushIterator<T>(onClose: () => void) {
  const values: T[] = [];
  const waiting: ((result: IteratorResult<T>) => void)[] = [];
  const failures: ((error: unknown) => void)[] = [];
  let failure: unknown = null;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    onClose();
    for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
    failures.splice(0);
  };
  const iterator: AsyncIterableIterator<T> = {
    next: () => {
      if (values.length) return Promise.resolve({ value: values.shift()!, done: false });
      if (failure) {
        const error = failure;
        failure = null;
        finish();
        return Promise.reject(error);
      }
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => {
        waiting.push(resolve);
        failures.push(reject);
      });
    },
    return: () => {
      finish();
      return Promise.resolve({ value: undefined, done: true });
    },
    throw: (error) => {
      finish();
      return Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return {
    iterator,
    push(value: T) {
      if (done) return;
      const resolve = waiting.shift();
      failures.shift();
      if (resolve) resolve({ value, done: false });
      else values.push(value);
    },
    fail(error: unknown) {
      if (done) return;
      const reject = failures.shift();
      waiting.shift();
      if (reject) {
        finish();
        reject(error);
      } else failure = error;
    },
    get closed() {
      return done;
    },
  };
}

/** Per process: the viewers re-read for deliveries, shared by every stream of the same user, read in batches. */
interface ViewerRereads {
  loader: DataLoader<string, Viewer | null>;
  fresh: Map<string, { viewer: Viewer | null; at: number }>;
}
const rereads = new WeakMap<AppServices, ViewerRereads>();

function rereadsOf(app: AppServices): ViewerRereads {
  let shared = rereads.get(app);
  if (!shared) {
    shared = {
      // the streams that need a fresh viewer in the same tick (a message reaches both sides at once) share one statement
      loader: new DataLoader(
        async (ids: readonly string[]) => {
          const rows = (await viewerQuery(app.db).whereIn('u.id', [...new Set(ids)])) as Parameters<typeof viewerOf>[0][];
          const byId = new Map(rows.map((row) => [row!.id, viewerOf(row)]));
          return ids.map((id) => byId.get(id) ?? null);
        },
        { cache: false },
      ),
      fresh: new Map(),
    };
    rereads.set(app, shared);
  }
  return shared;
}

/**
 * The viewer as the database knows them now, re-read at most every VIEWER_RECHECK_MS; what one stream of the user
 * re-read serves the user's other streams too (an operator follows the queue and several conversations at once).
 */
function freshViewer(app: AppServices, initial: Viewer | null) {
  let own = { viewer: initial, at: Date.now() };
  return async (): Promise<Viewer | null> => {
    if (!initial) return null;
    const shared = rereadsOf(app);
    const known = shared.fresh.get(initial.userId);
    if (known && known.at > own.at) own = known;
    if (Date.now() - own.at < VIEWER_RECHECK_MS) return own.viewer;
    const at = Date.now();
    own = { viewer: await shared.loader.load(initial.userId), at };
    if (shared.fresh.size > 10_000) {
      for (const [userId, entry] of shared.fresh) if (Date.now() - entry.at >= VIEWER_RECHECK_MS) shared.fresh.delete(userId);
    }
    shared.fresh.set(initial.userId, own);
    return own.viewer;
  };
}

interface MessageListener {
  /** the last seq this subscriber got (null: live only, not yet known) */
  cursor: number | null;
  deliver(messages: ChatMessage[]): void;
}

/** What one process knows of a conversation its subscribers follow: how far it has read, and who waits. */
interface ConversationFeed {
  cursor: number | null;
  listeners: Set<MessageListener>;
  chain: Promise<void>;
  unsubscribe: () => void;
}

const feeds = new WeakMap<AppServices, Map<string, ConversationFeed>>();

function feedsOf(app: AppServices) {
  let map = feeds.get(app);
  if (!map) {
    map = new Map();
    feeds.set(app, map);
    const byApp = map;
    chatFanout(app).onResync(() => {
      for (const [conversationId, feed] of byApp) readFeed(app, conversationId, feed, null);
    });
  }
  return map;
}

/** Reads the conversation's messages after what this process has read (after `seq - 1` on the first notification). */
function readFeed(app: AppServices, conversationId: string, feed: ConversationFeed, seq: number | null) {
  feed.chain = feed.chain
    .then(async () => {
      if (seq !== null && feed.cursor !== null && seq <= feed.cursor) return;
      const known = [...feed.listeners].map((l) => l.cursor).filter((c): c is number => c !== null);
      // a resync reads from the oldest subscriber's position; a first notification from itself
      let from = seq === null ? (known.length ? Math.min(...known, feed.cursor ?? Infinity) : feed.cursor) : (feed.cursor ?? seq - 1);
      if (from === null || !Number.isFinite(from)) return;
      for (;;) {
        const rows = await ChatMessage.query(app.db).where('conversation_id', conversationId).where('seq', '>', from).orderBy('seq').limit(PAGE);
        if (!rows.length) break;
        from = rows[rows.length - 1].seq;
        feed.cursor = Math.max(feed.cursor ?? 0, from);
        for (const listener of feed.listeners) listener.deliver(rows);
        if (rows.length < PAGE) break;
      }
    })
    .catch((error) => console.error('[chats] reading new messages failed:', error));
}

function follow(app: AppServices, conversationId: string, listener: MessageListener): () => void {
  const map = feedsOf(app);
  let feed = map.get(conversationId);
  if (!feed) {
    const created: ConversationFeed = { cursor: null, listeners: new Set(), chain: Promise.resolve(), unsubscribe: () => {} };
    created.unsubscribe = chatFanout(app).onMessage(conversationId, (seq) => readFeed(app, conversationId, created, seq));
    map.set(conversationId, created);
    feed = created;
  }
  feed.listeners.add(listener);
  const joined = feed;
  return () => {
    joined.listeners.delete(listener);
    if (!joined.listeners.size && map.get(conversationId) === joined) {
      joined.unsubscribe();
      map.delete(conversationId);
    }
  };
}

/**
 * The stream of a conversation's messages for the viewer (or the guest with the token): the stored ones after
 * `afterSeq` in order, then each new one once. Without `afterSeq` only what is written from now on.
 */
export async function messageStream(
  ctx: ServiceContext,
  input: { conversationId: string; afterSeq?: number | null; guestToken?: string | null },
): Promise<AsyncIterableIterator<ChatMessage>> {
  assertId(ctx, input.conversationId, 'conversationId');
  const { conversation } = assertChatReader(ctx, await ChatConversation.query(ctx.db).findById(input.conversationId), input.guestToken, 'conversationId');
  const fanout = chatFanout(ctx.app);
  await fanout.ready();
  const viewerNow = freshViewer(ctx.app, ctx.viewer);
  let live = false;
  let buffered: ChatMessage[] = [];
  let checking: Promise<void> = Promise.resolve();
  const listener: MessageListener = {
    cursor: input.afterSeq ?? null,
    deliver(rows) {
      if (!live) {
        buffered.push(...rows);
        return;
      }
      // in order, one batch after the other, each after the access check
      checking = checking.then(async () => {
        if (queue.closed) return;
        const viewer = await viewerNow();
        if (!chatRoleOf(viewer, conversation, input.guestToken)) {
          queue.fail(new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'conversationId'));
          return;
        }
        for (const row of rows) {
          if (listener.cursor !== null && row.seq <= listener.cursor) continue;
          listener.cursor = row.seq;
          queue.push(row);
        }
      });
    },
  };
  const stop = follow(ctx.app, conversation.id, listener);
  const queue = pushIterator<ChatMessage>(stop);
  try {
    if (input.afterSeq !== null && input.afterSeq !== undefined) {
      for (;;) {
        const rows = await messagesAfter(ctx, conversation.id, listener.cursor, PAGE);
        for (const row of rows) queue.push(row);
        if (rows.length) listener.cursor = rows[rows.length - 1].seq;
        if (rows.length < PAGE) break;
      }
    } else {
      const latest = await ChatMessage.query(ctx.db).where('conversation_id', conversation.id).max('seq as seq').first();
      listener.cursor = Number((latest as { seq: number | null } | undefined)?.seq ?? 0);
    }
  } catch (error) {
    await queue.iterator.return!();
    throw error;
  }
  live = true;
  const early = buffered;
  buffered = [];
  if (early.length) listener.deliver(early);
  return queue.iterator;
}

/** The organisation's conversations as they change, for its members with the chat feature. */
export async function conversationStream(ctx: ServiceContext, organizationId: string): Promise<AsyncIterableIterator<ChatConversationRow>> {
  assertId(ctx, organizationId, 'organizationId');
  const { viewer } = requireChatMember(ctx, organizationId);
  const fanout = chatFanout(ctx.app);
  await fanout.ready();
  const viewerNow = freshViewer(ctx.app, viewer);
  let chain: Promise<void> = Promise.resolve();
  const closeWindow = openWindow(ctx.app, organizationId, viewer.userId);
  const unsubscribe = fanout.onConversation(organizationId, (conversationId) => {
    chain = chain.then(async () => {
      if (queue.closed) return;
      const current = await viewerNow();
      if (!mayOperateChats(current, organizationId)) {
        queue.fail(new DomainError('PERMISSION_DENIED', ctx.t('errors:permissionDenied')));
        return;
      }
      const row = await conversationRow(ctx, conversationId);
      if (row && row.organization_id === organizationId) queue.push(row);
    }).catch((error) => console.error('[chats] reading a changed conversation failed:', error));
  });
  const queue = pushIterator<ChatConversationRow>(() => {
    unsubscribe();
    closeWindow();
  });
  return queue.iterator;
}
