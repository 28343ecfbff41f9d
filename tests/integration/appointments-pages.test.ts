import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import { navItems } from '~/lib/nav/appointments';
import * as consolePage from '~/routes/_console.appointments/route';
import * as orgBooking from '~/routes/book.$orgslug._index';
import * as personBooking from '~/routes/book.$orgslug.$person';
import * as meetingPage from '~/routes/meeting.$meeting';
import * as meetingIcs from '~/routes/meeting.$meeting_.ics';
import * as hubPage from '~/routes/hub';
import * as leadInfo from '~/routes/information-collection.$leadslug/route';
import { saveSettings, setBookingAccess, setConfirmationType } from '~/server/services/appointments';
import { seedAppointments } from '~/server/seed/appointments';
import { createTestApp, type TestApp } from '../helpers/app';
import { asResponse, callRoute } from '../helpers/routes';
import { addMember, createLead, createOrganization, createStand, createUser } from '../fixtures/factories';
import { loadPreview } from '~/server/pages/stand.server';

/**
 * The pages of appointments (issue 27): the console's /appointments that the sidebar links to, the public booking
 * pages (no JavaScript: plain form posts with the idempotency key), the meeting page with its .ics and cancel, the
 * visitor's hub; who may not.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function memberOf(suites: number) {
  const org = await createOrganization(t.app.db, { suites });
  const user = await createUser(t.app.db, { default_language: 'EN', first_name: 'Anna', last_name: 'Berger' });
  await addMember(t.app.db, org.id, user.id, { isOwner: true });
  return { org, user };
}

/** A contact person with hours every day 08:00–20:00 in Berlin (so there are free slots whatever the day). */
async function contactPerson(options: { jitsi?: boolean } = {}) {
  const { org, user } = await memberOf(Package.BASIC);
  const ctx = await t.serviceContext(user.id);
  await saveSettings(ctx, {
    organizationId: org.id,
    timeZone: 'Europe/Berlin',
    slotMinutes: 30,
    bufferMinutes: 0,
    weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
    datesOff: [],
  });
  if (options.jitsi === false) await setConfirmationType(ctx, { organizationId: org.id, type: 'CUSTOM_MESSAGE', message: 'Wir treffen uns an Stand B12.' });
  return { org, user };
}

type BookingData = { days: { date: string }[]; day: { slots: { id: string; start: string }[] } | null; idempotencyKey: string; prefill: { name: string; email: string } };

const bookingUrl = (slug: string, person?: string) => (person ? `/book/${slug}/${person}` : `/book/${slug}`);

async function openBooking(slug: string, person: string | undefined, userId: string | null = null) {
  const fn = person ? personBooking.loader : orgBooking.loader;
  return callRoute(t, fn, { url: bookingUrl(slug, person), params: { orgslug: slug, ...(person ? { person } : {}) }, userId });
}

async function book(slug: string, person: string, form: Record<string, string>, userId: string | null = null) {
  return callRoute(t, personBooking.action, { url: bookingUrl(slug, person), params: { orgslug: slug, person }, userId, form: { intent: 'book', name: 'Eva Muster', email: 'eva@example.com', ...form } });
}

