import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppointmentBooking, AppointmentSlot } from '#db/models/index';
import { Feature, Package } from '~/lib/features';
import { listMails } from '~/server/mail/outbox.server';
import {
  bookerPrefill,
  bookingOrganization,
  bookingsOfVisitor,
  bookSlot,
  cancelBooking,
  contactPersons,
  deliveryOfBookings,
  getSettings,
  icsForMeeting,
  listFreeSlots,
  meetingBySlug,
  saveSettings,
  SlotAlreadyBookedError,
} from '~/server/services/appointments';
import { icsProperties } from '~/server/services/appointments/ics';
import { addMember, createAppointmentSettings, createAppointmentSlot, createLead, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * Appointments (issue 27) through both doors: settings and the slots they generate, availability by hand, the
 * confirmation type (MESSAGE_MISSING), booking (race-safe, idempotent, the booking page's access rule), cancelling
 * (by the booker's token, the logged-in booker, the contact person; not by another booker), the meeting page's data
 * and the mails with their .ics in the outbox; who may not: anonymous, a member without the feature, another
 * organisation's admin, a sales user (whose role has no appointment feature).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JITSI_HOST: 'jitsi.test.example' } });
});
afterAll(async () => {
  await t.close();
});

const gql = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, userId: string | null, language?: 'de' | 'en') => {
  const headers: Record<string, string> = {};
  if (userId) headers.Authorization = `JWT ${await t.accessToken(userId)}`;
  if (language) headers['Accept-Language'] = language;
  return t.graphql<T>(query, variables, { headers });
};

async function world(options: { suites?: number; access?: 'PUBLIC' | 'LOGGED_IN' } = {}) {
  const db = t.app.db;
  const org = await createOrganization(db, { suites: options.suites ?? Package.BASIC, name: `Messebau ${crypto.randomUUID().slice(0, 6)}` });
  const admin = await createUser(db, { default_language: 'EN', first_name: 'Ada', last_name: 'Admin' });
  await addMember(db, org.id, admin.id, { role: 'admin', isOwner: true });
  const contact = await createUser(db, { default_language: 'DE', first_name: 'Karl', last_name: 'Kontakt' });
  await addMember(db, org.id, contact.id, { role: 'admin' });
  // a sales user: a member whose role does not include the appointment feature
  const sales = await createUser(db, { default_language: 'EN', first_name: 'Sam', last_name: 'Sales' });
  await addMember(db, org.id, sales.id, { role: 'sales' });
  if (options.access) await db('appointment_booking_pages').insert({ organization_id: org.id, permission_type: options.access });
  return { org, admin, contact, sales };
}

const inDays = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

const BOOK = `mutation($slotId: ID!, $name: String!, $email: String!, $key: String, $tz: String, $lang: LanguageCodeEnum, $url: String, $lead: String) {
  appointmentBook(slotId: $slotId, name: $name, email: $email, idempotencyKey: $key, timeZone: $tz, language: $lang, url: $url, leadSlug: $lead) {
    booking { meetingSlug cancelToken slot { id status start end } }
    nextFree { id start }
    error { code message field }
  }
}`;

type BookAnswer = {
  appointmentBook: {
    booking: { meetingSlug: string; cancelToken: string; slot: { id: string; status: string } } | null;
    nextFree: { id: string }[] | null;
    error: { code: string; message: string } | null;
  };
};

