import { z } from 'zod';

/**
 * The public booking form (issue 27), shared by the page and its action: the chosen slot, who books, a note, the
 * booker's time zone (filled in by the browser; the contact person's zone without JavaScript) and the idempotency
 * key generated when the page was rendered, so a double submit books once.
 */
export const BookingForm = z.object({
  intent: z.literal('book'),
  slotId: z.string().uuid(),
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().min(1).max(254).email(),
  note: z.string().trim().max(2000).optional(),
  timeZone: z.string().trim().max(64).optional(),
  idempotencyKey: z.string().uuid(),
  lead: z.string().trim().max(120).optional(),
});

/** A free slot as the booking page shows it. */
export interface FreeSlotView {
  id: string;
  start: string;
  end: string;
  contactPersonId: string;
  contactPersonName: string;
  timeZone: string;
}

/** A day of the booking page: its date in the contact person's zone and its free slots. */
export interface BookingDay {
  date: string;
  slots: FreeSlotView[];
}

/** True for an IANA time zone name this runtime knows. */
export function isTimeZone(value: string | null | undefined): value is string {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(value: Date | string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(value));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Free slots grouped by their day in each contact person's zone, days and slots in time order. */
export function groupByDay(slots: readonly FreeSlotView[]): BookingDay[] {
  const days = new Map<string, FreeSlotView[]>();
  for (const slot of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
    const date = dayIn(slot.start, slot.timeZone);
    days.set(date, [...(days.get(date) ?? []), slot]);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, list]) => ({ date, slots: list }));
}

/** A short name of a time zone at an instant in the page's language ("CET", "GMT-5"), for naming the zone. */
export function zoneName(value: Date | string, timeZone: string, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(new Date(value));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}