describe('console /appointments', () => {
  it('the sidebar item leads to a page that answers (no 404) with the booking links to share', async () => {
    const item = navItems.find((entry) => entry.key === 'appointments');
    expect(item).toMatchObject({ to: '/appointments', feature: 'appointment' });
    const { org, user } = await memberOf(Package.BASIC);
    const page = await callRoute(t, consolePage.loader, { url: item!.to, userId: user.id });
    expect(page.status).toBe(200);
    const data = page.data as { links: { organization: string; own: string }; settings: { slotMinutes: number } };
    expect(data.links.organization).toMatch(new RegExp(`/book/${org.slug}$`));
    expect(data.links.own).toMatch(new RegExp(`/book/${org.slug}/${user.id}$`));
    expect(data.settings.slotMinutes).toBe(30);
  });

  it('anonymous visitors go to the login; an organisation without the appointment feature to /missing-feature', async () => {
    const anonymous = await callRoute(t, consolePage.loader, { url: '/appointments', userId: null });
    expect(anonymous).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent('/appointments')}` });
    const { user } = await memberOf(Package.BASIC & ~Feature.appointment);
    const without = await callRoute(t, consolePage.loader, { url: '/appointments', userId: user.id });
    expect(without).toMatchObject({ status: 302, location: '/missing-feature/appointment' });
  });

  it('no JavaScript: the hours form saves and makes free slots; a bad range is a field error; nothing half-written', async () => {
    const { org, user } = await memberOf(Package.BASIC);
    const bad = await callRoute(t, consolePage.action, {
      url: '/appointments',
      userId: user.id,
      form: { intent: 'hours', timeZone: 'Europe/Berlin', slotMinutes: '30', bufferMinutes: '0', start1: '12:00', end1: '09:00' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('the end after the start');
    expect(await t.app.db('appointment_slots').where({ organization_id: org.id }).count('* as n').first()).toMatchObject({ n: 0 });

    const saved = await callRoute(t, consolePage.action, {
      url: '/appointments',
      userId: user.id,
      form: { intent: 'hours', timeZone: 'America/New_York', slotMinutes: '45', bufferMinutes: '15', ...Object.fromEntries([1, 2, 3, 4, 5].flatMap((d) => [[`start${d}`, '09:00'], [`end${d}`, '12:00']])) },
    });
    expect(saved).toMatchObject({ status: 302, location: '/appointments', toast: { type: 'success', key: 'appointments:console.hoursSaved' } });
    const page = await callRoute(t, consolePage.loader, { url: '/appointments', userId: user.id });
    const data = page.data as { settings: { timeZone: string; slotMinutes: number; weeklyHours: unknown[] } };
    expect(data.settings).toMatchObject({ timeZone: 'America/New_York', slotMinutes: 45 });
    expect(data.settings.weeklyHours).toHaveLength(5);
    const slots = await t.app.db('appointment_slots').where({ organization_id: org.id, user_id: user.id, status: 'AVAILABLE' });
    expect(slots.length).toBeGreaterThan(0);
    // 09:00, 10:00, 11:00 New York time: 45 minutes and 15 minutes buffer
    for (const slot of slots) expect(new Date(slot.end_at).getTime() - new Date(slot.start_at).getTime()).toBe(45 * 60_000);
  });

  it('CUSTOM_MESSAGE without a message answers MESSAGE_MISSING on the field ("You need to enter a message!")', async () => {
    const { user } = await memberOf(Package.BASIC);
    const missing = await callRoute(t, consolePage.action, { url: '/appointments', userId: user.id, form: { intent: 'confirmation', type: 'CUSTOM_MESSAGE', message: '' } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.data)).toContain('You need to enter a message!');
    const saved = await callRoute(t, consolePage.action, { url: '/appointments', userId: user.id, form: { intent: 'confirmation', type: 'CUSTOM_MESSAGE', message: 'Stand B12' } });
    expect(saved).toMatchObject({ status: 302, toast: { key: 'appointments:console.confirmationSaved' } });
    const data = (await callRoute(t, consolePage.loader, { url: '/appointments', userId: user.id })).data as { settings: { confirmationType: string; confirmationMessage: string } };
    expect(data.settings).toMatchObject({ confirmationType: 'CUSTOM_MESSAGE', confirmationMessage: 'Stand B12' });
  });

  it("a member may not edit another member's hours unless admin; another organisation's member is refused", async () => {
    const { org, user } = await contactPerson();
    const stranger = await memberOf(Package.BASIC);
    const other = await callRoute(t, consolePage.loader, { url: `/appointments?member=${user.id}`, userId: stranger.user.id });
    // the stranger's own page: another organisation's member id is not theirs to pick
    expect(other.status).toBe(404);
    const sales = await createUser(t.app.db);
    await addMember(t.app.db, org.id, sales.id, { role: 'sales', sales: true });
    const asSales = await callRoute(t, consolePage.action, {
      url: '/appointments',
      userId: sales.id,
      form: { intent: 'hours', member: user.id, timeZone: 'Europe/Berlin', slotMinutes: '30', bufferMinutes: '0' },
    });
    // a sales member edits only their own hours: the posted member is ignored, the owner's hours stay
    expect(asSales.status).toBe(302);
    const owner = await t.app.db('appointment_settings').where({ organization_id: org.id, user_id: user.id }).first();
    expect(owner.weekly_hours).toHaveLength(7);
  });
});

describe('public booking pages (no JavaScript)', () => {
  it("the organisation's and the contact person's pages list days with free slots; unknown ones are 404", async () => {
    const { org, user } = await contactPerson();
    const whole = await openBooking(org.slug, undefined);
    expect(whole.status).toBe(200);
    expect((whole.data as BookingData).days.length).toBeGreaterThan(0);
    const own = await openBooking(org.slug, user.id);
    const data = own.data as BookingData;
    expect(data.day!.slots.length).toBeGreaterThan(0);
    expect(data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.prefill).toEqual({ name: '', email: '' });

    expect((await openBooking('gibt-es-nicht', undefined)).status).toBe(404);
    expect((await openBooking(org.slug, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const without = await memberOf(Package.BASIC & ~Feature.appointment);
    expect((await openBooking(without.org.slug, undefined)).status).toBe(404);
  });

  it('a booking page for logged-in users sends an anonymous visitor to the login and back; a logged-in one books', async () => {
    const { org, user } = await contactPerson();
    await setBookingAccess(await t.serviceContext(user.id), { permissionType: 'LOGGED_IN' });
    const url = bookingUrl(org.slug, user.id);
    expect(await openBooking(org.slug, user.id)).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(url)}` });
    expect(await openBooking(org.slug, undefined)).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(bookingUrl(org.slug, undefined))}` });
    const posted = await book(org.slug, user.id, { slotId: '00000000-0000-4000-8000-000000000000' });
    expect(posted).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(url)}` });
    const visitor = await createUser(t.app.db, {});
    expect((await openBooking(org.slug, user.id, visitor.id)).status).toBe(200);
    // an unknown organisation stays a 404 for anonymous visitors (nothing to log in for)
    expect((await openBooking('gibt-es-auch-nicht', undefined)).status).toBe(404);
  });

  it('a logged-in visitor finds the form prefilled', async () => {
    const { org, user } = await contactPerson();
    const visitor = await createUser(t.app.db, { first_name: 'Victor', last_name: 'Besucher', email: `victor-${Date.now()}@example.com` });
    const data = (await openBooking(org.slug, user.id, visitor.id)).data as BookingData;
    expect(data.prefill).toEqual({ name: 'Victor Besucher', email: visitor.email });
  });

  it('books once: the double submit with the same key gets the same meeting; the loser sees the next free slots', async () => {
    const { org, user } = await contactPerson();
    const data = (await openBooking(org.slug, user.id)).data as BookingData;
    const slot = data.day!.slots[0]!;
    const first = await book(org.slug, user.id, { slotId: slot.id, idempotencyKey: data.idempotencyKey, note: 'Zu Ihrem Angebot' });
    expect(first.status).toBe(302);
    expect(first.location).toMatch(/^\/meeting\/[\w-]+\?token=[\w-]+$/);
    const again = await book(org.slug, user.id, { slotId: slot.id, idempotencyKey: data.idempotencyKey, note: 'Zu Ihrem Angebot' });
    expect(again.location).toBe(first.location);
    expect(await t.app.db('appointment_slots').where({ id: slot.id }).first()).toMatchObject({ status: 'BOOKED', booker_email: 'eva@example.com' });

    const loser = await book(org.slug, user.id, { slotId: slot.id, idempotencyKey: crypto.randomUUID(), name: 'Otto Later', email: 'otto@example.com' });
    expect(loser.status).toBe(409);
    const conflict = loser.data as { conflict: { nextFree: { id: string }[] }; values: { name: string }; idempotencyKey: string };
    expect(conflict.conflict.nextFree.length).toBeGreaterThan(0);
    expect(conflict.conflict.nextFree.map((s) => s.id)).not.toContain(slot.id);
    expect(conflict.values.name).toBe('Otto Later');
    expect(conflict.idempotencyKey).not.toBe(data.idempotencyKey);
  });

  it('"all booked" when nothing is left: the loser gets an empty list', async () => {
    const { org, user } = await memberOf(Package.BASIC);
    const ctx = await t.serviceContext(user.id);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const weekday = ((tomorrow.getUTCDay() + 6) % 7) + 1;
    // the same weekday in the following weeks is off: one slot in all
    const datesOff = [1, 2, 3, 4].map((weeks) => new Date(tomorrow.getTime() + weeks * 7 * 86_400_000).toISOString().slice(0, 10));
    await saveSettings(ctx, { organizationId: org.id, timeZone: 'UTC', slotMinutes: 30, bufferMinutes: 0, weeklyHours: [{ weekday, start: '10:00', end: '10:30' }], datesOff });
    const data = (await openBooking(org.slug, user.id)).data as BookingData;
    const only = data.day!.slots;
    expect(only).toHaveLength(1);
    expect((await book(org.slug, user.id, { slotId: only[0]!.id, idempotencyKey: data.idempotencyKey })).status).toBe(302);
    const loser = await book(org.slug, user.id, { slotId: only[0]!.id, idempotencyKey: crypto.randomUUID() });
    expect(loser.status).toBe(409);
    expect((loser.data as { conflict: { nextFree: unknown[] } }).conflict.nextFree).toEqual([]);
    expect((await openBooking(org.slug, user.id)).data).toMatchObject({ days: [], day: null });
  });

  it('bad input is a field error in the language of the page, never a 500', async () => {
    const { org, user } = await contactPerson();
    const data = (await openBooking(org.slug, user.id)).data as BookingData;
    const bad = await book(org.slug, user.id, { slotId: data.day!.slots[0]!.id, idempotencyKey: data.idempotencyKey, email: 'keine-adresse' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('valid e-mail');
    const unknown = await book(org.slug, user.id, { slotId: '00000000-0000-4000-8000-000000000000', idempotencyKey: data.idempotencyKey });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.data)).toContain('slotId');
  });
});