describe('settings and slots', () => {
  it('saving weekly hours generates the next four weeks of free slots in the contact person\'s zone; a booked slot survives new hours', async () => {
    const { contact } = await world();
    const saved = await gql<{ setOrgAppointmentSettings: { orgUser: { id: string; timeZone: string; weeklyHours: unknown[] } | null; error: unknown } }>(
      `mutation($input: AppointmentSettingsInput!) { setOrgAppointmentSettings(input: $input) { orgUser { id timeZone slotMinutes weeklyHours { weekday start end } } error { code field } } }`,
      {
        input: {
          timeZone: 'Europe/Berlin',
          slotMinutes: 30,
          bufferMinutes: 0,
          weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '10:00' })),
        },
      },
      contact.id,
    );
    expect(saved.body.data?.setOrgAppointmentSettings.error).toBeNull();
    expect(saved.body.data?.setOrgAppointmentSettings.orgUser).toMatchObject({ id: contact.id, timeZone: 'Europe/Berlin' });
    const slots = await AppointmentSlot.query(t.app.db).where({ user_id: contact.id }).orderBy('start_at');
    // two slots a day for 28 days (today's may be past already)
    expect(slots.length).toBeGreaterThanOrEqual(54);
    expect(slots.length).toBeLessThanOrEqual(56);
    for (const slot of slots) {
      const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(slot.start_at);
      expect(['09:00', '09:30']).toContain(local);
    }

    // book one, then change the hours: the booked one stays, the free ones follow the new hours
    const ctx = await t.serviceContext(null);
    const booked = await bookSlot(ctx, { slotId: slots[4]!.id, name: 'Vera Visitor', email: 'vera@test.example', language: 'EN' });
    const svc = await t.serviceContext(contact.id);
    await saveSettings(svc, { timeZone: 'Europe/Berlin', slotMinutes: 60, bufferMinutes: 0, weeklyHours: [{ weekday: 1, start: '14:00', end: '16:00' }], datesOff: [] });
    const after = await AppointmentSlot.query(t.app.db).where({ user_id: contact.id });
    expect(after.find((s) => s.id === booked.slot.id)?.status).toBe('BOOKED');
    expect(after.filter((s) => s.status === 'AVAILABLE').every((s) => s.end_at.getTime() - s.start_at.getTime() === 3_600_000)).toBe(true);
    expect((await getSettings(svc)).slot_minutes).toBe(60);
  });

  it('refuses bad settings with field errors and changes nothing', async () => {
    const { contact } = await world();
    const svc = await t.serviceContext(contact.id);
    await expect(
      saveSettings(svc, { timeZone: 'Mars/Olympus', slotMinutes: 30, bufferMinutes: 0, weeklyHours: [{ weekday: 8, start: '10:00', end: '09:00' }], datesOff: ['2027-13-01'] }),
    ).rejects.toMatchObject({ code: 'INVALID' });
    expect(await AppointmentSlot.query(t.app.db).where({ user_id: contact.id }).resultSize()).toBe(0);
  });

  it('who may not: anonymous, an organisation without the appointment feature, a sales member (no appointment feature), another organisation\'s admin', async () => {
    const { org, admin, contact, sales } = await world();
    const noFeature = await world({ suites: Package.BASIC & ~Feature.appointment });
    const other = await world();
    const query = `query($userId: ID) { orgAppointmentSettings(userId: $userId) { id } }`;
    const anonymous = await gql(query, {}, null);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const without = await gql(query, {}, noFeature.admin.id);
    expect(without.body.errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    const salesOwn = await gql(query, {}, sales.id);
    expect(salesOwn.body.errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    const salesForAdmin = await gql(query, { userId: admin.id }, sales.id);
    expect(salesForAdmin.body.errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    const otherAdmin = await gql(query, { userId: contact.id }, other.admin.id);
    expect(otherAdmin.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // the organisation's admin manages the contact person's settings
    const own = await gql<{ orgAppointmentSettings: { id: string } }>(query, { userId: contact.id }, admin.id);
    expect(own.body.data?.orgAppointmentSettings.id).toBe(contact.id);
    // listing: an admin sees every member's slots, or one member's
    await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(3) });
    await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: admin.id, start_at: inDays(3) });
    const list = `query($from: DateTime!, $to: DateTime!) { orgAppointmentSlots(from: $from, to: $to) { id contactPersonId } }`;
    const range = { from: inDays(0, 0).toISOString(), to: inDays(10, 0).toISOString() };
    const adminList = await gql<{ orgAppointmentSlots: { contactPersonId: string }[] }>(list, range, admin.id);
    expect(new Set(adminList.body.data?.orgAppointmentSlots.map((s) => s.contactPersonId))).toEqual(new Set([contact.id, admin.id]));
    const oneList = await gql<{ orgAppointmentSlots: { contactPersonId: string }[] }>(
      `query($from: DateTime!, $to: DateTime!, $userId: ID) { orgAppointmentSlots(from: $from, to: $to, userId: $userId) { id contactPersonId } }`,
      { ...range, userId: contact.id },
      admin.id,
    );
    expect(oneList.body.data?.orgAppointmentSlots.map((s) => s.contactPersonId)).toEqual([contact.id]);
    const salesList = await gql(list, range, sales.id);
    expect(salesList.body.errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    const otherList = await gql<{ orgAppointmentSlots: unknown[] }>(list, range, other.admin.id);
    expect(otherList.body.data?.orgAppointmentSlots).toEqual([]);
  });
});

