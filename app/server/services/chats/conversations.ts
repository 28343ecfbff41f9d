import { ChatConversation, Convention, BaseStand } from '#db/models/index';
import { ChatListInput, ChatStartInput, type ChatView } from '~/lib/schemas/chats';
import { inTransaction, type ServiceContext } from '../../context.server';
import { randomToken, hashToken } from '../../auth/tokens.server';
import { safeNext } from '../../guards.server';
import { assertId, requireViewer } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { assignQueued, requeueOverdue } from './assignment';
import { notifyChat } from './fanout';
import { appendMessage } from './messages';
import { assertChatOperator, assertChatReader, chatNotFound, requireChatAdmin, requireChatMember } from './policy';
import { widgetState } from './settings';

/**
 * Conversations (issue 28): started by a visitor (logged in, or a guest with name and e-mail where the organisation
 * allows guests), listed for the organisation's side in four views with cursor pagination, claimed (one conditional
 * UPDATE: of two operators claiming at once one wins, the other learns who has it), handed over by an admin,
 * archived (read-only until the visitor writes again), and turned into a lead.
 */

/** A conversation as the lists and the detail show it: the row and the names of its visitor and operator. */
export type ChatConversationRow = ChatConversation & {
  visitor_first_name: string | null;
  visitor_last_name: string | null;
  visitor_email: string | null;
  operator_first_name: string | null;
  operator_last_name: string | null;
  operator_email: string | null;
  /** the last message's text (lists show its start) */
  last_message_body: string | null;
  last_seq: number | null;
};

export interface ChatConversationPage {
  items: ChatConversationRow[];
  /** pass as `after` for the next page; null on the last page */
  nextCursor: string | null;
}

/** The conversations with their names and last message (one statement, however many rows). */
function rowQuery(ctx: ServiceContext) {
  return ChatConversation.query(ctx.db)
    .leftJoin('users as v', 'v.id', 'chat_conversations.visitor_user_id')
    .leftJoin('users as o', 'o.id', 'chat_conversations.operator_user_id')
    .select(
      'chat_conversations.*',
      'v.first_name as visitor_first_name',
      'v.last_name as visitor_last_name',
      'v.email as visitor_email',
      'o.first_name as operator_first_name',
      'o.last_name as operator_last_name',
      'o.email as operator_email',
      ctx.db.raw(
        '(select m.body from chat_messages m where m.conversation_id = chat_conversations.id order by m.seq desc limit 1) as last_message_body',
      ),
      ctx.db.raw('(select max(m.seq) from chat_messages m where m.conversation_id = chat_conversations.id) as last_seq'),
    );
}

/** One conversation with its names (no access check: callers check). */
export async function conversationRow(ctx: ServiceContext, id: string): Promise<ChatConversationRow | undefined> {
  return (await rowQuery(ctx).findById(id)) as ChatConversationRow | undefined;
}

const ORDER: Record<ChatView, { column: string; direction: 'asc' | 'desc' }> = {
  QUEUE: { column: 'chat_conversations.created_at', direction: 'asc' },
  MINE: { column: 'chat_conversations.last_message_at', direction: 'desc' },
  ALL: { column: 'chat_conversations.last_message_at', direction: 'desc' },
  ARCHIVED: { column: 'chat_conversations.archived_at', direction: 'desc' },
};

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function readCursor(ctx: ServiceContext, cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      assertId(ctx, value[1], 'after');
      if (!Number.isNaN(Date.parse(value[0]))) return [value[0], value[1]];
    }
  } catch {
    // an unreadable cursor is the caller's mistake, answered below
  }
  throw new DomainError('INVALID', ctx.t('chats:server.errors.cursor'), 'after');
}

