import { data, redirect } from '@remix-run/node';
import { invariantResponse } from '~/lib/route-kit';
import type { RequestContext } from '~/server/request-context.server';
import { intentOf, listAction, submitForm } from '~/server/route-kit.server';
import { readForm } from '~/server/posted-form.server';
import * as chats from '~/server/services/chats';
import { isDomainError } from '~/server/services/errors';
import { membersOf } from '~/server/services/organizations/members';
import { redirectWithToast } from '~/server/toast.server';
import { ChatIntents, ConversationForm, HandOverForm, listQuery, NotificationsForm, PresenceForm, ReplyForm, SettingsForm, VIEWS, type ViewName } from './forms';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const nameOf = (first: string | null | undefined, last: string | null | undefined, email: string | null | undefined) => `${first ?? ''} ${last ?? ''}`.trim() || email || '';

/** A conversation as the list and the detail show it. */
function conversationView(row: chats.ChatConversationRow) {
  const visitor = row.visitor_user_id ? nameOf(row.visitor_first_name, row.visitor_last_name, row.visitor_email) : (row.guest_name ?? '');
  return {
    id: row.id,
    state: row.state,
    visitorName: visitor,
    visitorEmail: row.visitor_email ?? row.guest_email ?? '',
    guest: !row.visitor_user_id,
    operatorUserId: row.operator_user_id,
    operatorName: row.operator_user_id ? nameOf(row.operator_first_name, row.operator_last_name, row.operator_email) : null,
    standId: row.stand_id,
    conventionId: row.convention_id,
    sourcePath: row.source_path ?? '',
    leadId: row.lead_id,
    lastMessageAt: iso(row.last_message_at),
    lastMessage: row.last_message_body ?? '',
    lastSeq: row.last_seq === null || row.last_seq === undefined ? null : Number(row.last_seq),
  };
}

export type ConversationView = ReturnType<typeof conversationView>;

/** The visitor's context of a conversation: the stand's and convention's names (two small look-ups, never per row). */
async function contextOf(context: RequestContext, row: chats.ChatConversationRow) {
  const db = context.service.db;
  const [stand, convention] = await Promise.all([
    row.stand_id ? db('base_stands').where({ id: row.stand_id, organization_id: row.organization_id }).first('name') : null,
    row.convention_id ? db('conventions').where({ id: row.convention_id }).first('title') : null,
  ]);
  return { standName: (stand?.name as string | undefined) ?? null, conventionTitle: (convention?.title as string | undefined) ?? null };
}

function viewOf(value: string | null): ViewName {
  return (VIEWS as readonly string[]).includes(value ?? '') ? (value as ViewName) : 'QUEUE';
}

/**
 * /chats: the settings (admins change them), the viewer's presence and notification choices when they are an
 * operator, the views queue / mine / all / archived (searchable, a page at a time), the open conversation (`?c=`)
 * with its messages and the visitor's context, and the unread counts for the sidebar and the tab title.
 */
export async function chatsData(context: RequestContext, request: Request) {
  const ctx = context.service;
  const viewer = ctx.viewer;
  invariantResponse(viewer?.organization);
  const organizationId = viewer.organization.id;
  const url = new URL(request.url);
  const view = viewOf(url.searchParams.get('view'));
  const search = (url.searchParams.get('q') ?? '').slice(0, 200);
  const after = url.searchParams.get('after');
  const selected = url.searchParams.get('c');
  const isAdmin = viewer.role === 'admin';
  const [settings, members, unread] = await Promise.all([
    chats.chatSettings(ctx, organizationId),
    isAdmin ? membersOf(ctx, organizationId) : Promise.resolve([]),
    chats.unreadCounts(ctx, organizationId),
  ]);
  let page: chats.ChatConversationPage;
  try {
    page = await chats.conversations(ctx, { organizationId, view, search: search || null, after: after || null });
  } catch (error) {
    // an outdated cursor starts the list again rather than failing the page
    if (!isDomainError(error) || !after) throw error;
    page = await chats.conversations(ctx, { organizationId, view, search: search || null });
  }
  let open: (ConversationView & { standName: string | null; conventionTitle: string | null; messages: MessageView[] }) | null = null;
  if (selected) {
    const row = await chats.conversation(ctx, selected).catch((error) => {
      if (isDomainError(error)) return null;
      throw error;
    });
    invariantResponse(row && row.organization_id === organizationId, 'Not Found', { status: 404 });
    const [messages, where] = await Promise.all([chats.messages(ctx, { conversationId: row.id }), contextOf(context, row)]);
    const last = messages[messages.length - 1];
    if (last) await chats.markRead(ctx, row.id, Number(last.seq));
    open = { ...conversationView(row), ...where, messages: messages.map(messageView) };
  }
  const me = settings.operators.find((operator) => operator.user_id === viewer.userId) ?? null;
  return {
    view,
    search,
    after: after ?? null,
    isAdmin,
    organizationId,
    me: me ? { online: me.online, notifySound: me.notify_sound, notifyBrowser: me.notify_browser } : null,
    settings: {
      enabled: settings.enabled,
      allowGuests: settings.allowGuests,
      requeueAfterMinutes: settings.requeueAfterMinutes,
      offlineMessageEnabled: settings.offlineMessageEnabled,
      supportUrl: settings.supportUrl ?? '',
      operators: settings.operators.map((operator) => ({
        userId: operator.user_id,
        name: nameOf(operator.first_name, operator.last_name, operator.email),
        capacity: operator.capacity,
        online: operator.online,
        openConversations: operator.open_conversations,
      })),
    },
    members: members.map((member) => ({ userId: member.user_id, name: nameOf(member.first_name, member.last_name, member.email) })),
    conversations: page.items.map(conversationView),
    nextCursor: page.nextCursor,
    unread: { total: unread.total, byConversation: Object.fromEntries(unread.conversations.map((entry) => [entry.conversationId, entry.unread])) },
    open,
    language: context.language,
  };
}

