import type { TFunction } from 'i18next';
import type { Language } from '#db/models/index';
import type { EmailTemplateKey } from '~/lib/email/templates';
import type { MailBlock } from '../../mail/organization-mail.server';
import { getT } from '../../i18n.server';
import { formatPrice } from '~/lib/schemas/shop';
import { formatDay, formatWhen } from '../appointments/mails';

/**
 * The body of each organisation mail (issue 29): which messages, buttons and fixed platform texts it shows in which
 * order. The messages are the template's translatables (organisation's override or default); the fixed texts (the
 * meeting page, the .ics notes) stay the platform's. `sampleMail` gives each template sample data for the preview
 * and the test mail.
 */

export function leadInformationBlocks(language: Language, link: string): MailBlock[] {
  const t = getT(language);
  return [{ msg: 'intro' }, { button: { msg: 'action', href: link } }, { fixed: t('mail:linkFallback') as string }, { link }, { msg: 'validity' }, { msg: 'signature' }];
}

/** The invite into an organisation: intro, the accept button with the link in plain text, validity. */
export function inviteBlocks(language: Language, link: string): MailBlock[] {
  const t = getT(language);
  return [{ msg: 'intro' }, { button: { msg: 'action', href: link } }, { fixed: t('mail:linkFallback') as string }, { link }, { msg: 'validity' }, { fixed: t('mail:ignore') as string }, { msg: 'signature' }];
}

/** A visitor's chat message left while no operator was online: intro, the visitor's text as typed, the page, reply note. */
export function chatOfflineBlocks(language: Language, body: string, source: string): MailBlock[] {
  const t = getT(language);
  return [
    { msg: 'intro' },
    { fixed: body },
    ...(source ? [{ fixed: t('chats:server.offlineMail.source', { path: source }) as string }] : []),
    { msg: 'reply' },
  ];
}

/** An order line as the mail shows it: "2 × Mug (blue): 12,00 €", or "on request" without a price. */
export interface OrderMailLine {
  name: string;
  variantLabel: string;
  quantity: number;
  priceCents: number | null;
  currency: string;
}

function orderLineText(language: Language, line: OrderMailLine): string {
  const t = getT(language);
  const price = line.priceCents === null ? (t('shop:product.onRequest') as string) : formatPrice(line.priceCents, line.currency, language);
  return `${line.quantity} × ${line.name}${line.variantLabel ? ` (${line.variantLabel})` : ''}: ${price}`;
}

/** An order request (to the seller, or the visitor's copy): intro, the lines, the visitor's message, the button. */
export function orderRequestBlocks(language: Language, parts: { lines: OrderMailLine[]; message: string; link: string }): MailBlock[] {
  const t = getT(language);
  return [
    { msg: 'intro' },
    { list: parts.lines.map((line) => orderLineText(language, line)) },
    ...(parts.message ? [{ fixed: t('mail:shopOrder.message', { message: parts.message }) as string, preLine: true }] : []),
    { button: { msg: 'action', href: parts.link } },
    { msg: 'signature' },
  ];
}

/** The seller's answer to an order request: intro, the answer as written, the button. */
export function orderAnswerBlocks(answer: string, link: string): MailBlock[] {
  return [{ msg: 'intro' }, { fixed: answer, preLine: true }, { button: { msg: 'action', href: link } }, { msg: 'signature' }];
}

export interface AppointmentParts {
  note?: string | null;
  joinUrl?: string | null;
  message?: string | null;
  meetingPage: string;
  cancelUrl?: string | null;
  /** the contact person's name for "Message from …" */
  contact: string;
}