describe('AppointmentAvailabilitySet', () => {
  it('adds a slot, marks one UNAVAILABLE by hand, refuses overlaps, a booked slot and another organisation\'s slot', async () => {
    const { org, contact } = await world();
    const other = await world();
    await createAppointmentSettings(t.app.db, { organization_id: org.id, user_id: contact.id });
    const mutation = `mutation($slots: [AppointmentSlotInput!]!) { appointmentAvailabilitySet(slots: $slots) { slots { id status manual start } error { code field message } } }`;
    type Answer = { appointmentAvailabilitySet: { slots: { id: string; status: string; manual: boolean }[] | null; error: { code: string; field: string } | null } };
    const start = inDays(5);
    const added = await gql<Answer>(mutation, { slots: [{ start: start.toISOString(), end: new Date(start.getTime() + 1_800_000).toISOString(), status: 'AVAILABLE' }] }, contact.id);
    expect(added.body.data?.appointmentAvailabilitySet.error).toBeNull();
    const [slot] = added.body.data!.appointmentAvailabilitySet.slots!;
    expect(slot).toMatchObject({ status: 'AVAILABLE', manual: true });

    const overlap = await gql<Answer>(mutation, { slots: [{ start: new Date(start.getTime() + 600_000).toISOString(), end: new Date(start.getTime() + 2_400_000).toISOString(), status: 'AVAILABLE' }] }, contact.id);
    expect(overlap.body.data?.appointmentAvailabilitySet.error).toMatchObject({ code: 'INVALID', field: 'slots.0.start' });

    const off = await gql<Answer>(mutation, { slots: [{ id: slot!.id, start: start.toISOString(), end: new Date(start.getTime() + 1_800_000).toISOString(), status: 'UNAVAILABLE' }] }, contact.id);
    expect(off.body.data?.appointmentAvailabilitySet.slots?.[0]).toMatchObject({ id: slot!.id, status: 'UNAVAILABLE' });

    const foreign = await gql<Answer>(mutation, { slots: [{ id: slot!.id, start: start.toISOString(), end: new Date(start.getTime() + 1_800_000).toISOString(), status: 'AVAILABLE' }] }, other.admin.id);
    expect(foreign.body.data?.appointmentAvailabilitySet.error?.code).toBe('SLOT_NOT_FOUND');

    const bookable = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(6) });
    await bookSlot(await t.serviceContext(null), { slotId: bookable.id, name: 'B', email: 'b@test.example', language: 'EN' });
    const booked = await gql<Answer>(mutation, { slots: [{ id: bookable.id, start: bookable.start_at.toISOString(), end: bookable.end_at.toISOString(), status: 'UNAVAILABLE' }] }, contact.id);
    expect(booked.body.data?.appointmentAvailabilitySet.error?.code).toBe('SLOT_ALREADY_BOOKED');
    expect((await AppointmentSlot.query(t.app.db).findById(bookable.id))?.status).toBe('BOOKED');

    const anonymous = await gql<Answer>(mutation, { slots: [] }, null);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('SetOrgAppointmentConfirmationType', () => {
  const mutation = `mutation($input: AppointmentConfirmationTypeInput!) {
    setOrgAppointmentConfirmationType(input: $input) { orgUser { id confirmationType { type message } } error { code field message } }
  }`;
  type Answer = { setOrgAppointmentConfirmationType: { orgUser: { id: string; confirmationType: { type: string; message: string | null } } | null; error: { code: string; field: string; message: string } | null } };

  it('CUSTOM_MESSAGE needs a message: MESSAGE_MISSING with the spec\'s text in the viewer\'s language', async () => {
    const { admin, contact } = await world();
    const en = await gql<Answer>(mutation, { input: { type: 'CUSTOM_MESSAGE', message: '   ' } }, admin.id);
    expect(en.body.data?.setOrgAppointmentConfirmationType).toMatchObject({
      orgUser: null,
      error: { code: 'MESSAGE_MISSING', field: 'message', message: 'You need to enter a message!' },
    });
    const de = await gql<Answer>(mutation, { input: { type: 'CUSTOM_MESSAGE' } }, contact.id);
    expect(de.body.data?.setOrgAppointmentConfirmationType.error?.message).toBe('Sie müssen eine Nachricht eingeben!');
    const ok = await gql<Answer>(mutation, { input: { type: 'CUSTOM_MESSAGE', message: 'Rufen Sie mich an: 0123' } }, contact.id);
    expect(ok.body.data?.setOrgAppointmentConfirmationType).toMatchObject({
      orgUser: { id: contact.id, confirmationType: { type: 'CUSTOM_MESSAGE', message: 'Rufen Sie mich an: 0123' } },
      error: null,
    });
    const read = await gql<{ orgAppointmentConfirmationType: { type: string; message: string } }>(`{ orgAppointmentConfirmationType { type message } }`, {}, contact.id);
    expect(read.body.data?.orgAppointmentConfirmationType).toEqual({ type: 'CUSTOM_MESSAGE', message: 'Rufen Sie mich an: 0123' });
  });

  it('an admin sets a member\'s type; a sales member may not set the admin\'s; another organisation\'s admin may not', async () => {
    const { admin, contact, sales } = await world();
    const other = await world();
    const byAdmin = await gql<Answer>(mutation, { input: { userId: contact.id, type: 'JITSI_LINK' } }, admin.id);
    expect(byAdmin.body.data?.setOrgAppointmentConfirmationType.orgUser?.id).toBe(contact.id);
    const bySales = await gql<Answer>(mutation, { input: { userId: admin.id, type: 'JITSI_LINK' } }, sales.id);
    expect(bySales.body.data?.setOrgAppointmentConfirmationType.error?.code).toBe('PERMISSION_DENIED');
    const byOther = await gql<Answer>(mutation, { input: { userId: contact.id, type: 'JITSI_LINK' } }, other.admin.id);
    expect(byOther.body.data?.setOrgAppointmentConfirmationType.error?.code).toBe('NOT_FOUND');
  });
});

describe('booking', () => {
  it('anonymous books a PUBLIC organisation\'s slot: one booking, both mails with an .ics REQUEST in the outbox in the same transaction, a Jitsi link on the configured host', async () => {
    const { org, contact } = await world();
    const slot = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(4) });
    const lead = await createLead(t.app.db, { organization_id: org.id, email: 'lena@test.example', name: 'Lena Lead' });
    const email = `vera-${crypto.randomUUID().slice(0, 6)}@test.example`;
    const answer = await gql<BookAnswer>(BOOK, { slotId: slot.id, name: 'Vera Visitor', email, key: crypto.randomUUID(), tz: 'America/New_York', lang: 'EN', url: `/book/${org.slug}`, lead: lead.slug }, null);
    const booking = answer.body.data!.appointmentBook.booking!;
    expect(answer.body.data?.appointmentBook.error).toBeNull();
    expect(booking.slot).toMatchObject({ id: slot.id, status: 'BOOKED' });
    expect(booking.meetingSlug).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const row = await AppointmentSlot.query(t.app.db).findById(slot.id);
    expect(row).toMatchObject({ status: 'BOOKED', booker_email: email, booker_time_zone: 'America/New_York', lead_id: lead.id, booking_url: `/book/${org.slug}` });
    expect(row!.meeting_url).toMatch(/^https:\/\/jitsi\.test\.example\/fairplatform-[0-9a-f]{32}$/);
    expect(row!.cancel_token_hash).not.toContain(booking.cancelToken);

    const mails = await listMails(t.app.db, { to: email });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(row!.meeting_url!);
    expect(mails[0]!.text).toContain(`/meeting/${booking.meetingSlug}?token=${booking.cancelToken}`);
    const contactMails = await listMails(t.app.db, { to: contact.email });
    expect(contactMails).toHaveLength(1);
    expect(contactMails[0]!.subject).toContain('Neuer Termin mit Vera Visitor');
    expect(contactMails[0]!.text).not.toContain('token=');
    const payload = await t.app.db('outbox').where({ id: mails[0]!.id }).first();
    const ics = icsProperties(payload.payload.attachments[0].content);
    expect(ics.get('METHOD')).toEqual(['REQUEST']);
    expect(ics.get('UID')?.[0]).toContain(booking.meetingSlug);
    expect(ics.get('SEQUENCE')).toEqual(['0']);
    expect(payload.payload.attachments[0].contentType).toBe('text/calendar; method=REQUEST; charset=utf-8');

    // the booker's slot is hidden from the public list, and the contact person sees the booker and the mails' state
    const free = await listFreeSlots(await t.serviceContext(null), { organizationId: org.id, from: inDays(0, 0), to: inDays(10, 0) });
    expect(free.map((s) => s.id)).not.toContain(slot.id);
    const delivery = await deliveryOfBookings(await t.serviceContext(contact.id), [slot.id]);
    expect(delivery.get(slot.id)?.map((m) => [m.recipient, m.method, m.status]).sort()).toEqual([
      ['BOOKER', 'REQUEST', 'pending'],
      ['CONTACT', 'REQUEST', 'pending'],
    ]);
    const console = await gql<{ orgAppointmentSlots: { id: string; booker: { email: string; timeZone: string } | null; deliveries: { recipient: string; status: string }[] }[] }>(
      `query($from: DateTime!, $to: DateTime!) { orgAppointmentSlots(from: $from, to: $to) { id booker { email timeZone } deliveries { recipient status } } }`,
      { from: inDays(0, 0).toISOString(), to: inDays(10, 0).toISOString() },
      contact.id,
    );
    expect(console.body.data?.orgAppointmentSlots.find((s) => s.id === slot.id)).toMatchObject({ booker: { email, timeZone: 'America/New_York' } });
    expect(console.body.data?.orgAppointmentSlots.find((s) => s.id === slot.id)?.deliveries).toHaveLength(2);

    // the meeting page
    const meeting = await meetingBySlug(await t.serviceContext(null), booking.meetingSlug);
    expect(meeting).toMatchObject({ state: 'UPCOMING', joinUrl: row!.meeting_url, organization: { id: org.id }, contactPerson: { id: contact.id, name: 'Karl Kontakt' } });
    expect(await meetingBySlug(await t.serviceContext(null), 'x'.repeat(22))).toBeNull();
  });

  it('the loser gets SLOT_ALREADY_BOOKED with the next free slots ("already booked, choose a new date"), or "all booked" when none is left; unknown slots are SLOT_NOT_FOUND', async () => {
    const { org, contact } = await world();
    const first = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(2) });
    const second = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(3) });
    await gql<BookAnswer>(BOOK, { slotId: first.id, name: 'A', email: 'a@test.example' }, null);
    const lost = await gql<BookAnswer>(BOOK, { slotId: first.id, name: 'B', email: 'b@test.example' }, null, 'en');
    expect(lost.body.data?.appointmentBook).toMatchObject({
      booking: null,
      error: { code: 'SLOT_ALREADY_BOOKED', message: 'This date is already booked, please choose a new date.' },
      nextFree: [{ id: second.id }],
    });
    await gql<BookAnswer>(BOOK, { slotId: second.id, name: 'C', email: 'c@test.example' }, null);
    const all = await gql<BookAnswer>(BOOK, { slotId: second.id, name: 'D', email: 'd@test.example' }, null, 'de');
    expect(all.body.data?.appointmentBook).toMatchObject({ error: { code: 'SLOT_ALREADY_BOOKED', message: 'Alles ausgebucht: Es sind keine freien Termine mehr übrig.' }, nextFree: [] });
    const unknown = await gql<BookAnswer>(BOOK, { slotId: crypto.randomUUID(), name: 'E', email: 'e@test.example' }, null);
    expect(unknown.body.data?.appointmentBook.error?.code).toBe('SLOT_NOT_FOUND');
    const garbage = await gql<BookAnswer>(BOOK, { slotId: 'not-a-slot', name: 'E', email: 'e@test.example' }, null);
    expect(garbage.body.data?.appointmentBook.error?.code).toBe('SLOT_NOT_FOUND');
    const past = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(-2) });
    const pastAnswer = await gql<BookAnswer>(BOOK, { slotId: past.id, name: 'E', email: 'e@test.example' }, null);
    expect(pastAnswer.body.data?.appointmentBook.error?.code).toBe('SLOT_NOT_FOUND');
  });

  it('refuses bad booker input with a field error and writes nothing', async () => {
    const { org, contact } = await world();
    const slot = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(2) });
    const answer = await gql<BookAnswer>(BOOK, { slotId: slot.id, name: ' ', email: 'not-an-address', tz: 'Nowhere/City' }, null);
    expect(answer.body.data?.appointmentBook.error?.code).toMatch(/REQUIRED|INVALID/);
    expect((await AppointmentSlot.query(t.app.db).findById(slot.id))?.status).toBe('AVAILABLE');
    const evilUrl = await gql<BookAnswer>(BOOK, { slotId: slot.id, name: 'X', email: 'x@test.example', url: 'javascript:alert(1)' }, null);
    expect(evilUrl.body.data?.appointmentBook.error?.code).toBe('INVALID');
  });

  it('a retried request with the same idempotency key gets the same answer, not a second booking or more mails', async () => {
    const { org, contact } = await world();
    const slot = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(2) });
    const key = crypto.randomUUID();
    const email = `retry-${crypto.randomUUID().slice(0, 6)}@test.example`;
    const once = await gql<BookAnswer>(BOOK, { slotId: slot.id, name: 'R', email, key }, null);
    const again = await gql<BookAnswer>(BOOK, { slotId: slot.id, name: 'R', email, key }, null);
    expect(again.body.data?.appointmentBook.error).toBeNull();
    expect(again.body.data?.appointmentBook.booking).toEqual(once.body.data?.appointmentBook.booking);
    expect(await AppointmentBooking.query(t.app.db).where({ slot_id: slot.id }).resultSize()).toBe(1);
    expect(await listMails(t.app.db, { to: email })).toHaveLength(1);
    // the same key from someone else's address is no replay
    const stranger = await gql<BookAnswer>(BOOK, { slotId: slot.id, name: 'S', email: 'stranger@test.example', key }, null);
    expect(stranger.body.data?.appointmentBook.error?.code).toBe('SLOT_ALREADY_BOOKED');
  });

  it('anonymous may not book a LOGGED_IN organisation\'s slot; a logged-in visitor may; a member without the feature cannot reach the console', async () => {
    const { org, contact, sales } = await world({ access: 'LOGGED_IN' });
    const slot = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(2) });
    const anonymous = await gql<BookAnswer>(BOOK, { slotId: slot.id, name: 'A', email: 'a@test.example' }, null);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await AppointmentSlot.query(t.app.db).findById(slot.id))?.status).toBe('AVAILABLE');
    expect(await bookingOrganization(await t.serviceContext(null), org.slug)).toBeNull();
    await expect(listFreeSlots(await t.serviceContext(null), { organizationId: org.id, from: inDays(0), to: inDays(5) })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(contactPersons(await t.serviceContext(null), org.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });

    const visitor = await createUser(t.app.db, { first_name: 'Vic', last_name: 'Visitor' });
    expect(await bookingOrganization(await t.serviceContext(visitor.id), org.slug)).toMatchObject({ id: org.id, permissionType: 'LOGGED_IN' });
    const persons = await contactPersons(await t.serviceContext(visitor.id), org.id);
    expect(persons).toEqual([expect.objectContaining({ id: contact.id, name: 'Karl Kontakt', timeZone: 'Europe/Berlin' })]);
    const booked = await gql<BookAnswer>(BOOK, { slotId: slot.id, name: 'Vic Visitor', email: visitor.email }, visitor.id);
    expect(booked.body.data?.appointmentBook.error).toBeNull();
    expect((await AppointmentSlot.query(t.app.db).findById(slot.id))?.booker_user_id).toBe(visitor.id);
    const mine = await gql<{ myAppointments: { id: string; booker: { email: string } }[] }>(`{ myAppointments { id booker { email } } }`, {}, visitor.id);
    expect(mine.body.data?.myAppointments).toEqual([{ id: slot.id, booker: { email: visitor.email } }]);

    // switching the booking page to PUBLIC is for admins
    const setAccess = `mutation($a: AppointmentBookingAccessEnum!) { setOrgAppointmentBookingAccess(access: $a) { access error { code } } }`;
    const bySales = await gql<{ setOrgAppointmentBookingAccess: { error: { code: string } | null } }>(setAccess, { a: 'PUBLIC' }, sales.id);
    expect(bySales.body.data?.setOrgAppointmentBookingAccess.error?.code).toBe('PERMISSION_DENIED');
    const byAdmin = await gql<{ setOrgAppointmentBookingAccess: { access: string } }>(setAccess, { a: 'PUBLIC' }, contact.id);
    expect(byAdmin.body.data?.setOrgAppointmentBookingAccess.access).toBe('PUBLIC');
    expect(await bookingOrganization(await t.serviceContext(null), org.slug)).toMatchObject({ id: org.id, permissionType: 'PUBLIC' });

    // an organisation without the appointment feature has no booking page and no bookable slots
    const noFeature = await world({ suites: Package.BASIC & ~Feature.appointment });
    const hidden = await createAppointmentSlot(t.app.db, { organization_id: noFeature.org.id, user_id: noFeature.contact.id, start_at: inDays(2) });
    const refused = await gql<BookAnswer>(BOOK, { slotId: hidden.id, name: 'A', email: 'a@test.example' }, null);
    expect(refused.body.data?.appointmentBook.error?.code).toBe('SLOT_NOT_FOUND');
    expect(await bookingOrganization(await t.serviceContext(null), noFeature.org.slug)).toBeNull();
  });

  it('20 parallel bookings of one slot: exactly one succeeds, the others get SLOT_ALREADY_BOOKED, and the slot\'s booker is the winner', async () => {
    const { org, contact } = await world();
    const slot = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(2) });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, async (_, i) => bookSlot(await t.serviceContext(null), { slotId: slot.id, name: `P${i}`, email: `p${i}@test.example`, language: 'EN', idempotencyKey: crypto.randomUUID() })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.every((r) => r.reason instanceof SlotAlreadyBookedError)).toBe(true);
    const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof bookSlot>>>).value;
    expect((await AppointmentSlot.query(t.app.db).findById(slot.id))?.booker_email).toBe(winner.slot.booker_email);
    expect(await AppointmentBooking.query(t.app.db).where({ slot_id: slot.id }).resultSize()).toBe(1);
    const mails = await t.app.db('appointment_mails as m').join('appointment_bookings as b', 'b.id', 'm.booking_id').where('b.slot_id', slot.id).count({ n: '*' }).first();
    expect(Number(mails?.n)).toBe(2);
  });

  it('the database refuses two overlapping BOOKED slots of one contact person (exclusion constraint)', async () => {
    const { org, contact } = await world();
    const start = inDays(3);
    const a = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: start });
    const b = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: new Date(start.getTime() + 900_000) });
    await bookSlot(await t.serviceContext(null), { slotId: a.id, name: 'A', email: 'a@test.example', language: 'EN' });
    await expect(bookSlot(await t.serviceContext(null), { slotId: b.id, name: 'B', email: 'b@test.example', language: 'EN' })).rejects.toBeInstanceOf(SlotAlreadyBookedError);
    expect((await AppointmentSlot.query(t.app.db).findById(b.id))?.status).toBe('AVAILABLE');
  });
});

