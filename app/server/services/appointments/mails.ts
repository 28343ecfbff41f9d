import type { TFunction } from 'i18next';
import type { Language } from '#db/models/index';
import type { MailAttachment, MailPayload } from '../../mail/outbox.server';
import { getT } from '../../i18n.server';
import { escapeHtml, mailButton, mailDocument } from '../../mail/templates.server';

/**
 * The mails of a booking (issue 27): the invitation to each side and the cancellation to each side, every one in its
 * recipient's language with the time in the recipient's own zone (formatted with Intl there, so daylight-saving
 * changes come out right), the confirmation (meeting link or the contact person's message) and the .ics attached.
 * The booker's mail carries the cancel link. Texts: locales/{de,en}/mail.json `appointments`.
 */


const intlLocale = (language: Language) => (language === 'DE' ? 'de-DE' : 'en-GB');

/** "Monday, 26 October 2026, 09:00–09:30 (Europe/Berlin, CET)" in the language and zone of the reader. */
export function formatWhen(language: Language, timeZone: string, start: Date, end: Date): string {
  const locale = intlLocale(language);
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(start);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const zone = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(start).find((p) => p.type === 'timeZoneName')?.value;
  return `${day}, ${time.format(start)}–${time.format(end)} (${timeZone}${zone ? `, ${zone}` : ''})`;
}

/** The short date of the subject line, in the reader's zone. */
export function formatDay(language: Language, timeZone: string, start: Date): string {
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(start);
}

export interface AppointmentMailInput {
  to: string;
  language: Language;
  timeZone: string;
  /** the recipient's name for the greeting */
  name: string;
  kind: 'booked' | 'contactBooked' | 'cancelled';
  values: { organisation: string; contact: string; booker: string; email: string };
  start: Date;
  end: Date;
  note?: string | null;
  /** the meeting link (JITSI_LINK) */
  joinUrl?: string | null;
  /** the contact person's message (CUSTOM_MESSAGE) */
  message?: string | null;
  meetingPage: string;
  /** the booker's cancel link */
  cancelUrl?: string | null;
  ics: { method: 'REQUEST' | 'CANCEL'; body: string };
}

interface Block {
  text: string;
  link?: { label: string; href: string };
  strong?: boolean;
}

export function appointmentMail(input: AppointmentMailInput): MailPayload {
  const t: TFunction = getT(input.language);
  const when = formatWhen(input.language, input.timeZone, input.start, input.end);
  const values = { ...input.values, when, date: formatDay(input.language, input.timeZone, input.start) };
  const k = (key: string) => t(`mail:appointments.${input.kind}.${key}`, values) as string;
  const greeting = input.name.trim() ? (t('mail:greeting', { name: input.name.trim() }) as string) : (t('mail:greetingAnonymous') as string);
  const subject = k('subject');
  const blocks: Block[] = [{ text: k('intro') }, { text: t('mail:appointments.when', { when }) as string, strong: true }];
  if (input.kind !== 'cancelled') {
    if (input.note?.trim()) blocks.push({ text: t('mail:appointments.note', { note: input.note.trim() }) as string });
    if (input.joinUrl) blocks.push({ text: t('mail:appointments.joinIntro') as string, link: { label: t('mail:appointments.join') as string, href: input.joinUrl } });
    if (input.message) blocks.push({ text: `${t('mail:appointments.messageFrom', values) as string}\n${input.message}` });
    blocks.push({ text: t('mail:appointments.meetingPageIntro') as string, link: { label: t('mail:appointments.meetingPage') as string, href: input.meetingPage } });
    if (input.cancelUrl) blocks.push({ text: t('mail:appointments.cancelIntro') as string, link: { label: t('mail:appointments.cancel') as string, href: input.cancelUrl } });
    blocks.push({ text: t('mail:appointments.icsAttached') as string });
  } else {
    blocks.push({ text: t('mail:appointments.icsCancelled') as string });
  }
  const text = [greeting, '', ...blocks.flatMap((b) => [b.link ? `${b.text}\n${b.link.label}: ${b.link.href}` : b.text, '']), t('mail:signature')].join('\n');
  const e = escapeHtml;
  const html = mailDocument(
    input.language,
    subject,
    greeting,
    `${blocks
      .map(
        (b) =>
          `<p style="margin:0 0 16px;line-height:1.5${b.strong ? ';font-weight:bold' : ''}">${e(b.text).replace(/\n/g, '<br>')}</p>` +
          (b.link ? `\n${mailButton(b.link.label, b.link.href)}` : ''),
      )
      .join('\n')}
<p style="margin:0">${e(t('mail:signature') as string)}</p>`,
  );
  const attachment: MailAttachment = {
    filename: input.ics.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    content: input.ics.body,
    contentType: `text/calendar; method=${input.ics.method}; charset=utf-8`,
  };
  return { to: input.to, subject, html, text, attachments: [attachment] };
}
