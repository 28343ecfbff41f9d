import { describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { deliverPending, MAX_ATTEMPTS } from '~/server/mail/outbox.server';
import { bookSlot, cancelBooking, deliveryOfBookings, slotsFromHours } from '~/server/services/appointments';
import { icsProperties } from '~/server/services/appointments/ics';
import { addMember, createAppointmentSettings, createAppointmentSlot, createOrganization, createUser } from '../fixtures/factories';
import { headerOf, mimePart, useAppWithSmtp, type ReceivedMail } from '../helpers/smtp';

/**
 * The appointment mails over real SMTP (issue 27), as the accounts and lead mails are tested: both sides get their
 * mail in their own language with the time in their own zone, around the end of daylight-saving time in Europe/Berlin
 * (last Sunday of October; New York changes a week later), with the .ics invitation attached (parsed back here:
 * METHOD, UID, SEQUENCE, times in UTC); the cancellation arrives as METHOD:CANCEL with the same UID and SEQUENCE + 1;
 * the contact person reads each mail's delivery state (sent, or failed after the last attempt).
 */

const world = useAppWithSmtp();

/** Berlin leaves summer time on Sunday 2027-10-31; New York on 2027-11-07. */
const FRIDAY_BEFORE = new Date('2027-10-29T07:00:00Z'); // 09:00 CEST in Berlin, 03:00 EDT in New York
const MONDAY_AFTER = new Date('2027-11-01T08:00:00Z'); // 09:00 CET in Berlin, 04:00 EDT in New York

async function contactWorld(name = 'Muster Messebau') {
  const db = world.t.app.db;
  const org = await createOrganization(db, { suites: Package.BASIC, name });
  const contact = await createUser(db, { default_language: 'DE', first_name: 'Karl', last_name: 'Kontakt' });
  await addMember(db, org.id, contact.id, { role: 'admin', isOwner: true });
  await createAppointmentSettings(db, { organization_id: org.id, user_id: contact.id, time_zone: 'Europe/Berlin' });
  return { org, contact };
}

const mailTo = (address: string) => world.received.filter((m) => m.to.includes(address));
const icsOf = (mail: ReceivedMail) => icsProperties(mimePart(mail.raw, 'text/calendar'));

describe('appointment slots around the end of daylight-saving time', () => {
  it('weekly hours keep their local time in Europe/Berlin across the change, and the night of the change has its extra hour', () => {
    const slots = slotsFromHours(
      {
        timeZone: 'Europe/Berlin',
        slotMinutes: 30,
        bufferMinutes: 0,
        weeklyHours: [
          { weekday: 5, start: '09:00', end: '10:00' },
          { weekday: 7, start: '01:00', end: '04:00' },
          { weekday: 1, start: '09:00', end: '10:00' },
        ],
        datesOff: [],
      },
      new Date('2027-10-28T00:00:00Z'),
      5,
    );
    const iso = slots.map((s) => s.start.toISOString());
    expect(iso.slice(0, 2)).toEqual(['2027-10-29T07:00:00.000Z', '2027-10-29T07:30:00.000Z']);
    expect(iso.slice(-2)).toEqual(['2027-11-01T08:00:00.000Z', '2027-11-01T08:30:00.000Z']);
    // Sunday 01:00-04:00 local lasts four real hours (02:00-03:00 happens twice): eight slots
    const sunday = slots.filter((s) => s.start.toISOString().startsWith('2027-10-30T23') || s.start.toISOString().startsWith('2027-10-31'));
    expect(sunday).toHaveLength(8);
    expect(sunday[0]!.start.toISOString()).toBe('2027-10-30T23:00:00.000Z');
    expect(sunday.at(-1)!.end.toISOString()).toBe('2027-10-31T03:00:00.000Z');
    // dates off are left out
    expect(slotsFromHours({ timeZone: 'Europe/Berlin', slotMinutes: 30, bufferMinutes: 0, weeklyHours: [{ weekday: 5, start: '09:00', end: '10:00' }], datesOff: ['2027-10-29'] }, new Date('2027-10-28T00:00:00Z'), 3)).toEqual([]);
  });
});

describe('appointment mails through SMTP', () => {
  it('booker in New York (English) and contact person in Berlin (German) each get their time around the DST change, with an .ics they can import; the cancellation removes it', async () => {
    const { org, contact } = await contactWorld();
    world.received.length = 0;
    const booker = `ny-${Date.now()}@test.example`;
    for (const [start, bookerTime, contactTime, contactZone] of [
      [FRIDAY_BEFORE, '03:00–03:30', '09:00–09:30', 'MESZ'],
      [MONDAY_AFTER, '04:00–04:30', '09:00–09:30', 'MEZ'],
    ] as const) {
      const slot = await createAppointmentSlot(world.t.app.db, { organization_id: org.id, user_id: contact.id, start_at: start });
      const booked = await bookSlot(await world.t.serviceContext(null), {
        slotId: slot.id,
        name: 'Nora York',
        email: booker,
        language: 'EN',
        timeZone: 'America/New_York',
        note: 'About the stand',
        idempotencyKey: crypto.randomUUID(),
      });
      expect(await deliverPending(world.t.app)).toBe(2);

      const [toBooker] = mailTo(booker).slice(-1);
      const [toContact] = mailTo(contact.email).slice(-1);
      expect(headerOf(toBooker!.raw, 'Subject')).toContain('Your appointment with Muster Messebau');
      const bookerText = mimePart(toBooker!.raw, 'text/plain');
      expect(bookerText).toContain(bookerTime);
      expect(bookerText).toContain('America/New_York');
      expect(bookerText).toContain(`/meeting/${booked.meetingSlug}?token=${booked.cancelToken}`);
      expect(bookerText).toMatch(/https:\/\/meet\.jit\.si\/fairplatform-[0-9a-f]{32}/);
      const contactText = mimePart(toContact!.raw, 'text/plain');
      expect(headerOf(toContact!.raw, 'Subject')).toContain('Neuer Termin mit Nora York');
      expect(contactText).toContain(contactTime);
      expect(contactText).toContain(`Europe/Berlin, ${contactZone}`);
      expect(contactText).toContain('About the stand');

      for (const mail of [toBooker!, toContact!]) {
        const ics = icsOf(mail);
        expect(ics.get('METHOD')).toEqual(['REQUEST']);
        expect(ics.get('SEQUENCE')).toEqual(['0']);
        expect(ics.get('UID')![0]).toContain(booked.meetingSlug);
        expect(ics.get('DTSTART')![0]).toBe(start.toISOString().replace(/[-:]/g, '').replace('.000', ''));
        expect(ics.get('BEGIN')).toEqual(['VCALENDAR', 'VEVENT']);
      }

      const delivery = await deliveryOfBookings(await world.t.serviceContext(contact.id), [slot.id]);
      expect(delivery.get(slot.id)?.map((m) => m.status)).toEqual(['sent', 'sent']);

      // the booker cancels from the mail: both get METHOD:CANCEL with the same UID, SEQUENCE 1
      const uid = icsOf(toBooker!).get('UID');
      await cancelBooking(await world.t.serviceContext(null), { meetingSlug: booked.meetingSlug, cancelToken: booked.cancelToken });
      expect(await deliverPending(world.t.app)).toBe(2);
      for (const address of [booker, contact.email]) {
        const [cancel] = mailTo(address).slice(-1);
        const ics = icsOf(cancel!);
        expect(ics.get('METHOD')).toEqual(['CANCEL']);
        expect(ics.get('UID')).toEqual(uid);
        expect(ics.get('SEQUENCE')).toEqual(['1']);
        expect(ics.get('STATUS')).toEqual(['CANCELLED']);
      }
      expect(headerOf(mailTo(contact.email).at(-1)!.raw, 'Subject')).toContain('Abgesagt');
    }
  });

  it('a mail the server refuses is retried and, after the last attempt, shows as failed for the contact person', async () => {
    const { org, contact } = await contactWorld('Fehler Messebau');
    const smtp = world.t.app.env.SMTP_URL;
    world.t.app.env.SMTP_URL = 'smtp://127.0.0.1:9'; // nothing listens there
    try {
      const slot = await createAppointmentSlot(world.t.app.db, { organization_id: org.id, user_id: contact.id, start_at: new Date('2027-11-02T08:00:00Z') });
      await bookSlot(await world.t.serviceContext(null), { slotId: slot.id, name: 'F', email: 'fail@test.example', language: 'EN' });
      await deliverPending(world.t.app);
      let delivery = (await deliveryOfBookings(await world.t.serviceContext(contact.id), [slot.id])).get(slot.id)!;
      expect(delivery.map((m) => m.status)).toEqual(['pending', 'pending']);
      expect(delivery.every((m) => m.lastError)).toBe(true);
      // the last attempt is due now
      await world.t.app.db('outbox').whereIn('id', world.t.app.db('appointment_mails').select('outbox_id')).where({ status: 'pending' }).update({ attempts: MAX_ATTEMPTS - 1, next_attempt_at: world.t.app.db.fn.now() });
      await deliverPending(world.t.app);
      delivery = (await deliveryOfBookings(await world.t.serviceContext(contact.id), [slot.id])).get(slot.id)!;
      expect(delivery.map((m) => m.status)).toEqual(['failed', 'failed']);
    } finally {
      world.t.app.env.SMTP_URL = smtp;
    }
  });
});