/** The organisation's conversations in one view (QUEUE, MINE, ALL open ones, ARCHIVED), searchable, a page at a time. */
export async function conversations(ctx: ServiceContext, input: ChatListInput): Promise<ChatConversationPage> {
  const values = parseInput(ctx, ChatListInput, input);
  const { viewer, organizationId } = requireChatMember(ctx, values.organizationId);
  await requeueOverdue(ctx, organizationId);
  const order = ORDER[values.view];
  const query = rowQuery(ctx)
    .select(ctx.db.raw(`${order.column}::text as cursor_key`))
    .where('chat_conversations.organization_id', organizationId);
  if (values.view === 'QUEUE') query.where('chat_conversations.state', 'UNCLAIMED');
  if (values.view === 'MINE') query.where({ 'chat_conversations.state': 'CLAIMED', 'chat_conversations.operator_user_id': viewer.userId });
  if (values.view === 'ALL') query.whereNot('chat_conversations.state', 'ARCHIVED');
  if (values.view === 'ARCHIVED') query.where('chat_conversations.state', 'ARCHIVED');
  const search = values.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    query.where((q) =>
      q
        .whereRaw('lower(chat_conversations.guest_name) like ?', [pattern])
        .orWhereRaw('lower(chat_conversations.guest_email) like ?', [pattern])
        .orWhereRaw("lower(v.first_name || ' ' || v.last_name) like ?", [pattern])
        .orWhereRaw('lower(v.email) like ?', [pattern])
        .orWhereExists((m) => m.from('chat_messages as sm').whereRaw('sm.conversation_id = chat_conversations.id').whereRaw('lower(sm.body) like ?', [pattern])),
    );
  }
  if (values.after) {
    const [key, id] = readCursor(ctx, values.after);
    const comparison = order.direction === 'asc' ? '>' : '<';
    query.whereRaw(`(${order.column}, chat_conversations.id) ${comparison} (?::timestamptz, ?::uuid)`, [key, id]);
  }
  query.orderBy(order.column, order.direction).orderBy('chat_conversations.id', order.direction).limit(values.first + 1);
  const rows = (await query) as (ChatConversationRow & { cursor_key: string })[];
  const items = rows.slice(0, values.first);
  const last = items[items.length - 1];
  const nextCursor = rows.length > values.first && last ? Buffer.from(JSON.stringify([last.cursor_key, last.id])).toString('base64url') : null;
  return { items: items.map(({ cursor_key: _key, ...row }) => row as unknown as ChatConversationRow), nextCursor };
}

/** One conversation the viewer (or the guest with its token) may read; NOT_FOUND otherwise. */
export async function conversation(ctx: ServiceContext, id: string, options: { guestToken?: string | null } = {}): Promise<ChatConversationRow> {
  assertId(ctx, id);
  return assertChatReader(ctx, await conversationRow(ctx, id), options.guestToken).conversation;
}

/** The conversation for the organisation's side, else NOT_FOUND (PERMISSION_DENIED for its own members without the feature). */
async function operatedConversation(ctx: ServiceContext, id: string): Promise<ChatConversation> {
  assertId(ctx, id);
  return assertChatOperator(ctx, await ChatConversation.query(ctx.db).findById(id));
}

/**
 * Starts a conversation with its first message. A logged-in visitor who has an open (not archived) conversation
 * with the organisation writes into that one instead. A guest gets the secret that lets them read it (`guestToken`),
 * shown once; only its hash is kept.
 */
export async function startConversation(ctx: ServiceContext, input: ChatStartInput): Promise<{ conversation: ChatConversationRow; guestToken: string | null }> {
  const values = parseInput(ctx, ChatStartInput, input);
  const widget = await widgetState(ctx, { organizationId: values.organizationId, standId: values.standId });
  if (!widget.enabled) throw new DomainError('PERMISSION_DENIED', ctx.t('chats:server.errors.chatOff'), 'organizationId');
  const viewer = ctx.viewer;
  if (!viewer) {
    if (!widget.allowGuests) requireViewer(ctx);
    const missing = [
      ...(values.guestName ? [] : [{ code: 'REQUIRED' as const, field: 'guestName', message: ctx.t('validation:required') }]),
      ...(values.guestEmail ? [] : [{ code: 'REQUIRED' as const, field: 'guestEmail', message: ctx.t('validation:required') }]),
    ];
    if (missing.length) throw DomainError.fromFieldErrors(missing);
  }
  if (values.conventionId && !(await Convention.query(ctx.db).findById(values.conventionId))) throw chatNotFound(ctx, 'conventionId');
  if (values.standId && !(await BaseStand.query(ctx.db).findById(values.standId).where('organization_id', values.organizationId))) {
    throw chatNotFound(ctx, 'standId');
  }
  const guestToken = viewer ? null : randomToken();
  const conversationId = await inTransaction(ctx, async (tx) => {
    const open = viewer
      ? await ChatConversation.query(tx.db)
          .where({ organization_id: values.organizationId, visitor_user_id: viewer.userId })
          .whereNot('state', 'ARCHIVED')
          .orderBy('last_message_at', 'desc')
          .first()
      : undefined;
    const started =
      open ??
      (await ChatConversation.query(tx.db)
        .insert({
          organization_id: values.organizationId,
          state: 'UNCLAIMED',
          visitor_user_id: viewer?.userId ?? null,
          guest_name: viewer ? null : (values.guestName ?? null),
          guest_email: viewer ? null : (values.guestEmail ?? null),
          guest_token_hash: guestToken ? hashToken(guestToken) : null,
          convention_id: values.conventionId ?? null,
          stand_id: values.standId ?? null,
          source_path: values.sourcePath ? safeNext(values.sourcePath, '') : '',
        })
        .returning('*'));
    await appendMessage(tx, started, { sender: 'VISITOR', senderUserId: viewer?.userId ?? null, body: values.body });
    if (!open) {
      await notifyChat(tx.db, { kind: 'conversation', organizationId: values.organizationId, conversationId: started.id });
      await assignQueued(tx, values.organizationId);
    }
    return started.id;
  });
  return { conversation: (await conversationRow(ctx, conversationId))!, guestToken };
}

