import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as consolePage from '~/routes/_console.appointments/route';
import * as personBooking from '~/routes/book.$orgslug.$person';
import { addMember, createAppointmentSettings, createAppointmentSlot, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

/**
 * The console's booking access switch and single slots by hand (issue 27), as plain form posts (no JavaScript): an
 * admin decides who may book (PUBLIC / LOGGED_IN), a contact person adds a slot in their own zone or blocks one; a
 * booked slot is never changed; who may not.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function world() {
  const org = await createOrganization(t.app.db, { suites: Package.BASIC });
  const admin = await createUser(t.app.db, { default_language: 'EN', first_name: 'Anna', last_name: 'Berger' });
  await addMember(t.app.db, org.id, admin.id, { isOwner: true });
  const member = await createUser(t.app.db, { default_language: 'EN', first_name: 'Max', last_name: 'Muster' });
  await addMember(t.app.db, org.id, member.id, { role: 'sales' });
  return { org, admin, member };
}

const post = (userId: string | null, form: Record<string, string>) => callRoute(t, consolePage.action, { url: '/appointments', userId, form });
const page = async (userId: string) => (await callRoute(t, consolePage.loader, { url: '/appointments', userId })).data as { access: { value: string; mayChange: boolean } };

/** A calendar day `days` from now (UTC), as the date field sends it. */
const meetingSuffix = () => Math.random().toString(36).slice(2, 14);

const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('who may book (booking access switch)', () => {
  it('an admin switches the booking pages to logged-in users and back, with a toast; anonymous visitors are then sent to the login', async () => {
    const { org, admin } = await world();
    await createAppointmentSettings(t.app.db, { organization_id: org.id, user_id: admin.id });
    expect(await page(admin.id)).toMatchObject({ access: { value: 'PUBLIC', mayChange: true } });

    const saved = await post(admin.id, { intent: 'access', access: 'LOGGED_IN' });
    expect(saved).toMatchObject({ status: 302, location: '/appointments', toast: { type: 'success', key: 'appointments:console.accessLoggedInSaved' } });
    expect(await page(admin.id)).toMatchObject({ access: { value: 'LOGGED_IN' } });
    const anonymous = await callRoute(t, personBooking.loader, { url: `/book/${org.slug}/${admin.id}`, params: { orgslug: org.slug, person: admin.id }, userId: null });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login\?next=/);

    const back = await post(admin.id, { intent: 'access', access: 'PUBLIC' });
    expect(back).toMatchObject({ status: 302, toast: { key: 'appointments:console.accessPublicSaved' } });
    const open = await callRoute(t, personBooking.loader, { url: `/book/${org.slug}/${admin.id}`, params: { orgslug: org.slug, person: admin.id }, userId: null });
    expect(open.status).toBe(200);
  });

  it('a sales member (no appointment feature in that role) neither sees nor changes it; a bad value is a 400', async () => {
    const { org, admin, member } = await world();
    const view = await callRoute(t, consolePage.loader, { url: '/appointments', userId: member.id });
    expect(view).toMatchObject({ status: 302, location: '/missing-feature/appointment' });
    const refused = await post(member.id, { intent: 'access', access: 'LOGGED_IN' });
    expect(refused).toMatchObject({ status: 302, location: '/missing-feature/appointment' });
    expect(await t.app.db('appointment_booking_pages').where({ organization_id: org.id }).first()).toBeUndefined();
    const bad = await post(admin.id, { intent: 'access', access: 'TOKEN' });
    expect(bad.status).toBe(400);
    expect(await t.app.db('appointment_booking_pages').where({ organization_id: org.id }).first()).toBeUndefined();
  });

  it("another organisation's admin changes only their own organisation; anonymous is sent to the login", async () => {
    const { org } = await world();
    const other = await world();
    await post(other.admin.id, { intent: 'access', access: 'LOGGED_IN' });
    expect(await t.app.db('appointment_booking_pages').where({ organization_id: org.id }).first()).toBeUndefined();
    expect(await t.app.db('appointment_booking_pages').where({ organization_id: other.org.id }).first('permission_type')).toEqual({ permission_type: 'LOGGED_IN' });
    const anonymous = await post(null, { intent: 'access', access: 'LOGGED_IN' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login\?next=/);
  });
});

describe('single slots by hand', () => {
  it("adds a slot in the contact person's own zone (kept when the hours change) and a blocked one; overlaps and the past are field errors", async () => {
    const { org, admin } = await world();
    await createAppointmentSettings(t.app.db, { organization_id: org.id, user_id: admin.id, time_zone: 'America/New_York' });
    const date = dayIn(3);
    const added = await post(admin.id, { intent: 'addSlot', date, start: '09:00', end: '09:45', status: 'AVAILABLE' });
    expect(added).toMatchObject({ status: 302, toast: { type: 'success', key: 'appointments:console.slotAdded' } });
    expect(added.location).toMatch(/^\/appointments\?week=\d{4}-\d{2}-\d{2}$/);
    const slot = await t.app.db('appointment_slots').where({ organization_id: org.id, user_id: admin.id }).first();
    // 09:00 in New York is 13:00 or 14:00 UTC depending on daylight-saving time, never 09:00 UTC
    const start = new Date(slot.start_at);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start)).toBe('09:00');
    expect(new Date(slot.end_at).getTime() - start.getTime()).toBe(45 * 60_000);
    expect(slot).toMatchObject({ status: 'AVAILABLE', manual: true });

    const blocked = await post(admin.id, { intent: 'addSlot', date, start: '10:00', end: '10:30', status: 'UNAVAILABLE' });
    expect(blocked).toMatchObject({ status: 302, toast: { key: 'appointments:console.blockedSlotAdded' } });

    const overlap = await post(admin.id, { intent: 'addSlot', date, start: '09:30', end: '10:15', status: 'AVAILABLE' });
    expect(overlap.status).toBe(400);
    expect(JSON.stringify(overlap.data)).toContain('This slot overlaps another of your slots.');
    const past = await post(admin.id, { intent: 'addSlot', date: dayIn(-2), start: '09:00', end: '10:00', status: 'AVAILABLE' });
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.data)).toContain('This time has already passed');
    const backwards = await post(admin.id, { intent: 'addSlot', date, start: '11:00', end: '10:00', status: 'AVAILABLE' });
    expect(backwards.status).toBe(400);
    expect(await t.app.db('appointment_slots').where({ organization_id: org.id }).count('* as n').first()).toMatchObject({ n: 2 });

    // saving the hours regenerates the generated slots only: both hand-made ones stay
    const hours = await post(admin.id, { intent: 'hours', timeZone: 'America/New_York', slotMinutes: '30', bufferMinutes: '0', start1: '08:00', end1: '12:00' });
    expect(hours.status).toBe(302);
    const manual = await t.app.db('appointment_slots').where({ organization_id: org.id, manual: true }).orderBy('start_at').pluck('status');
    expect(manual).toEqual(['AVAILABLE', 'UNAVAILABLE']);
  });

  it('blocks a free slot and frees it again; a booked slot is never changed by hand', async () => {
    const { org, admin } = await world();
    const start = new Date(Date.now() + 2 * 86_400_000);
    const free = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: admin.id, start_at: start, end_at: new Date(start.getTime() + 1_800_000) });
    const form = (id: string, status: string, from: Date) => ({ intent: 'slot', id, start: from.toISOString(), end: new Date(from.getTime() + 1_800_000).toISOString(), status });
    expect(await post(admin.id, form(free.id, 'UNAVAILABLE', start))).toMatchObject({ status: 302, toast: { type: 'success', key: 'appointments:console.slotBlocked' } });
    expect(await t.app.db('appointment_slots').where({ id: free.id }).first('status', 'manual')).toEqual({ status: 'UNAVAILABLE', manual: true });
    expect(await post(admin.id, form(free.id, 'AVAILABLE', start))).toMatchObject({ status: 302, toast: { key: 'appointments:console.slotFreed' } });

    const later = new Date(`${dayIn(3)}T10:00:00Z`);
    const booked = await createAppointmentSlot(t.app.db, {
      organization_id: org.id,
      user_id: admin.id,
      start_at: later,
      end_at: new Date(later.getTime() + 1_800_000),
      status: 'BOOKED',
      booker_name: 'Eva Muster',
      booker_email: 'eva@example.com',
      meeting_slug: `m-${meetingSuffix()}`,
      booked_at: new Date(),
    });
    const refused = await post(admin.id, form(booked.id, 'UNAVAILABLE', later));
    expect(refused).toMatchObject({ status: 302, toast: { type: 'error', key: 'errors:raw', values: { message: 'This slot is booked. Cancel the booking before changing it.' } } });
    expect(await t.app.db('appointment_slots').where({ id: booked.id }).first('status', 'booker_name')).toEqual({ status: 'BOOKED', booker_name: 'Eva Muster' });
    // a slot added by hand over the booked one is refused too (the contact person's zone is UTC here)
    await t.app.db('appointment_settings').where({ organization_id: org.id, user_id: admin.id }).update({ time_zone: 'UTC' });
    const over = await post(admin.id, { intent: 'addSlot', date: dayIn(3), start: '10:15', end: '10:45', status: 'AVAILABLE' });
    expect(over.status).toBe(400);
    expect(await t.app.db('appointment_slots').where({ id: booked.id }).first('status', 'booker_name')).toEqual({ status: 'BOOKED', booker_name: 'Eva Muster' });
  });

  it("a sales member may not add slots; another organisation's admin cannot touch this organisation's slots", async () => {
    const { org, admin, member } = await world();
    const asMember = await post(member.id, { intent: 'addSlot', date: dayIn(4), start: '09:00', end: '09:30', status: 'AVAILABLE' });
    expect(asMember).toMatchObject({ status: 302, location: '/missing-feature/appointment' });
    expect(await t.app.db('appointment_slots').where({ organization_id: org.id }).count('* as n').first()).toMatchObject({ n: 0 });

    const start = new Date(Date.now() + 5 * 86_400_000);
    const slot = await createAppointmentSlot(t.app.db, { organization_id: org.id, user_id: admin.id, start_at: start, end_at: new Date(start.getTime() + 1_800_000) });
    const stranger = await world();
    const foreign = await post(stranger.admin.id, { intent: 'slot', id: slot.id, start: start.toISOString(), end: new Date(start.getTime() + 1_800_000).toISOString(), status: 'UNAVAILABLE' });
    expect(foreign).toMatchObject({ status: 302, toast: { type: 'error' } });
    expect(await t.app.db('appointment_slots').where({ id: slot.id }).first('status')).toEqual({ status: 'AVAILABLE' });
    const foreignAdd = await post(stranger.admin.id, { intent: 'addSlot', member: admin.id, date: dayIn(6), start: '09:00', end: '09:30', status: 'AVAILABLE' });
    expect(foreignAdd.status).toBe(404);
    expect(await t.app.db('appointment_slots').where({ organization_id: org.id, user_id: admin.id }).count('* as n').first()).toMatchObject({ n: 1 });
  });
});
