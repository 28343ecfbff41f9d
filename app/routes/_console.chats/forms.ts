import { z } from 'zod';
import { CHAT_VIEWS, chatBody } from '~/lib/schemas/chats';

/**
 * The forms of the console's /chats (issue 28), shared by the browser's validation and the action. Each posts its
 * `intent`; they all work without JavaScript (the live update is an enhancement).
 */
export const HERE = '/chats';

const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());
const id = z.string().uuid();

/** Chat on/off, guests, requeue time, offline message, external address; the operators come as `operator` + `capacity-<userId>`. */
export const SettingsForm = z.object({
  intent: z.literal('settings'),
  enabled: checkbox,
  allowGuests: checkbox,
  offlineMessageEnabled: checkbox,
  requeueAfterMinutes: z.coerce.number().int().min(1).max(1440),
  supportUrl: z.string().trim().max(500).optional(),
});

export const PresenceForm = z.object({ intent: z.literal('presence'), online: z.enum(['true', 'false']) });
export const NotificationsForm = z.object({ intent: z.literal('notifications'), sound: checkbox, browser: checkbox });
export const ConversationForm = z.object({ intent: z.enum(['claim', 'archive', 'createLead']), id });
export const HandOverForm = z.object({ intent: z.literal('handOver'), id, userId: id });
export const ReplyForm = z.object({ intent: z.literal('reply'), id, body: chatBody });

export const ChatIntents = z.object({ intent: z.enum(['settings', 'presence', 'notifications', 'claim', 'archive', 'createLead', 'handOver', 'reply']) });

export const VIEWS = CHAT_VIEWS;
export type ViewName = (typeof VIEWS)[number];

/** The list's query: view, search, page cursor and the open conversation. */
export function listQuery(search: { view?: string; q?: string | null; after?: string | null; c?: string | null }): string {
  const params = new URLSearchParams();
  if (search.view && search.view !== 'QUEUE') params.set('view', search.view);
  if (search.q) params.set('q', search.q);
  if (search.after) params.set('after', search.after);
  if (search.c) params.set('c', search.c);
  const text = params.toString();
  return text ? `${HERE}?${text}` : HERE;
}