/** Who has a conversation, for the error of a claim that lost. */
function claimedBy(ctx: ServiceContext, row: ChatConversationRow): DomainError {
  const name = [row.operator_first_name, row.operator_last_name].filter(Boolean).join(' ') || row.operator_email || '';
  return new DomainError('ALREADY_CLAIMED', ctx.t('chats:server.errors.claimed', { name }), 'id');
}

/**
 * The viewer takes a queued conversation. One conditional UPDATE decides: of two operators claiming at once, one
 * wins and the other gets ALREADY_CLAIMED naming who has it. Claiming one's own conversation again changes nothing.
 */
export async function claim(ctx: ServiceContext, id: string): Promise<ChatConversationRow> {
  const current = await operatedConversation(ctx, id);
  const { viewer } = requireChatMember(ctx, current.organization_id);
  const claimed = await inTransaction(ctx, async (tx) => {
    const rows = await ChatConversation.query(tx.db)
      .where({ id, state: 'UNCLAIMED' })
      .patch({ state: 'CLAIMED', operator_user_id: viewer.userId, claimed_at: new Date() })
      .returning('id');
    if (rows.length) await notifyChat(tx.db, { kind: 'conversation', organizationId: current.organization_id, conversationId: id });
    return rows.length > 0;
  });
  const row = (await conversationRow(ctx, id))!;
  if (claimed || (row.state === 'CLAIMED' && row.operator_user_id === viewer.userId)) return row;
  if (row.state === 'ARCHIVED') throw new DomainError('INVALID', ctx.t('chats:server.errors.archived'), 'id');
  throw claimedBy(ctx, row);
}

/** An admin gives an open conversation to another operator of the organisation. */
export async function handOver(ctx: ServiceContext, id: string, toUserId: string): Promise<ChatConversationRow> {
  const current = await operatedConversation(ctx, id);
  requireChatAdmin(ctx, current.organization_id);
  assertId(ctx, toUserId, 'userId');
  await inTransaction(ctx, async (tx) => {
    const operator = await tx.db('chat_operators as o')
      .join('organization_members as m', (j) => j.on('m.organization_id', 'o.organization_id').andOn('m.user_id', 'o.user_id'))
      .where({ 'o.organization_id': current.organization_id, 'o.user_id': toUserId })
      .first('o.user_id');
    if (!operator) throw new DomainError('INVALID', tx.t('chats:server.errors.notOperator'), 'userId');
    const rows = await ChatConversation.query(tx.db)
      .where({ id })
      .whereNot('state', 'ARCHIVED')
      .patch({ state: 'CLAIMED', operator_user_id: toUserId, claimed_at: new Date() })
      .returning('id');
    if (!rows.length) throw new DomainError('INVALID', tx.t('chats:server.errors.archived'), 'id');
    await notifyChat(tx.db, { kind: 'conversation', organizationId: current.organization_id, conversationId: id });
  });
  return (await conversationRow(ctx, id))!;
}

/** Archives a conversation (read-only for the organisation's side; the visitor writing again reopens it). */
export async function archive(ctx: ServiceContext, id: string): Promise<ChatConversationRow> {
  const current = await operatedConversation(ctx, id);
  await inTransaction(ctx, async (tx) => {
    const rows = await ChatConversation.query(tx.db)
      .where({ id })
      .whereNot('state', 'ARCHIVED')
      .patch({ state: 'ARCHIVED', archived_at: new Date(), awaiting_reply_since: null })
      .returning('id');
    if (!rows.length) return;
    await notifyChat(tx.db, { kind: 'conversation', organizationId: current.organization_id, conversationId: id });
    // the operator has room again
    await assignQueued(tx, current.organization_id);
  });
  return (await conversationRow(ctx, id))!;
}

export type VisitorConversationRow = ChatConversationRow & { organization_name: string; stand_name: string | null };

/** The logged-in viewer's own conversations as visitor (of one convention when given), newest first, at most 100. */
export async function visitorConversations(ctx: ServiceContext, input: { conventionId?: string | null } = {}): Promise<VisitorConversationRow[]> {
  const viewer = requireViewer(ctx);
  const query = rowQuery(ctx)
    .join('organizations as org', 'org.id', 'chat_conversations.organization_id')
    .leftJoin('base_stands as st', 'st.id', 'chat_conversations.stand_id')
    .select('org.name as organization_name', 'st.name as stand_name')
    .where('chat_conversations.visitor_user_id', viewer.userId)
    .orderBy('chat_conversations.last_message_at', 'desc')
    .orderBy('chat_conversations.id', 'desc')
    .limit(100);
  if (input.conventionId) query.where('chat_conversations.convention_id', assertId(ctx, input.conventionId, 'conventionId'));
  return (await query) as unknown as VisitorConversationRow[];
}
