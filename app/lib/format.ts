import type { Language } from './language';

/** The three date formats of spec 001 point 9: full date and time, date only, hour and minute. */
export type DateFormat = 'dateTime' | 'date' | 'time';

/** German dates read 24.12.2026, English ones 24/12/2026 (British order, 24-hour clock as the fairs use it). */
const LOCALE_OF: Record<Language, string> = { DE: 'de-DE', EN: 'en-GB' };

const OPTIONS: Record<DateFormat, Intl.DateTimeFormatOptions> = {
  dateTime: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  date: { day: '2-digit', month: '2-digit', year: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(format: DateFormat, language: Language, timeZone?: string): Intl.DateTimeFormat {
  const cacheKey = `${format}|${language}|${timeZone ?? ''}`;
  let cached = formatters.get(cacheKey);
  if (!cached) {
    cached = new Intl.DateTimeFormat(LOCALE_OF[language], { ...OPTIONS[format], timeZone });
    formatters.set(cacheKey, cached);
  }
  return cached;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * Formats a date in the given language. `timeZone` is an IANA name (e.g. Europe/Berlin); without it the
 * runtime's zone is used, so pass one wherever server and browser must render the same text.
 * An invalid date gives an empty string instead of throwing.
 */
export function formatDateValue(
  value: Date | string | number,
  format: DateFormat,
  language: Language,
  timeZone?: string,
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(format, language, timeZone).format(date);
}

export const formatDateTime = (value: Date | string | number, language: Language, timeZone?: string) =>
  formatDateValue(value, 'dateTime', language, timeZone);

export const formatDate = (value: Date | string | number, language: Language, timeZone?: string) =>
  formatDateValue(value, 'date', language, timeZone);

export const formatTime = (value: Date | string | number, language: Language, timeZone?: string) =>
  formatDateValue(value, 'time', language, timeZone);
