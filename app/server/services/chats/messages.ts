import { ChatConversation, ChatMessage, type ChatSender } from '#db/models/index';
import { CHAT_MESSAGES_MAX, chatBody } from '~/lib/schemas/chats';
import { z } from 'zod';
import { inTransaction, type ServiceContext } from '../../context.server';
import { stringProblem } from '../../hygiene.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { assignQueued } from './assignment';
import { notifyChat } from './fanout';
import { assertChatReader, requireChatMember } from './policy';

/**
 * Messages (issue 28): plain text (never HTML; links are made clickable by the page), at most 4,000 characters,
 * rate-limited per sender. A message is stored, and its conversation's row locked while it is, before anyone is
 * told (fanout.ts): so within a conversation `seq` grows in commit order and a client resuming "after seq" misses
 * nothing. The visitor writing into an archived conversation reopens it (back to the queue).
 */

/** At most this many messages per sender in the window (a person types; a script floods). */
export const CHAT_RATE_LIMIT = { messages: 20, seconds: 10 } as const;

const BodyInput = z.object({ body: chatBody });

function checkedBody(ctx: ServiceContext, body: string): string {
  if (stringProblem(body, 100_000)) throw new DomainError('INVALID', ctx.t('chats:server.errors.characters'), 'body');
  return parseInput(ctx, BodyInput, { body }).body;
}

/**
 * Refuses a sender over the rate: a member by their user, a guest by their conversation. Counting stored messages
 * works across app instances and needs no state of its own (the sender index keeps it cheap).
 */
async function assertRate(ctx: ServiceContext, conversationId: string, sender: ChatSender, senderUserId: string | null): Promise<void> {
  const query = ChatMessage.query(ctx.db).whereRaw('created_at > now() - make_interval(secs => ?)', [CHAT_RATE_LIMIT.seconds]);
  if (senderUserId) query.where('sender_user_id', senderUserId);
  else query.where({ conversation_id: conversationId, sender }).whereNull('sender_user_id');
  const [{ count }] = (await query.count('* as count')) as unknown as { count: number }[];
  if (Number(count) >= CHAT_RATE_LIMIT.messages) {
    throw new DomainError('THROTTLED', ctx.t('errors:throttled', { seconds: CHAT_RATE_LIMIT.seconds }), 'body');
  }
}

/**
 * Writes a message into a conversation inside the caller's transaction: locks the conversation, checks the rate,
 * stores the message, moves the conversation on (last message, waiting since, reopening) and notifies.
 */
export async function appendMessage(
  ctx: ServiceContext,
  conversation: Pick<ChatConversation, 'id' | 'organization_id'>,
  message: { sender: ChatSender; senderUserId: string | null; body: string },
): Promise<ChatMessage> {
  return inTransaction(ctx, async (tx) => {
    const locked = await ChatConversation.query(tx.db).findById(conversation.id).forUpdate();
    if (!locked) throw new DomainError('NOT_FOUND', tx.t('errors:notFound'), 'conversationId');
    return appendToLocked(tx, locked, message);
  });
}

/** appendMessage for a conversation whose row the caller's transaction holds locked (`for update`). */
async function appendToLocked(
  tx: ServiceContext,
  locked: ChatConversation,
  message: { sender: ChatSender; senderUserId: string | null; body: string },
): Promise<ChatMessage> {
  await assertRate(tx, locked.id, message.sender, message.senderUserId);
  const stored = await ChatMessage.query(tx.db)
    .insert({ conversation_id: locked.id, sender: message.sender, sender_user_id: message.senderUserId, body: message.body })
    .returning('*');
  const reopened = locked.state === 'ARCHIVED' && message.sender === 'VISITOR';
  const now = new Date();
  await ChatConversation.query(tx.db)
    .findById(locked.id)
    .patch({
      last_message_at: now,
      awaiting_reply_since: message.sender === 'VISITOR' ? (locked.awaiting_reply_since ?? now) : message.sender === 'OPERATOR' ? null : locked.awaiting_reply_since,
      ...(reopened ? { state: 'UNCLAIMED', archived_at: null, operator_user_id: null, claimed_at: null } : {}),
    });
  await notifyChat(
    tx.db,
    { kind: 'message', conversationId: locked.id, seq: stored.seq },
    { kind: 'conversation', organizationId: locked.organization_id, conversationId: locked.id },
  );
  if (reopened) await assignQueued(tx, locked.organization_id);
  return stored;
}

/**
 * Sends a message as the conversation's visitor (or guest, with the token) or as the organisation's side. An
 * operator answering a queued conversation claims it; someone else's is ALREADY_CLAIMED; an archived one is
 * read-only for the organisation's side. The conversation is read once, locked, in the transaction that writes
 * (a message is the chat's busiest write: seven statements, BEGIN and COMMIT included).
 */
