import { describe, expect, it } from 'vitest';
import { BookingForm, dayIn, groupByDay, isTimeZone, zoneName, type FreeSlotView } from '~/lib/appointments/booking';
import { untilStart } from '~/components/appointments/countdown';

const slot = (id: string, start: string, minutes = 30, timeZone = 'Europe/Berlin'): FreeSlotView => ({
  id,
  start,
  end: new Date(new Date(start).getTime() + minutes * 60_000).toISOString(),
  contactPersonId: 'p',
  contactPersonName: 'Anna Berger',
  timeZone,
});

describe('booking page days and zones (issue 27)', () => {
  it("groups slots by the contact person's calendar day, not by UTC's", () => {
    // 23:30 UTC on 24 Oct is 01:30 on 25 Oct in Berlin (summer time)
    const days = groupByDay([slot('b', '2026-10-25T08:00:00.000Z'), slot('a', '2026-10-24T23:30:00.000Z'), slot('c', '2026-10-24T09:00:00.000Z')]);
    expect(days.map((d) => [d.date, d.slots.map((s) => s.id)])).toEqual([
      ['2026-10-24', ['c']],
      ['2026-10-25', ['a', 'b']],
    ]);
  });

  it('names the zone on both sides of the end of daylight-saving time in Berlin, and a New York viewer sees its own day', () => {
    // 25 Oct 2026 03:00 CEST becomes 02:00 CET
    expect(zoneName('2026-10-25T00:30:00Z', 'Europe/Berlin', 'en-GB')).toBe('CEST');
    expect(zoneName('2026-10-25T01:30:00Z', 'Europe/Berlin', 'en-GB')).toBe('CET');
    expect(dayIn('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('2026-10-25');
    expect(dayIn('2026-10-25T01:30:00Z', 'America/New_York')).toBe('2026-10-24');
  });

  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(null)).toBe(false);
  });

  it('the form needs a slot, a name, a valid e-mail and the idempotency key', () => {
    const valid = { intent: 'book', slotId: '6f1c1a57-56a4-4f4e-9c4b-0c2d8e6f0a11', name: 'Eva Muster', email: 'eva@example.com', idempotencyKey: '0b7f9d7e-2a8e-4b8e-8f3b-7a7e5e1d2c3b' };
    expect(BookingForm.safeParse(valid).success).toBe(true);
    expect(BookingForm.safeParse({ ...valid, email: 'keine-adresse' }).success).toBe(false);
    expect(BookingForm.safeParse({ ...valid, idempotencyKey: undefined }).success).toBe(false);
    expect(BookingForm.safeParse({ ...valid, name: '   ' }).success).toBe(false);
  });

  it('the countdown counts whole minutes up to the start and stops once it has begun', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    expect(untilStart('2026-12-02T12:30:00Z', now)).toEqual({ days: 1, hours: 2, minutes: 30 });
    expect(untilStart('2026-12-01T10:00:30Z', now)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(untilStart('2026-12-01T09:59:00Z', now)).toBeNull();
  });
});
