import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { slotsFromHours } from '~/server/services/appointments';
import { createAppointmentBooking, createAppointmentSettings, createAppointmentSlot } from '../../../tests/fixtures/factories';

/**
 * Appointments (issue 27): the demo's two contact persons offer two weeks of slots from today, some of them booked.
 * Anna confirms with a video-meeting link (Jitsi), Sven with his own message; the demo visitor Victor has booked one
 * of Anna's slots (his hub and the meeting page show it). Deterministic choice of booked slots, random meeting slugs.
 */

const BOOKERS = [
  ['Julia Becker', 'julia.becker@nordlicht.example', 'DE', 'Europe/Berlin', 'Angebot für die Förderanlage besprechen'],
  ['Sarah Wilson', 'sarah.wilson@blueocean.example', 'EN', 'Europe/London', 'Follow-up from the fair'],
  ['David Chen', 'david.chen@pacific.example', 'EN', 'America/New_York', 'Pricing for 500 units'],
  ['Thomas Krüger', 't.krueger@praezision-sued.example', 'DE', 'Europe/Berlin', ''],
  ['Emma Johansson', 'emma@nordic-automation.example', 'EN', 'Europe/Stockholm', 'Demo of the control unit'],
] as const;

export async function seedAppointments(
  trx: Knex,
  { organizationId, contactPersons, visitorEmail }: { organizationId: string; contactPersons: { jitsi: string; message: string }; visitorEmail: string },
): Promise<void> {
  const people = [
    { userId: contactPersons.jitsi, jitsi: true, hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '12:00' })) },
    { userId: contactPersons.message, jitsi: false, hours: [1, 2, 3, 4].map((weekday) => ({ weekday, start: '14:00', end: '17:00' })) },
  ];
  const visitor = await trx('users').where({ email: visitorEmail }).first('id', 'first_name', 'last_name', 'email');
  let booked = 0;
  for (const person of people) {
    const settings = await createAppointmentSettings(trx, {
      organization_id: organizationId,
      user_id: person.userId,
      time_zone: 'Europe/Berlin',
      slot_minutes: 30,
      buffer_minutes: person.jitsi ? 0 : 15,
      weekly_hours: person.hours,
      confirmation_type: person.jitsi ? 'JITSI_LINK' : 'CUSTOM_MESSAGE',
      confirmation_message: person.jitsi ? null : 'Ich rufe Sie zur gebuchten Zeit unter der angegebenen Nummer an. / I will call you at the booked time.',
    });
    const times = slotsFromHours(
      { timeZone: settings.time_zone, slotMinutes: settings.slot_minutes, bufferMinutes: settings.buffer_minutes, weeklyHours: settings.weekly_hours, datesOff: [] },
      new Date(),
      14,
    ).filter((slot) => slot.start.getTime() > Date.now());
    for (const [index, time] of times.entries()) {
      // every fourth slot is booked; Victor holds Anna's second
      const victor = person.jitsi && index === 1;
      const bookedHere = victor || index % 4 === 3;
      if (!bookedHere) {
        await createAppointmentSlot(trx, { organization_id: organizationId, user_id: person.userId, start_at: time.start, end_at: time.end, manual: false });
        continue;
      }
      const [name, email, language, timeZone, note] = victor
        ? [`${visitor.first_name} ${visitor.last_name}`, visitor.email, 'DE', 'Europe/Berlin', 'Rückfragen zum Messestand']
        : BOOKERS[booked % BOOKERS.length]!;
      booked += 1;
      const meetingSlug = crypto.randomBytes(16).toString('base64url');
      const slot = await createAppointmentSlot(trx, {
        organization_id: organizationId,
        user_id: person.userId,
        start_at: time.start,
        end_at: time.end,
        manual: false,
        status: 'BOOKED',
        booker_user_id: victor ? visitor.id : null,
        booker_name: name,
        booker_email: email,
        booker_language: language as 'DE' | 'EN',
        booker_time_zone: timeZone,
        booker_note: note || null,
        booked_at: new Date(),
        meeting_slug: meetingSlug,
        meeting_url: person.jitsi ? `https://meet.jit.si/demo-messe-${meetingSlug}` : null,
        confirmation_message: settings.confirmation_message,
        idempotency_key: crypto.randomUUID(),
      });
      await createAppointmentBooking(trx, { slot_id: slot.id, meeting_slug: meetingSlug, booker_user_id: slot.booker_user_id, booker_email: email });
    }
  }
}
