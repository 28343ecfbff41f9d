import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { chatBody } from '~/lib/schemas/chats';
import { isSharedVisitorPath } from '~/lib/visitor-paths';
import type { RequestContext } from '~/server/request-context.server';
import { intentOf, resourceJson } from '~/server/route-kit.server';
import { readForm } from '~/server/posted-form.server';
import * as chats from '~/server/services/chats';
import { DomainError, isDomainError } from '~/server/services/errors';
import { conventionBySlug } from '~/server/services/events/conventions';
import { exhibitionForVisitor } from '~/server/services/events/exhibitions';
import { standVisit } from '~/server/services/events/visit';
import { bookingPathOf } from '~/server/services/hub';

/**
 * The visitor's side of chats (issue 28): whom a page's chat widget talks to (the stand's organisation on a stand,
 * the in-house fair's on its pages, the organiser on a convention's other pages), what the widget shows, and its
 * posts (start, send, leave a message). The widget reads and posts `/chat-widget` (never a shared visitor path:
 * what it answers is the viewer's own); the live messages come over GraphQL subscriptions.
 */

export interface ChatPlace {
  organizationId: string;
  standId: string | null;
  conventionId: string | null;
}

const STAND = /^\/convention\/([^/]+)\/hall\/([^/]+)\/stand\/([^/]+)/;
const CONVENTION = /^\/convention\/([^/]+)/;
const EXHIBITION = /^\/exhibition\/([^/]+)/;

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
};

/** The organisation (and stand, convention) a visitor page's chat talks to; null for pages without a chat. */
export async function chatPlaceOf(context: RequestContext, pathname: string): Promise<ChatPlace | null> {
  const ctx = context.service;
  const orNull = async <T>(work: Promise<T>) => {
    try {
      return await work;
    } catch (error) {
      if (isDomainError(error)) return null;
      throw error;
    }
  };
  const stand = STAND.exec(pathname);
  if (stand) {
    const found = await orNull(standVisit(ctx, { conventionSlug: decode(stand[1]!), hallSlug: decode(stand[2]!), standSlug: decode(stand[3]!) }));
    const convention = await orNull(conventionBySlug(ctx, decode(stand[1]!)));
    return found ? { organizationId: found.stand.organization_id, standId: found.stand.id, conventionId: convention?.id ?? null } : null;
  }
  const convention = CONVENTION.exec(pathname);
  if (convention) {
    const found = await orNull(conventionBySlug(ctx, decode(convention[1]!)));
    return found ? { organizationId: found.organization_id, standId: null, conventionId: found.id } : null;
  }
  const exhibition = EXHIBITION.exec(pathname);
  if (exhibition) {
    const found = await orNull(exhibitionForVisitor(ctx, decode(exhibition[1]!)));
    return found ? { organizationId: found.organization_id, standId: found.stand_id ?? null, conventionId: null } : null;
  }
  return null;
}

/** A path the widget may name as its page: a visitor page of ours (never a foreign address). */
function pagePathOf(value: string | null): string {
  const path = (value ?? '').slice(0, 2000);
  return path.startsWith('/') && !path.startsWith('//') && isSharedVisitorPath(path) ? path : '';
}

/** GET /chat-widget?path=…: what the widget shows on that page for this viewer. */
export async function chatWidgetData(context: RequestContext, request: Request): Promise<Response> {
  context.personal?.();
  return resourceJson(await chatWidgetView(context, request));
}

async function chatWidgetView(context: RequestContext, request: Request) {
  const path = pagePathOf(new URL(request.url).searchParams.get('path'));
  const place = path ? await chatPlaceOf(context, path) : null;
  if (!place) return { available: false as const };
  const ctx = context.service;
  const [widget, bookingPath, organization] = await Promise.all([
    chats.widgetState(ctx, { organizationId: place.organizationId, standId: place.standId }),
    bookingPathOf(ctx, place.organizationId),
    ctx.db('organizations').where({ id: place.organizationId }).first('name'),
  ]);
  const viewer = ctx.viewer;
  return {
    available: true as const,
    path,
    ...place,
    organizationName: (organization?.name as string | undefined) ?? '',
    widget,
    bookingPath,
    loginPath: `/login?next=${encodeURIComponent(path)}`,
    viewer: viewer ? { name: `${viewer.firstName ?? ''} ${viewer.lastName ?? ''}`.trim(), email: viewer.email } : null,
  };
}

/** What GET /chat-widget answers (JSON). */
export type ChatWidgetData = Awaited<ReturnType<typeof chatWidgetView>>;

const guestName = z.string().trim().min(1).max(200).optional();
const guestEmail = z.string().trim().max(254).optional();
export const StartForm = z.object({ intent: z.literal('start'), path: z.string().max(2000), body: chatBody, guestName, guestEmail });
export const SendForm = z.object({ intent: z.literal('send'), conversationId: z.string().uuid(), body: chatBody, guestToken: z.string().max(200).optional() });
export const OfflineForm = z.object({
  intent: z.literal('offline'),
  path: z.string().max(2000),
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().min(3).max(254),
  body: chatBody,
});
const WidgetIntents = z.object({ intent: z.enum(['start', 'send', 'offline']) });

const messageOut = (message: { id: string; seq: number | string; sender: string; body: string; created_at: Date | string }, conversationId: string) => ({
  id: message.id,
  conversationId,
  seq: Number(message.seq),
  sender: message.sender,
  body: message.body,
  created: new Date(message.created_at).toISOString(),
});

/** A DomainError as the widget's answer: the message in the user's language and the field, with its status. */
function failure(error: DomainError) {
  const status = error.code === 'NOT_FOUND' ? 404 : error.code === 'UNAUTHENTICATED' ? 401 : error.code === 'PERMISSION_DENIED' ? 403 : error.code === 'THROTTLED' ? 429 : 400;
  return resourceJson({ ok: false as const, code: error.code, message: error.message, field: error.field ?? null }, { status });
}