function messageView(message: { id: string; seq: number | string; sender: string; body: string; created_at: Date | string }) {
  return { id: message.id, seq: Number(message.seq), sender: message.sender as 'VISITOR' | 'OPERATOR' | 'SYSTEM', body: message.body, created: iso(message.created_at)! };
}
export type MessageView = ReturnType<typeof messageView>;

/** Where a form about a conversation goes back to: the same view with the conversation open. */
function backTo(request: Request, conversationId?: string | null): string {
  const url = new URL(request.url);
  return listQuery({
    view: url.searchParams.get('view') ?? undefined,
    q: url.searchParams.get('q'),
    c: conversationId === undefined ? url.searchParams.get('c') : conversationId,
  });
}

/** The operator checkboxes of the settings form: `operator` (user ids) with `capacity-<userId>`. */
function operatorsOf(formData: FormData) {
  return [...new Set(formData.getAll('operator').map(String))].map((userId) => {
    const capacity = Number(formData.get(`capacity-${userId}`) ?? 5);
    return { userId, capacity: Number.isFinite(capacity) ? capacity : 5 };
  });
}

/** The page's forms: settings, presence, notifications, claim, hand over, archive, reply, create lead. */
export async function chatsAction(context: RequestContext, request: Request) {
  const ctx = context.service;
  const organizationId = ctx.viewer!.organization!.id;
  const formData = await readForm(request);
  const { intent } = intentOf(formData, ChatIntents);
  switch (intent) {
    case 'settings': {
      const done = await submitForm(context, formData, 'settings', SettingsForm, (value) =>
        chats.saveChatSettings(ctx, {
          organizationId,
          enabled: value.enabled,
          allowGuests: value.allowGuests,
          offlineMessageEnabled: value.offlineMessageEnabled,
          requeueAfterMinutes: value.requeueAfterMinutes,
          supportUrl: value.supportUrl ?? '',
          operators: operatorsOf(formData),
        }),
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(backTo(request), { type: 'success', key: 'chats:console.settingsSaved' });
    }
    case 'presence': {
      const parsed = PresenceForm.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response('Bad Request', { status: 400 });
      const online = parsed.data.online === 'true';
      return listAction(backTo(request), () => chats.setPresence(ctx, { organizationId, online }), { key: online ? 'chats:console.nowOnline' : 'chats:console.nowOffline' });
    }
    case 'notifications': {
      const parsed = NotificationsForm.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response('Bad Request', { status: 400 });
      return listAction(backTo(request), () => chats.setNotifications(ctx, { organizationId, sound: parsed.data.sound, browser: parsed.data.browser }), {
        key: 'chats:console.notificationsSaved',
      });
    }
    case 'claim':
    case 'archive':
    case 'createLead': {
      const parsed = ConversationForm.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response('Bad Request', { status: 400 });
      const { id } = parsed.data;
      if (intent === 'claim') return listAction(backTo(request, id), () => chats.claim(ctx, id), { key: 'chats:console.claimed' });
      if (intent === 'archive') return listAction(backTo(request, id), () => chats.archive(ctx, id), { key: 'chats:console.archived' });
      return listAction(backTo(request, id), () => chats.createLeadFromConversation(ctx, id), { key: 'chats:console.leadCreated' });
    }
    case 'handOver': {
      const parsed = HandOverForm.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response('Bad Request', { status: 400 });
      return listAction(backTo(request, parsed.data.id), () => chats.handOver(ctx, parsed.data.id, parsed.data.userId), { key: 'chats:console.handedOver' });
    }
    case 'reply': {
      const done = await submitForm(context, formData, 'reply', ReplyForm, (value) => chats.sendMessage(ctx, { conversationId: value.id, body: value.body }));
      if (!done.ok) return done.answer;
      // the message shows in the conversation: no toast for every line
      return redirect(`${backTo(request, done.input.id)}#chat-bottom`);
    }
  }
  return data(null, { status: 400 });
}