describe('cancel', () => {
  const CANCEL = `mutation($slotId: ID, $slug: String, $token: String) { appointmentCancel(slotId: $slotId, meetingSlug: $slug, cancelToken: $token) { slot { id status } error { code message } } }`;
  type Answer = { appointmentCancel: { slot: { id: string; status: string } | null; error: { code: string; message: string } | null } };

  it('the booker cancels with the mail\'s token: the slot is free again and both sides get METHOD:CANCEL with the same UID and SEQUENCE + 1', async () => {
    const { org, contact } = await world();
    const slot = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(2) });
    const email = `cancel-${crypto.randomUUID().slice(0, 6)}@test.example`;
    const booked = (await gql<BookAnswer>(BOOK, { slotId: slot.id, name: 'C', email }, null)).body.data!.appointmentBook.booking!;

    const wrong = await gql<Answer>(CANCEL, { slug: booked.meetingSlug, token: 'guessed' }, null);
    expect(wrong.body.data?.appointmentCancel.error?.code).toBe('PERMISSION_DENIED');
    const done = await gql<Answer>(CANCEL, { slug: booked.meetingSlug, token: booked.cancelToken }, null);
    expect(done.body.data?.appointmentCancel).toMatchObject({ slot: { id: slot.id, status: 'AVAILABLE' }, error: null });
    const row = await AppointmentSlot.query(t.app.db).findById(slot.id);
    expect(row).toMatchObject({ status: 'AVAILABLE', booker_email: null, meeting_slug: null, idempotency_key: null });

    const mails = (await listMails(t.app.db, { to: email })).reverse();
    expect(mails).toHaveLength(2);
    const outbox = await t.app.db('outbox').whereIn('id', mails.map((m) => m.id)).orderBy('created_at');
    const [request, cancel] = outbox.map((o) => icsProperties(o.payload.attachments[0].content));
    expect(cancel!.get('METHOD')).toEqual(['CANCEL']);
    expect(cancel!.get('STATUS')).toEqual(['CANCELLED']);
    expect(cancel!.get('UID')).toEqual(request!.get('UID'));
    expect(Number(cancel!.get('SEQUENCE')![0])).toBe(Number(request!.get('SEQUENCE')![0]) + 1);
    expect(await listMails(t.app.db, { to: contact.email })).toHaveLength(2);

    // the meeting page says it was cancelled; the download is the CANCEL; a second cancel has nothing to cancel
    expect((await meetingBySlug(await t.serviceContext(null), booked.meetingSlug))).toMatchObject({ state: 'CANCELLED', joinUrl: null });
    const ics = await icsForMeeting(await t.serviceContext(null), booked.meetingSlug);
    expect(icsProperties(ics!.body).get('METHOD')).toEqual(['CANCEL']);
    const twice = await gql<Answer>(CANCEL, { slug: booked.meetingSlug, token: booked.cancelToken }, null);
    expect(twice.body.data?.appointmentCancel.error?.code).toBe('SLOT_NOT_BOOKED');
    const free = await gql<Answer>(CANCEL, { slotId: slot.id }, contact.id);
    expect(free.body.data?.appointmentCancel.error?.code).toBe('SLOT_NOT_BOOKED');
    const unknown = await gql<Answer>(CANCEL, { slotId: crypto.randomUUID() }, contact.id);
    expect(unknown.body.data?.appointmentCancel.error?.code).toBe('SLOT_NOT_FOUND');
    // the slot can be booked again, with a new meeting (UID)
    const rebooked = (await gql<BookAnswer>(BOOK, { slotId: slot.id, name: 'D', email: 'd@test.example' }, null)).body.data!.appointmentBook.booking!;
    expect(rebooked.meetingSlug).not.toBe(booked.meetingSlug);
  });

  it('a booker may not cancel another\'s booking; the logged-in booker and the contact person may; another organisation\'s admin may not', async () => {
    const { org, contact } = await world();
    const other = await world();
    const booker = await createUser(t.app.db);
    const intruder = await createUser(t.app.db);
    const a = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(2) });
    const b = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(3) });
    await gql<BookAnswer>(BOOK, { slotId: a.id, name: 'Booker', email: booker.email }, booker.id);
    await gql<BookAnswer>(BOOK, { slotId: b.id, name: 'Intruder', email: intruder.email }, intruder.id);

    const byIntruder = await gql<Answer>(CANCEL, { slotId: a.id }, intruder.id);
    expect(byIntruder.body.data?.appointmentCancel.error?.code).toBe('PERMISSION_DENIED');
    const byOtherAdmin = await gql<Answer>(CANCEL, { slotId: a.id }, other.admin.id);
    expect(byOtherAdmin.body.data?.appointmentCancel.error?.code).toBe('PERMISSION_DENIED');
    const anonymous = await gql<Answer>(CANCEL, { slotId: a.id }, null);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await AppointmentSlot.query(t.app.db).findById(a.id))?.status).toBe('BOOKED');

    const byBooker = await gql<Answer>(CANCEL, { slotId: a.id }, booker.id);
    expect(byBooker.body.data?.appointmentCancel.slot?.status).toBe('AVAILABLE');
    const byContact = await cancelBooking(await t.serviceContext(contact.id), { slotId: b.id });
    expect(byContact.status).toBe('AVAILABLE');
  });
});

