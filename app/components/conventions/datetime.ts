import { fromDate, parseDateTime, toCalendarDateTime } from '@internationalized/date';

/**
 * Event times in the console are entered with `<input type="datetime-local">`, which carries no time zone. The
 * platform's fairs run on German time, so such a value is read and shown in the organisation's and the
 * convention's zone, Europe/Berlin (summer and winter time included; a time that does not exist when the clocks
 * go forward is moved forward, an hour that occurs twice takes the earlier one). Stored values are instants (UTC).
 */
export const EVENT_TIME_ZONE = 'Europe/Berlin';

const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;

export const isLocalDateTime = (value: string): boolean => LOCAL_INPUT.test(value);

/** "2026-05-04T09:30" in Europe/Berlin -> the instant; null for '' or a malformed value. */
export function fromLocalInput(value: string, timeZone = EVENT_TIME_ZONE): Date | null {
  if (!isLocalDateTime(value)) return null;
  try {
    return parseDateTime(value).toDate(timeZone);
  } catch {
    return null;
  }
}

/** An instant as the value of a datetime-local input in Europe/Berlin ("2026-05-04T09:30"); '' for none. */
export function toLocalInput(value: Date | string | null | undefined, timeZone = EVENT_TIME_ZONE): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return toCalendarDateTime(fromDate(date, timeZone)).toString().slice(0, 16);
}