export function appointmentBlocks(language: Language, template: EmailTemplateKey, parts: AppointmentParts): MailBlock[] {
  const t: TFunction = getT(language);
  const blocks: MailBlock[] = [{ msg: 'intro' }, { msg: 'when', strong: true }];
  if (template === 'appointmentCancelled') {
    blocks.push({ fixed: t('mail:appointments.icsCancelled') as string });
  } else {
    if (parts.note?.trim()) blocks.push({ fixed: t('mail:appointments.note', { note: parts.note.trim() }) as string });
    if (parts.joinUrl) {
      blocks.push(template === 'appointmentBooked' ? { msg: 'joinIntro' } : { fixed: t('mail:appointments.joinIntro') as string });
      blocks.push({ button: { label: t('mail:appointments.join') as string, href: parts.joinUrl } });
    }
    if (parts.message) blocks.push({ fixed: `${t('mail:appointments.messageFrom', { contact: parts.contact }) as string}\n${parts.message}` });
    blocks.push({ fixed: t('mail:appointments.meetingPageIntro') as string }, { button: { label: t('mail:appointments.meetingPage') as string, href: parts.meetingPage } });
    if (parts.cancelUrl && template === 'appointmentBooked') {
      blocks.push({ msg: 'cancelIntro' }, { button: { label: t('mail:appointments.cancel') as string, href: parts.cancelUrl } });
    }
    blocks.push({ fixed: t('mail:appointments.icsAttached') as string });
  }
  blocks.push({ msg: 'signature' });
  return blocks;
}

/** The placeholder values of an appointment mail: names, and the time in the reader's language and zone. */
export function appointmentValues(
  language: Language,
  timeZone: string,
  start: Date,
  end: Date,
  names: { organisation: string; contact: string; booker: string; email: string; other: string },
): Record<string, string> {
  return { ...names, when: formatWhen(language, timeZone, start, end), date: formatDay(language, timeZone, start) };
}

/** Sample data of a template for the preview and the test mail, in the reader's language. */
export function sampleMail(
  template: EmailTemplateKey,
  language: Language,
  organisation: string,
  baseUrl: URL,
): { name: string; values: Record<string, string>; blocks: MailBlock[] } {
  const t = getT(language);
  const name = t('email:sample.name') as string;
  const contact = t('email:sample.contact') as string;
  const link = (path: string) => new URL(path, baseUrl).toString();
  if (template === 'leadInformation') {
    return { name, values: { organisation, contact }, blocks: leadInformationBlocks(language, link('/information-collection/sample')) };
  }
  if (template === 'invite') {
    return { name, values: { organisation, inviter: contact, days: '14' }, blocks: inviteBlocks(language, link('/invite/sample')) };
  }
  if (template === 'chatOffline') {
    return {
      name: contact,
      values: { organisation, visitor: name, email: 'kim.example@example.com' },
      blocks: chatOfflineBlocks(language, t('email:sample.chatMessage') as string, '/convention/sample'),
    };
  }
  if (template === 'orderRequest' || template === 'orderRequestCopy' || template === 'orderAnswer') {
    const number = 'A-2026-0042';
    const convention = t('email:sample.convention') as string;
    if (template === 'orderAnswer') return { name, values: { organisation, number }, blocks: orderAnswerBlocks(t('email:sample.orderAnswer') as string, link('/convention/sample/cart/okle')) };
    const lines = [
      { name: t('email:sample.orderLine') as string, variantLabel: '', quantity: 2, priceCents: 1250, currency: 'EUR' },
      { name: t('email:sample.orderLineOnRequest') as string, variantLabel: '', quantity: 1, priceCents: null, currency: 'EUR' },
    ];
    const blocks = orderRequestBlocks(language, { lines, message: t('email:sample.orderMessage') as string, link: link(template === 'orderRequest' ? '/shop/order-requests' : '/convention/sample/cart/okle') });
    return template === 'orderRequest'
      ? { name: contact, values: { organisation, number, convention, buyer: name, email: 'kim.example@example.com' }, blocks }
      : { name, values: { organisation, number, convention }, blocks };
  }
  const start = new Date(Date.UTC(2026, 9, 26, 8, 0));
  const end = new Date(Date.UTC(2026, 9, 26, 8, 30));
  const values = appointmentValues(language, 'Europe/Berlin', start, end, {
    organisation,
    contact,
    booker: name,
    email: 'kim.example@example.com',
    other: template === 'appointmentContactBooked' ? name : contact,
  });
  return {
    name: template === 'appointmentContactBooked' ? contact : name,
    values,
    blocks: appointmentBlocks(language, template, { contact, joinUrl: link('/meeting/sample/join'), meetingPage: link('/meeting/sample'), cancelUrl: link('/meeting/sample?cancel=1') }),
  };
}
