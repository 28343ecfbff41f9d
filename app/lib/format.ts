import type { Language } from './language';

/**
 * The three date formats of spec 001 point 9: full date and time, date only, hour and minute; and the short date
 * and time (24.12., 10:00 / 24/12, 10:00) for a second line that repeats a dated range in the visitor's own zone,
 * where the year is already on the line above and a full range would not fit a phone's line.
 */
export type DateFormat = 'dateTime' | 'date' | 'time' | 'shortDateTime';

/** German dates read 24.12.2026, English ones 24/12/2026 (British order, 24-hour clock as the fairs use it). */
const LOCALE_OF: Record<Language, string> = { DE: 'de-DE', EN: 'en-GB' };

const OPTIONS: Record<DateFormat, Intl.DateTimeFormatOptions> = {
  dateTime: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  date: { day: '2-digit', month: '2-digit', year: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  shortDateTime: { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
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
 * The visitor's own zone, whatever it is called: formatted with the runtime's local clock (Date's local fields),
 * not with Intl. Pages ask for it after hydration to show a visitor abroad their own times.
 */
export const LOCAL_TIME_ZONE = 'local';

/**
 * Europe/Berlin's offset from UTC in minutes at an instant, by the EU's summer time rule (since 1996: from the last
 * Sunday of March to the last Sunday of October, both at 01:00 UTC); null outside 1996 to 2099, where the caller asks
 * Intl. The unit test compares it with Intl for every hour of decades.
 */
function berlinOffsetMinutes(date: Date): number | null {
  const year = date.getUTCFullYear();
  if (year < 1996 || year > 2099) return null;
  const lastSundayAt1Utc = (month: number) => {
    const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
    return lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
  };
  const t = date.getTime();
  return t >= lastSundayAt1Utc(2) && t < lastSundayAt1Utc(9) ? 120 : 60;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall clock of an instant in Europe/Berlin or the local zone without Intl; null where only Intl knows it. */
function wallClock(date: Date, timeZone: string | undefined): WallClock | null {
  if (timeZone === undefined || timeZone === LOCAL_TIME_ZONE) {
    return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hour: date.getHours(), minute: date.getMinutes() };
  }
  if (timeZone !== 'Europe/Berlin') return null;
  const offset = berlinOffsetMinutes(date);
  if (offset === null) return null;
  const shifted = new Date(date.getTime() + offset * 60_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate(), hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes() };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The three formats are numbers only, so they are written here for the event's zone and the visitor's own: the first
 * Intl.DateTimeFormat of a page costs 25-35 ms of the main thread (ICU's locale data), which every visitor page paid
 * while hydrating its programme's times (issue 26). Other zones and years go through Intl, with the same text.
 */
function formatWithoutIntl(clock: WallClock, format: DateFormat, language: Language): string | null {
  if (clock.year < 1000 || clock.year > 9999) return null;
  const separator = language === 'DE' ? '.' : '/';
  const date = `${two(clock.day)}${separator}${two(clock.month)}${separator}${clock.year}`;
  const time = `${two(clock.hour)}:${two(clock.minute)}`;
  if (format === 'shortDateTime') return `${two(clock.day)}${separator}${two(clock.month)}${language === 'DE' ? '.' : ''}, ${time}`;
  return format === 'date' ? date : format === 'time' ? time : `${date}, ${time}`;
}

/**
 * Formats a date in the given language. `timeZone` is an IANA name (e.g. Europe/Berlin); without it (or with
 * LOCAL_TIME_ZONE) the runtime's zone is used, so pass one wherever server and browser must render the same text.
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
  const clock = wallClock(date, timeZone);
  const text = clock ? formatWithoutIntl(clock, format, language) : null;
  return text ?? formatter(format, language, timeZone === LOCAL_TIME_ZONE ? undefined : timeZone).format(date);
}

export const formatDateTime = (value: Date | string | number, language: Language, timeZone?: string) =>
  formatDateValue(value, 'dateTime', language, timeZone);

export const formatDate = (value: Date | string | number, language: Language, timeZone?: string) =>
  formatDateValue(value, 'date', language, timeZone);

export const formatTime = (value: Date | string | number, language: Language, timeZone?: string) =>
  formatDateValue(value, 'time', language, timeZone);
