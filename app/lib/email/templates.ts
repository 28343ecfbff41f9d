/**
 * The mail templates an organisation can shape (issue 29), isomorphic so the page and the services read one list:
 * each template's key, its messages (the translatables: a message id, the locales/{de,en}/mail.json key of its
 * default, whether it takes rich text) and its placeholders. A placeholder marked required for a message must stay
 * in an override of that message; a placeholder the template does not know is refused (both INVALID, naming it).
 */

export const EMAIL_TEMPLATE_KEYS = [
  'leadInformation',
  'appointmentBooked',
  'appointmentContactBooked',
  'appointmentCancelled',
  'invite',
  'chatOffline',
  'orderRequest',
  'orderRequestCopy',
  'orderAnswer',
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

export interface EmailMessageDef {
  /** the message id (msgId of the spec's translatables) */
  id: string;
  /** the key of the default in locales/{de,en}/mail.json */
  localeKey: string;
  /** 'text': one line, no markup (subject, button label); 'rich': bold, links and paragraphs allowed */
  kind: 'text' | 'rich';
  /** placeholders an override of this message must keep */
  required: readonly string[];
}

export interface EmailTemplateDef {
  key: EmailTemplateKey;
  placeholders: readonly string[];
  messages: readonly EmailMessageDef[];
}

const msg = (id: string, localeKey: string, kind: 'text' | 'rich', required: readonly string[] = []): EmailMessageDef => ({ id, localeKey, kind, required });

const APPOINTMENT_PLACEHOLDERS = ['name', 'organisation', 'contact', 'booker', 'email', 'other', 'date', 'when'] as const;

export const EMAIL_TEMPLATES: readonly EmailTemplateDef[] = [
  {
    key: 'leadInformation',
    placeholders: ['name', 'organisation', 'contact'],
    messages: [
      msg('subject', 'leadInformation.subject', 'text'),
      msg('intro', 'leadInformation.intro', 'rich'),
      msg('action', 'leadInformation.action', 'text'),
      msg('validity', 'leadInformation.validity', 'rich'),
      msg('signature', 'signature', 'rich'),
    ],
  },
  {
    key: 'appointmentBooked',
    placeholders: APPOINTMENT_PLACEHOLDERS,
    messages: [
      msg('subject', 'appointments.booked.subject', 'text', ['date']),
      msg('intro', 'appointments.booked.intro', 'rich'),
      msg('when', 'appointments.when', 'rich', ['when']),
      msg('joinIntro', 'appointments.joinIntro', 'rich'),
      msg('cancelIntro', 'appointments.cancelIntro', 'rich'),
      msg('signature', 'signature', 'rich'),
    ],
  },
  {
    key: 'appointmentContactBooked',
    placeholders: APPOINTMENT_PLACEHOLDERS,
    messages: [
      msg('subject', 'appointments.contactBooked.subject', 'text', ['date']),
      msg('intro', 'appointments.contactBooked.intro', 'rich', ['booker']),
      msg('when', 'appointments.when', 'rich', ['when']),
      msg('signature', 'signature', 'rich'),
    ],
  },
  {
    key: 'appointmentCancelled',
    placeholders: APPOINTMENT_PLACEHOLDERS,
    messages: [
      msg('subject', 'appointments.cancelled.subject', 'text', ['date']),
      msg('intro', 'appointments.cancelled.intro', 'rich'),
      msg('when', 'appointments.when', 'rich', ['when']),
      msg('signature', 'signature', 'rich'),
    ],
  },
  {
    key: 'invite',
    placeholders: ['name', 'organisation', 'inviter', 'days'],
    messages: [
      msg('subject', 'invite.subject', 'text'),
      msg('intro', 'invite.intro', 'rich', ['organisation']),
      msg('action', 'invite.action', 'text'),
      msg('validity', 'invite.validity', 'rich', ['days']),
      msg('signature', 'signature', 'rich'),
    ],
  },
  {
    key: 'chatOffline',
    placeholders: ['name', 'organisation', 'visitor', 'email'],
    messages: [
      msg('subject', 'chatOffline.subject', 'text', ['visitor']),
      msg('intro', 'chatOffline.intro', 'rich', ['visitor', 'email']),
      msg('reply', 'chatOffline.reply', 'rich', ['email']),
    ],
  },
  // the shop (issue 31): a visitor's order request to the selling organisation, the visitor's copy, the answer; the
  // order lines, the visitor's message and the answer itself are the visitor's and seller's words, not translatables
  {
    key: 'orderRequest',
    placeholders: ['name', 'organisation', 'number', 'convention', 'buyer', 'email'],
    messages: [
      msg('subject', 'shopOrder.seller.subject', 'text', ['number']),
      msg('intro', 'shopOrder.seller.intro', 'rich', ['buyer']),
      msg('action', 'shopOrder.seller.action', 'text'),
      msg('signature', 'signature', 'rich'),
    ],
  },
  {
    key: 'orderRequestCopy',
    placeholders: ['name', 'organisation', 'number', 'convention'],
    messages: [
      msg('subject', 'shopOrder.buyer.subject', 'text', ['number']),
      msg('intro', 'shopOrder.buyer.intro', 'rich'),
      msg('action', 'shopOrder.buyer.action', 'text'),
      msg('signature', 'signature', 'rich'),
    ],
  },
  {
    key: 'orderAnswer',
    placeholders: ['name', 'organisation', 'number'],
    messages: [
      msg('subject', 'shopOrder.answer.subject', 'text', ['number']),
      msg('intro', 'shopOrder.answer.intro', 'rich'),
      msg('action', 'shopOrder.answer.action', 'text'),
      msg('signature', 'signature', 'rich'),
    ],
  },
];

export const isEmailTemplateKey = (value: string): value is EmailTemplateKey => (EMAIL_TEMPLATE_KEYS as readonly string[]).includes(value);

export function templateDef(key: EmailTemplateKey): EmailTemplateDef {
  return EMAIL_TEMPLATES.find((template) => template.key === key)!;
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text names, in order, each once. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]))];
}

export type PlaceholderProblem = { kind: 'unknown' | 'missing'; placeholder: string };

/** The first problem of an override's placeholders: one the template does not know, or a required one left out. */
export function placeholderProblem(template: EmailTemplateDef, message: EmailMessageDef, text: string): PlaceholderProblem | null {
  const used = placeholdersIn(text);
  const unknown = used.find((name) => !template.placeholders.includes(name));
  if (unknown !== undefined) return { kind: 'unknown', placeholder: unknown };
  const missing = message.required.find((name) => !used.includes(name));
  return missing ? { kind: 'missing', placeholder: missing } : null;
}

/** Replaces each `{{name}}` by its value (`escape` applied to the value), unknown names by nothing. */
export function fillPlaceholders(text: string, values: Record<string, string>, escape: (value: string) => string = (v) => v): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => (Object.hasOwn(values, name) ? escape(values[name]) : ''));
}

/** The colour a mail's button must keep against the white mail card (WCAG 1.4.11, non-text contrast). */
export const EMAIL_COLOR_MIN_CONTRAST = 3;
export const EMAIL_DEFAULT_COLOR = '#e45364';
export const SENDER_NAME_MAX = 100;
/** A header image is shown 560 px wide; it must be at least that wide and not taller than wide. */
export const HEADER_MIN_WIDTH = 560;
export const OVERRIDE_MAX = 5000;
export const DELIVERIES_PAGE_SIZE = 20;
