import type { Language } from '#db/models/index';

/**
 * The times in a booking's mails (issue 27): in the recipient's language and own zone (formatted with Intl, so
 * daylight-saving changes come out right). The mails themselves are organisation mails (issue 29): booking.ts sends
 * them with the blocks of services/email/blocks.ts; texts in locales/{de,en}/mail.json `appointments`.
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