export async function sendMessage(ctx: ServiceContext, input: { conversationId: string; body: string; guestToken?: string | null }): Promise<ChatMessage> {
  assertId(ctx, input.conversationId, 'conversationId');
  return inTransaction(ctx, async (tx) => {
    const found = await ChatConversation.query(tx.db).findById(input.conversationId).forUpdate();
    const { conversation, role } = assertChatReader(tx, found, input.guestToken, 'conversationId');
    const body = checkedBody(tx, input.body);
    if (role === 'VISITOR') {
      const senderUserId = tx.viewer && conversation.visitor_user_id === tx.viewer.userId ? tx.viewer.userId : null;
      return appendToLocked(tx, conversation, { sender: 'VISITOR', senderUserId, body });
    }
    const { viewer } = requireChatMember(tx, conversation.organization_id);
    if (conversation.state === 'ARCHIVED') throw new DomainError('INVALID', tx.t('chats:server.errors.archived'), 'conversationId');
    if (conversation.state === 'UNCLAIMED') {
      await ChatConversation.query(tx.db).findById(conversation.id).patch({ state: 'CLAIMED', operator_user_id: viewer.userId, claimed_at: new Date() });
    } else if (conversation.operator_user_id !== viewer.userId) {
      const owner = await tx.db('users').where('id', conversation.operator_user_id).first('first_name', 'last_name', 'email');
      const name = [owner?.first_name, owner?.last_name].filter(Boolean).join(' ') || owner?.email || '';
      throw new DomainError('ALREADY_CLAIMED', tx.t('chats:server.errors.claimed', { name }), 'conversationId');
    }
    return appendToLocked(tx, conversation, { sender: 'OPERATOR', senderUserId: viewer.userId, body });
  });
}

/**
 * A conversation's messages in order: those after `afterSeq` (resuming), or else the last `limit` ones. Whoever may
 * read the conversation may read its messages.
 */
export async function messages(
  ctx: ServiceContext,
  input: { conversationId: string; afterSeq?: number | null; guestToken?: string | null; limit?: number | null },
): Promise<ChatMessage[]> {
  assertId(ctx, input.conversationId, 'conversationId');
  assertChatReader(ctx, await ChatConversation.query(ctx.db).findById(input.conversationId), input.guestToken, 'conversationId');
  const limit = Math.min(Math.max(1, Math.trunc(input.limit ?? CHAT_MESSAGES_MAX)), CHAT_MESSAGES_MAX);
  return messagesAfter(ctx, input.conversationId, input.afterSeq ?? null, limit);
}

/** The stored messages of a conversation after a seq (null: the last `limit`), oldest first. No access check. */
export async function messagesAfter(ctx: ServiceContext, conversationId: string, afterSeq: number | null, limit: number): Promise<ChatMessage[]> {
  if (afterSeq !== null && afterSeq !== undefined) {
    return ChatMessage.query(ctx.db).where('conversation_id', conversationId).where('seq', '>', afterSeq).orderBy('seq').limit(limit);
  }
  const latest = await ChatMessage.query(ctx.db).where('conversation_id', conversationId).orderBy('seq', 'desc').limit(limit);
  return latest.reverse();
}

/** Remembers how far the viewer has read the conversation (never backwards). */
export async function markRead(ctx: ServiceContext, conversationId: string, seq: number): Promise<{ conversationId: string; lastReadSeq: number }> {
  assertId(ctx, conversationId, 'conversationId');
  const { conversation } = assertChatReader(ctx, await ChatConversation.query(ctx.db).findById(conversationId), null, 'conversationId');
  const viewer = ctx.viewer!;
  const value = Math.max(0, Math.trunc(Number.isFinite(seq) ? seq : 0));
  const { rows } = await ctx.db.raw(
    `insert into chat_reads (conversation_id, user_id, last_read_seq) values (?, ?, ?)
       on conflict (conversation_id, user_id) do update set last_read_seq = greatest(chat_reads.last_read_seq, excluded.last_read_seq), updated_at = now()
     returning last_read_seq`,
    [conversation.id, viewer.userId, value],
  );
  return { conversationId, lastReadSeq: Number(rows[0].last_read_seq) };
}

export interface UnreadCounts {
  total: number;
  conversations: { conversationId: string; unread: number }[];
}

/**
 * Unread visitor messages for the viewer in the organisation: the queue and their own conversations (what the
 * console's sidebar and tab title count). One query.
 */
export async function unreadCounts(ctx: ServiceContext, organizationId: string): Promise<UnreadCounts> {
  assertId(ctx, organizationId, 'organizationId');
  const { viewer } = requireChatMember(ctx, organizationId);
  const { rows } = await ctx.db.raw(
    `select c.id as conversation_id, count(m.id)::int as unread
       from chat_conversations c
       left join chat_reads r on r.conversation_id = c.id and r.user_id = ?
       join chat_messages m on m.conversation_id = c.id and m.sender = 'VISITOR' and m.seq > coalesce(r.last_read_seq, 0)
      where c.organization_id = ? and (c.state = 'UNCLAIMED' or (c.state = 'CLAIMED' and c.operator_user_id = ?))
      group by c.id
      order by c.id`,
    [viewer.userId, organizationId, viewer.userId],
  );
  const list = (rows as { conversation_id: string; unread: number }[]).map((r) => ({ conversationId: r.conversation_id, unread: Number(r.unread) }));
  return { total: list.reduce((sum, r) => sum + r.unread, 0), conversations: list };
}
