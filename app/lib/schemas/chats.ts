import { z } from 'zod';
import { httpUrl } from '~/lib/url';

/** Inputs of chats (issue 28), shared by the chat service and the console's and widget's forms. */

export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_PAGE_SIZE = 25;
export const CHAT_PAGE_SIZE_MAX = 100;
export const CHAT_MESSAGES_MAX = 200;
export const CHAT_VIEWS = ['QUEUE', 'MINE', 'ALL', 'ARCHIVED'] as const;
export type ChatView = (typeof CHAT_VIEWS)[number];

const id = z.string().uuid();
const optionalId = id.nullable().optional();

/** A message: plain text, not only white space, at most 4,000 characters (counted as characters, not UTF-16 units). */
export const chatBody = z
  .string()
  .refine((value) => value.trim().length > 0, { params: { i18n: 'required' } })
  .refine((value) => [...value].length <= CHAT_MESSAGE_MAX, { params: { i18n: 'maxLength', values: { max: CHAT_MESSAGE_MAX } } });

export const ChatSettingsInput = z.object({
  organizationId: id,
  enabled: z.boolean(),
  allowGuests: z.boolean().default(false),
  requeueAfterMinutes: z.coerce.number().int().min(1).max(1440).default(5),
  offlineMessageEnabled: z.boolean().default(true),
  supportUrl: httpUrl(500).or(z.literal('')).optional(),
  operators: z
    .array(z.object({ userId: id, capacity: z.coerce.number().int().min(1).max(100).default(5) }))
    .max(200)
    .default([]),
});
export type ChatSettingsInput = z.input<typeof ChatSettingsInput>;

export const ChatStartInput = z.object({
  organizationId: id,
  conventionId: optionalId,
  standId: optionalId,
  sourcePath: z.string().max(2000).default(''),
  body: chatBody,
  guestName: z.string().trim().min(1).max(200).optional(),
  guestEmail: z.string().trim().toLowerCase().email().max(254).optional(),
});
export type ChatStartInput = z.input<typeof ChatStartInput>;

export const ChatOfflineMessageInput = z.object({
  organizationId: id,
  standId: optionalId,
  sourcePath: z.string().max(2000).default(''),
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().toLowerCase().email().max(254),
  body: chatBody,
});
export type ChatOfflineMessageInput = z.input<typeof ChatOfflineMessageInput>;

export const ChatListInput = z.object({
  organizationId: id,
  view: z.enum(CHAT_VIEWS).default('ALL'),
  search: z.string().trim().max(200).optional().nullable(),
  after: z.string().max(200).optional().nullable(),
  first: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE_MAX).default(CHAT_PAGE_SIZE),
});
export type ChatListInput = z.input<typeof ChatListInput>;
