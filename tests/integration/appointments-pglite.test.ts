import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppointmentSlot } from '#db/models/index';
import { bookSlot, cancelBooking, SlotAlreadyBookedError } from '~/server/services/appointments';
import { createAppointmentSlot } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * The embedded database (PGlite, used without DATABASE_URL) runs migration 0026 with btree_gist too: the exclusion
 * constraint refuses overlapping BOOKED slots of one contact person, and the conditional UPDATE books a slot once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: 'pglite' });
});
afterAll(async () => {
  await t.close();
});

describe('appointments on PGlite', () => {
  it('books once, refuses an overlapping booking of the same contact person, frees the slot on cancel', async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(9, 0, 0, 0);
    const a = await createAppointmentSlot(t.app.db, { start_at: start });
    const b = await createAppointmentSlot(t.app.db, { organization_id: a.organization_id, user_id: a.user_id, start_at: new Date(start.getTime() + 600_000) });
    const booked = await bookSlot(await t.serviceContext(null), { slotId: a.id, name: 'A', email: 'a@test.example', language: 'DE' });
    await expect(bookSlot(await t.serviceContext(null), { slotId: a.id, name: 'B', email: 'b@test.example', language: 'DE' })).rejects.toBeInstanceOf(SlotAlreadyBookedError);
    await expect(bookSlot(await t.serviceContext(null), { slotId: b.id, name: 'B', email: 'b@test.example', language: 'DE' })).rejects.toBeInstanceOf(SlotAlreadyBookedError);
    expect((await AppointmentSlot.query(t.app.db).findById(b.id))?.status).toBe('AVAILABLE');
    await cancelBooking(await t.serviceContext(null), { meetingSlug: booked.meetingSlug, cancelToken: booked.cancelToken });
    const second = await bookSlot(await t.serviceContext(null), { slotId: b.id, name: 'B', email: 'b@test.example', language: 'DE' });
    expect(second.slot.status).toBe('BOOKED');
  });
});
