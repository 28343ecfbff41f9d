import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * The invitation of a booking as iCalendar (RFC 5545 / iTIP RFC 5546), made with ical-generator 10: a stable UID per
 * booking (its meeting slug), METHOD:REQUEST with SEQUENCE n when booked, METHOD:CANCEL with the same UID and
 * SEQUENCE n+1 when cancelled, so calendars update the event they already have instead of adding or keeping one.
 * Times are UTC (…Z); every calendar shows them in its own zone.
 */

export interface IcsInput {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** the meeting link or the meeting page */
  url: string;
  location?: string | null;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** The UID of a booking's event: its meeting slug at our domain, the same in the invitation and the cancellation. */
export const icsUid = (meetingSlug: string, host: string) => `${meetingSlug}@${host}`;

export function renderIcs(input: IcsInput): string {
  const calendar = ical({
    prodId: { company: 'Fairplatform', product: 'Appointments', language: 'EN' },
    method: input.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    start: input.start,
    end: input.end,
    stamp: new Date(),
    summary: input.summary,
    description: input.description,
    url: input.url,
    location: input.location ?? input.url,
    status: input.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: input.organizer.name, email: input.organizer.email },
    attendees: [
      {
        name: input.attendee.name,
        email: input.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: input.method === 'CANCEL' ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
  return calendar.toString();
}

/** The content lines of an .ics text, unfolded (RFC 5545 3.1), as `NAME` → values (in order). For tests and checks. */
export function icsProperties(text: string): Map<string, string[]> {
  const unfolded = text.replace(/\r\n[ \t]/g, '').split(/\r\n|\n/);
  const out = new Map<string, string[]>();
  for (const line of unfolded) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).split(';')[0]!.toUpperCase();
    out.set(name, [...(out.get(name) ?? []), line.slice(colon + 1)]);
  }
  return out;
}