describe('/meeting/{meeting}', () => {
  async function booked(options: { jitsi?: boolean; userId?: string | null } = {}) {
    const { org, user } = await contactPerson(options);
    const data = (await openBooking(org.slug, user.id, options.userId ?? null)).data as BookingData;
    const done = await book(org.slug, user.id, { slotId: data.day!.slots[0]!.id, idempotencyKey: data.idempotencyKey }, options.userId ?? null);
    const url = new URL(done.location!, 'http://localhost');
    const slug = url.pathname.split('/')[2]!;
    return { org, user, slug, token: url.searchParams.get('token')!, slotId: data.day!.slots[0]!.id };
  }

  it('shows who and when with the Jitsi link, offers the .ics; the mail token cancels and frees the slot', async () => {
    const { slug, token, slotId } = await booked();
    const page = await callRoute(t, meetingPage.loader, { url: `/meeting/${slug}?token=${token}`, params: { meeting: slug } });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: 'UPCOMING', booker: 'Eva Muster', contactPerson: { name: 'Anna Berger' }, mayCancel: true, timeZone: 'Europe/Berlin' });
    expect((page.data as { joinUrl: string }).joinUrl).toMatch(/^https:\/\//);

    const ics = asResponse(await meetingIcs.loader({ request: new Request(`http://localhost/meeting/${slug}/ics`), context: await loadAnonymous(), params: { meeting: slug } }));
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    expect(await ics.text()).toContain('BEGIN:VEVENT');

    // without the token an anonymous visitor sees no cancel button, and a forged token is refused
    const anonymous = await callRoute(t, meetingPage.loader, { url: `/meeting/${slug}`, params: { meeting: slug } });
    expect(anonymous.data).toMatchObject({ mayCancel: false });
    const forged = await callRoute(t, meetingPage.action, { url: `/meeting/${slug}`, params: { meeting: slug }, form: { intent: 'cancel', token: 'falsch' } });
    expect(forged.status).toBe(400);

    const cancelled = await callRoute(t, meetingPage.action, { url: `/meeting/${slug}`, params: { meeting: slug }, form: { intent: 'cancel', token } });
    expect(cancelled).toMatchObject({ status: 302, location: `/meeting/${slug}` });
    expect(await t.app.db('appointment_slots').where({ id: slotId }).first()).toMatchObject({ status: 'AVAILABLE', booker_email: null });
    const after = await callRoute(t, meetingPage.loader, { url: `/meeting/${slug}`, params: { meeting: slug } });
    expect(after.data).toMatchObject({ state: 'CANCELLED', joinUrl: null, mayCancel: false });
    // cancelling again: SLOT_NOT_BOOKED, said on the page
    const twice = await callRoute(t, meetingPage.action, { url: `/meeting/${slug}`, params: { meeting: slug }, form: { intent: 'cancel', token } });
    expect(twice.status).toBe(400);
  });

  it('the custom message instead of a link; an unknown meeting is a 404', async () => {
    const { slug } = await booked({ jitsi: false });
    const page = await callRoute(t, meetingPage.loader, { url: `/meeting/${slug}`, params: { meeting: slug } });
    expect(page.data).toMatchObject({ joinUrl: null, message: 'Wir treffen uns an Stand B12.' });
    expect((await callRoute(t, meetingPage.loader, { url: '/meeting/gibt-es-nicht-1234', params: { meeting: 'gibt-es-nicht-1234' } })).status).toBe(404);
  });

  it("the visitor's hub lists the logged-in booker's booking and cancels it; anonymous visitors go to the login", async () => {
    const visitor = await createUser(t.app.db, { first_name: 'Victor', last_name: 'Besucher' });
    const { slotId, org } = await booked({ userId: visitor.id });
    const anonymous = await callRoute(t, hubPage.loader, { url: '/hub' });
    expect(anonymous).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent('/hub')}` });
    const hub = await callRoute(t, hubPage.loader, { url: '/hub', userId: visitor.id });
    const data = hub.data as { bookings: { id: string }[]; contacts: { name: string; bookingLink: string }[] };
    expect(data.bookings.map((b) => b.id)).toEqual([slotId]);
    expect(data.contacts).toEqual([expect.objectContaining({ name: 'Anna Berger', bookingLink: expect.stringContaining(`/book/${org.slug}/`) })]);

    // another visitor cannot cancel it from their hub
    const other = await createUser(t.app.db);
    const refused = await callRoute(t, hubPage.action, { url: '/hub', userId: other.id, form: { intent: 'cancel', id: slotId } });
    expect(refused.toast).toMatchObject({ type: 'error' });
    expect(await t.app.db('appointment_slots').where({ id: slotId }).first()).toMatchObject({ status: 'BOOKED' });

    const cancelled = await callRoute(t, hubPage.action, { url: '/hub', userId: visitor.id, form: { intent: 'cancel', id: slotId } });
    expect(cancelled).toMatchObject({ status: 302, location: '/hub', toast: { type: 'success', key: 'appointments:hub.cancelled' } });
    expect(await t.app.db('appointment_slots').where({ id: slotId }).first()).toMatchObject({ status: 'AVAILABLE' });
  });
});

describe('the ways to the booking pages', () => {
  it("a lead's information page links to the booking page with the lead (prefilled) and to the hub; the lead's visitor finds the contact person in the hub", async () => {
    const { org, user } = await contactPerson();
    const visitor = await createUser(t.app.db, { first_name: 'Lena', last_name: 'Lead' });
    const lead = await createLead(t.app.db, { organization_id: org.id, contact_id: user.id, user_id: visitor.id, name: 'Lena Lead', email: 'lena@example.com' });
    const info = await callRoute(t, leadInfo.loader, { url: `/information-collection/${lead.slug}`, params: { leadslug: lead.slug } });
    expect((info.data as { bookingLink: string }).bookingLink).toBe(`/book/${org.slug}?lead=${encodeURIComponent(lead.slug)}`);
    const prefilled = await callRoute(t, orgBooking.loader, { url: `/book/${org.slug}?lead=${encodeURIComponent(lead.slug)}`, params: { orgslug: org.slug } });
    expect((prefilled.data as BookingData).prefill).toEqual({ name: 'Lena Lead', email: 'lena@example.com' });

    const hub = (await callRoute(t, hubPage.loader, { url: '/hub', userId: visitor.id })).data as { contacts: { name: string; organizationName: string; bookingLink: string }[] };
    expect(hub.contacts).toEqual([{ name: 'Anna Berger', organizationName: org.name, bookingLink: `/book/${org.slug}/${user.id}?lead=${encodeURIComponent(lead.slug)}` }]);
    // another visitor sees nothing of it
    const other = await createUser(t.app.db);
    expect(((await callRoute(t, hubPage.loader, { url: '/hub', userId: other.id })).data as { contacts: unknown[] }).contacts).toEqual([]);
  });

  it("a stand (and so the in-house fair's stand) links to its organisation's booking page, where it has the feature", async () => {
    const { org } = await contactPerson();
    const stand = await createStand(t.app.db, { organization_id: org.id });
    const ctx = await t.serviceContext(null);
    expect((await loadPreview(ctx, stand, 'EN')).stand.bookingPath).toBe(`/book/${org.slug}`);
    const without = await createStand(t.app.db, { organization_id: (await createOrganization(t.app.db, { suites: Package.EVENT & ~Feature.appointment })).id });
    expect((await loadPreview(ctx, without, 'EN')).stand.bookingPath).toBeNull();
  });

  it('an organisation without the appointment feature gets no booking link on the lead page', async () => {
    const org = await createOrganization(t.app.db, { suites: Package.SALES & ~Feature.appointment });
    const lead = await createLead(t.app.db, { organization_id: org.id });
    const info = await callRoute(t, leadInfo.loader, { url: `/information-collection/${lead.slug}`, params: { leadslug: lead.slug } });
    expect((info.data as { bookingLink: string | null }).bookingLink).toBeNull();
  });
});

describe('demo seed', () => {
  it('two contact persons with two weeks of slots, some booked, both confirmation types; the visitor sees his booking', async () => {
    const { org, user: anna } = await memberOf(Package.BASIC);
    const sven = await createUser(t.app.db, { first_name: 'Sven', last_name: 'Vertrieb' });
    await addMember(t.app.db, org.id, sven.id, { role: 'sales', sales: true });
    const victor = await createUser(t.app.db, { first_name: 'Victor', last_name: 'Besucher', email: `victor-seed-${Date.now()}@example.com` });
    await seedAppointments(t.app.db, { organizationId: org.id, contactPersons: { jitsi: anna.id, message: sven.id }, visitorEmail: victor.email });

    const settings = await t.app.db('appointment_settings').where({ organization_id: org.id }).orderBy('confirmation_type');
    expect(settings.map((row) => row.confirmation_type)).toEqual(['CUSTOM_MESSAGE', 'JITSI_LINK']);
    const slots = await t.app.db('appointment_slots').where({ organization_id: org.id });
    const days = new Set(slots.map((slot) => new Date(slot.start_at).toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(7);
    const last = Math.max(...slots.map((slot) => new Date(slot.start_at).getTime()));
    expect(last - Date.now()).toBeLessThan(15 * 86_400_000);
    const booked = slots.filter((slot) => slot.status === 'BOOKED');
    expect(booked.length).toBeGreaterThan(3);
    expect(booked.length).toBeLessThan(slots.length / 2);
    expect(await t.app.db('appointment_bookings').where({ organization_id: org.id }).count('* as n').first()).toMatchObject({ n: booked.length });

    const hub = (await callRoute(t, hubPage.loader, { url: '/hub', userId: victor.id })).data as { bookings: { meetingSlug: string }[] };
    expect(hub.bookings).toHaveLength(1);
    const meeting = await callRoute(t, meetingPage.loader, { url: `/meeting/${hub.bookings[0]!.meetingSlug}`, params: { meeting: hub.bookings[0]!.meetingSlug } });
    expect(meeting.data).toMatchObject({ state: 'UPCOMING', joinUrl: expect.stringMatching(/^https:\/\/meet\.jit\.si\//) });
    expect(((await openBooking(org.slug, undefined)).data as BookingData).days.length).toBeGreaterThan(3);
  });
});

async function loadAnonymous() {
  const { loadContext } = await import('../helpers/routes');
  return loadContext(t, new Request('http://localhost/'));
}
