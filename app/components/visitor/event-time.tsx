import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_TIME_ZONE } from '~/components/conventions/datetime';
import { formatDateValue, LOCAL_TIME_ZONE, type DateFormat } from '~/lib/format';
import type { Language } from '~/lib/language';

/**
 * The visitor's own time zone once the page runs in the browser (LOCAL_TIME_ZONE; null on the server). Times in it
 * are shown where they differ from the event's. Asked without Intl: naming the zone
 * (`Intl.DateTimeFormat().resolvedOptions()`) cost every page ICU's start-up on the main thread (issue 26). Set in
 * a transition, so the times of a long programme are added in tasks React can split (an update from an effect
 * otherwise renders in one task of the default lane, which React never splits).
 */
export function useVisitorTimeZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => startTransition(() => setZone(LOCAL_TIME_ZONE)), []);
  return zone;
}

/**
 * A point in time of the event, in the event's time zone (Europe/Berlin), followed by the visitor's own local
 * time when their zone differs (spec issue: times in the event's zone and the visitor's own).
 */
export function EventTime({ value, format = 'dateTime', language }: { value: string; format?: DateFormat; language: Language }) {
  const { t } = useTranslation('visitor');
  const zone = useVisitorTimeZone();
  const event = formatDateValue(value, format, language, EVENT_TIME_ZONE);
  const own = zone ? formatDateValue(value, format, language, zone) : null;
  return (
    <>
      <time dateTime={value}>{event}</time>
      {own && own !== event ? <span className="text-gray-600"> {t('time.yours', { time: own })}</span> : null}
    </>
  );
}

/**
 * A range (a talk, the fair's days) in the visitor's own zone for the line under the event's: null where it reads the
 * same as in the event's zone; the times alone when it falls on the same day and date there; otherwise with day and
 * month but no year (the line above has it), so it fits one line of a phone and appearing after hydration moves
 * nothing below it (a full second range wrapped to two lines: layout shift, issue 26).
 */
export function ownTimeRange(start: string, end: string, language: Language, zone: string): string | null {
  const format = (value: string, kind: DateFormat, timeZone: string) => formatDateValue(value, kind, language, timeZone);
  if (format(start, 'dateTime', zone) === format(start, 'dateTime', EVENT_TIME_ZONE) && format(end, 'dateTime', zone) === format(end, 'dateTime', EVENT_TIME_ZONE)) {
    return null;
  }
  const startDate = format(start, 'date', zone);
  const sameDay = startDate === format(end, 'date', zone);
  const eventSameDay = format(start, 'date', EVENT_TIME_ZONE) === format(end, 'date', EVENT_TIME_ZONE);
  if (sameDay && eventSameDay && startDate === format(start, 'date', EVENT_TIME_ZONE)) return `${format(start, 'time', zone)} – ${format(end, 'time', zone)}`;
  return `${format(start, 'shortDateTime', zone)} – ${format(end, sameDay ? 'time' : 'shortDateTime', zone)}`;
}

/**
 * The dates of an event (start – end) in the event's time zone, and on a line of its own the visitor's local
 * times when their zone differs. That line is always reserved, so adding it after hydration moves nothing.
 */
export function EventTimeRange({ start, end, language }: { start: string; end: string; language: Language }) {
  const { t } = useTranslation('visitor');
  const zone = useVisitorTimeZone();
  const own = zone ? ownTimeRange(start, end, language, zone) : null;
  return (
    <>
      <span className="block">
        <time dateTime={start}>{formatDateValue(start, 'dateTime', language, EVENT_TIME_ZONE)}</time> –{' '}
        <time dateTime={end}>{formatDateValue(end, 'dateTime', language, EVENT_TIME_ZONE)}</time>
      </span>
      <span className="block min-h-5 text-gray-600">{own ? t('time.yours', { time: own }) : null}</span>
    </>
  );
}