describe('the visitor\'s queries', () => {
  it('appointmentSlotsByOrganization, appointmentContactPersons and appointmentMeeting: free slots without booker data, behind the booking page\'s rule', async () => {
    const { org, contact, admin } = await world();
    const free = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(2) });
    const taken = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(3) });
    await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(4), status: 'UNAVAILABLE' });
    const booking = (await gql<BookAnswer>(BOOK, { slotId: taken.id, name: 'Tina Taken', email: 'tina@test.example' }, null)).body.data!.appointmentBook.booking!;

    const SLOTS = `query($org: ID!, $from: DateTime!, $to: DateTime!) { appointmentSlotsByOrganization(organizationId: $org, from: $from, to: $to) { id status booker { email } meetingSlug deliveries { to } } }`;
    const range = { org: org.id, from: inDays(0, 0).toISOString(), to: inDays(10, 0).toISOString() };
    const visible = await gql<{ appointmentSlotsByOrganization: { id: string; status: string; booker: unknown; meetingSlug: unknown; deliveries: unknown[] }[] }>(SLOTS, range, null);
    expect(visible.body.data?.appointmentSlotsByOrganization).toEqual([{ id: free.id, status: 'AVAILABLE', booker: null, meetingSlug: null, deliveries: [] }]);

    const persons = await gql<{ appointmentContactPersons: { id: string; name: string; timeZone: string }[] }>(
      `query($org: ID!) { appointmentContactPersons(organizationId: $org) { id name timeZone avatarUrl } }`,
      { org: org.id },
      null,
    );
    expect(persons.body.data?.appointmentContactPersons).toEqual([{ id: contact.id, name: 'Karl Kontakt', timeZone: 'Europe/Berlin', avatarUrl: null }]);

    const MEETING = `query($slug: String!) { appointmentMeeting(slug: $slug) { meetingSlug state bookerName joinUrl contactPerson { id name } organization { id name } } }`;
    const meeting = await gql<{ appointmentMeeting: { state: string; joinUrl: string; contactPerson: { id: string }; organization: { id: string } } | null }>(MEETING, { slug: booking.meetingSlug }, null);
    expect(meeting.body.data?.appointmentMeeting).toMatchObject({ state: 'UPCOMING', bookerName: 'Tina Taken', contactPerson: { id: contact.id }, organization: { id: org.id } });
    expect(meeting.body.data?.appointmentMeeting?.joinUrl).toMatch(/^https:\/\/jitsi\.test\.example\//);
    const unknown = await gql<{ appointmentMeeting: unknown }>(MEETING, { slug: 'unknown-meeting-slug' }, null);
    expect(unknown.body.data?.appointmentMeeting).toBeNull();

    // LOGGED_IN: anonymous is asked to log in; the admin reads and sets the rule
    const access = await gql<{ orgAppointmentBookingAccess: string }>(`{ orgAppointmentBookingAccess }`, {}, admin.id);
    expect(access.body.data?.orgAppointmentBookingAccess).toBe('PUBLIC');
    await gql(`mutation { setOrgAppointmentBookingAccess(access: LOGGED_IN) { access } }`, {}, admin.id);
    const hidden = await gql(SLOTS, range, null);
    expect(hidden.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const visitor = await createUser(t.app.db);
    const loggedIn = await gql<{ appointmentSlotsByOrganization: { id: string }[] }>(SLOTS, range, visitor.id);
    expect(loggedIn.body.data?.appointmentSlotsByOrganization.map((s) => s.id)).toEqual([free.id]);
    const garbage = await gql(SLOTS, { ...range, org: crypto.randomUUID() }, visitor.id);
    expect(garbage.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('the booking form and the visitor\'s hub', () => {
  it('bookerPrefill gives the logged-in visitor\'s or the known lead\'s name and address; bookingsOfVisitor the visitor\'s own bookings only', async () => {
    const { org, contact } = await world();
    const visitor = await createUser(t.app.db, { first_name: 'Vic', last_name: 'Visitor' });
    const lead = await createLead(t.app.db, { organization_id: org.id, email: 'lena@test.example', name: 'Lena Lead' });
    expect(await bookerPrefill(await t.serviceContext(visitor.id))).toEqual({ name: 'Vic Visitor', email: visitor.email });
    expect(await bookerPrefill(await t.serviceContext(null), { leadSlug: lead.slug })).toEqual({ name: 'Lena Lead', email: 'lena@test.example' });
    expect(await bookerPrefill(await t.serviceContext(null), { leadSlug: 'unknown' })).toBeNull();
    expect(await bookerPrefill(await t.serviceContext(null))).toBeNull();

    const mine = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(2) });
    const theirs = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: contact.id, start_at: inDays(3) });
    await bookSlot(await t.serviceContext(visitor.id), { slotId: mine.id, name: 'Vic Visitor', email: visitor.email, language: 'DE' });
    await bookSlot(await t.serviceContext(null), { slotId: theirs.id, name: 'Someone', email: 'someone@test.example', language: 'DE' });
    const rows = await bookingsOfVisitor(await t.serviceContext(visitor.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      slot: { id: mine.id, status: 'BOOKED' },
      contactPerson: { id: contact.id, name: 'Karl Kontakt', timeZone: 'Europe/Berlin' },
      organization: { id: org.id, slug: org.slug },
      state: 'UPCOMING',
    });
    await expect(bookingsOfVisitor(await t.serviceContext(null))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