/** POST /chat-widget: start a conversation, send a message, or leave a message for the operators (JSON answers). */
export async function chatWidgetAction(context: RequestContext, request: Request): Promise<Response> {
  context.personal?.();
  const ctx = context.service;
  const formData = await readForm(request);
  const { intent } = intentOf(formData, WidgetIntents);
  const fields = Object.fromEntries(formData);
  try {
    switch (intent) {
      case 'start': {
        const parsed = StartForm.safeParse(fields);
        if (!parsed.success) return invalid(ctx, parsed.error);
        const path = pagePathOf(parsed.data.path);
        const place = path ? await chatPlaceOf(context, path) : null;
        if (!place) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'path');
        const started = await chats.startConversation(ctx, {
          ...place,
          sourcePath: path,
          body: parsed.data.body,
          guestName: ctx.viewer ? undefined : parsed.data.guestName,
          guestEmail: ctx.viewer ? undefined : parsed.data.guestEmail || undefined,
        });
        const [message] = (await chats.messages(ctx, { conversationId: started.conversation.id, guestToken: started.guestToken, limit: 1 })) as Parameters<typeof messageOut>[0][];
        return resourceJson({ ok: true as const, conversationId: started.conversation.id, guestToken: started.guestToken, message: message ? messageOut(message, started.conversation.id) : null });
      }
      case 'send': {
        const parsed = SendForm.safeParse(fields);
        if (!parsed.success) return invalid(ctx, parsed.error);
        const message = await chats.sendMessage(ctx, { conversationId: parsed.data.conversationId, body: parsed.data.body, guestToken: parsed.data.guestToken || null });
        return resourceJson({ ok: true as const, conversationId: parsed.data.conversationId, guestToken: null, message: messageOut(message as Parameters<typeof messageOut>[0], parsed.data.conversationId) });
      }
      case 'offline': {
        const parsed = OfflineForm.safeParse(fields);
        if (!parsed.success) return invalid(ctx, parsed.error);
        const path = pagePathOf(parsed.data.path);
        const place = path ? await chatPlaceOf(context, path) : null;
        if (!place) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'path');
        await chats.leaveOfflineMessage(ctx, { organizationId: place.organizationId, standId: place.standId, sourcePath: path, name: parsed.data.name, email: parsed.data.email, body: parsed.data.body });
        return resourceJson({ ok: true as const, conversationId: null, guestToken: null, message: null });
      }
    }
  } catch (error) {
    if (isDomainError(error)) return failure(error);
    throw error;
  }
  return resourceJson({ ok: false as const, code: 'INVALID', message: ctx.t('errors:correctFields'), field: null }, { status: 400 });
}

function invalid(ctx: RequestContext['service'], error: z.ZodError) {
  const issue = error.issues[0];
  const field = issue?.path.join('.') ?? null;
  const message = issue?.message && field === 'body' && issue.code === 'custom' ? ctx.t('validation:required') : ctx.t('errors:correctFields');
  return resourceJson({ ok: false as const, code: 'INVALID', message, field }, { status: 400 });
}

/**
 * /convention/{slug}/chats: the logged-in visitor's conversations with the convention's exhibitors (and its
 * organiser) and the open one (`?c=`). Personal: never shared by the visitor cache (decision 020).
 */
export async function visitorChatsData(context: RequestContext, request: Request, conventionSlug: string) {
  context.personal?.();
  const ctx = context.service;
  const url = new URL(request.url);
  const path = `/convention/${encodeURIComponent(conventionSlug)}/chats`;
  const base = { conventionSlug, title: ctx.t('chats:visitor.title'), loginPath: `/login?next=${encodeURIComponent(path)}` };
  if (!ctx.viewer) return { ...base, loggedIn: false as const, conversations: [], open: null };
  const convention = await conventionBySlug(ctx, conventionSlug);
  const rows = await chats.visitorConversations(ctx, { conventionId: convention.id });
  const conversations = rows.map((row) => ({
    id: row.id,
    organizationName: row.organization_name,
    state: row.state,
    lastMessage: row.last_message_body ?? '',
  }));
  const selected = url.searchParams.get('c') ?? conversations[0]?.id ?? null;
  const openRow = selected ? rows.find((row) => row.id === selected) : undefined;
  if (selected && !openRow) throw new Response('Not Found', { status: 404 });
  const open = openRow
    ? {
        id: openRow.id,
        organizationName: openRow.organization_name,
        state: openRow.state,
        messages: ((await chats.messages(ctx, { conversationId: openRow.id })) as Parameters<typeof messageOut>[0][]).map((m) => {
          const { conversationId: _c, ...message } = messageOut(m, openRow.id);
          return { ...message, sender: message.sender as 'VISITOR' | 'OPERATOR' | 'SYSTEM' };
        }),
      }
    : null;
  return { ...base, loggedIn: true as const, conversations, open };
}

/** The page's reply form (no JavaScript needed): stored, then back to the conversation. */
export async function visitorChatsAction(context: RequestContext, request: Request, conventionSlug: string) {
  context.personal?.();
  const ctx = context.service;
  const formData = await readForm(request);
  const parsed = SendForm.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ ok: false as const, message: ctx.t('validation:required') }, { status: 400 });
  try {
    await chats.sendMessage(ctx, { conversationId: parsed.data.conversationId, body: parsed.data.body });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ ok: false as const, message: error.message }, { status: error.code === 'NOT_FOUND' ? 404 : 400 });
  }
  return redirect(`/convention/${encodeURIComponent(conventionSlug)}/chats?c=${parsed.data.conversationId}`);
}
