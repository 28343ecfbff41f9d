import { data } from '@remix-run/node';
import { bookingPath } from '~/lib/appointments/paths';
import { invariantResponse } from '~/lib/route-kit';
import type { RequestContext } from '~/server/request-context.server';
import { intentOf, listAction, orNotFound, submitForm } from '~/server/route-kit.server';
import { readForm } from '~/server/posted-form.server';
import * as appointments from '~/server/services/appointments';
import type { BookingMailState } from '~/server/services/appointments';
import { publicBaseUrl } from '~/server/services/accounts/common';
import { membersOf } from '~/server/services/organizations/members';
import { redirectWithToast } from '~/server/toast.server';
import { AddSlotForm, AppointmentIntents, BookingAccessForm, CancelBookingForm, ConfirmationForm, DayOffForm, HERE, HoursForm, RemoveDayOffForm, SlotStatusForm, weeklyHoursOf } from './forms';

const DAY = 24 * 3600_000;
const iso = (value: Date | string) => new Date(value).toISOString();

/** Monday 00:00 UTC of the week `?week=YYYY-MM-DD` lies in (this week without it). */
export function weekStart(param: string | null, now = new Date()): Date {
  const asked = param && /^\d{4}-\d{2}-\d{2}$/.test(param) ? new Date(`${param}T00:00:00Z`) : now;
  const base = Number.isNaN(asked.getTime()) ? now : asked;
  const monday = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday;
}

const ymd = (date: Date) => date.toISOString().slice(0, 10);

/** The member whose hours the page edits: `?member=` for admins (any member), else oneself. */
function memberOf(context: RequestContext, asked: string | null | undefined): string {
  const viewer = context.service.viewer!;
  return viewer.role === 'admin' && asked ? asked : viewer.userId;
}

/**
 * /appointments: the week's slots (one's own; an admin sees all members' or one member's by `?member=`), the hours,
 * dates off and confirmation type of the edited member, the upcoming bookings with their mails' delivery, and the
 * booking-page links to copy.
 */
export async function appointmentsData(context: RequestContext, request: Request) {
  const ctx = context.service;
  const viewer = ctx.viewer;
  invariantResponse(viewer?.organization);
  const organizationId = viewer.organization.id;
  const url = new URL(request.url);
  const isAdmin = viewer.role === 'admin';
  const filter = url.searchParams.get('member');
  const everyone = isAdmin && filter === 'all';
  const member = memberOf(context, everyone ? null : filter);
  const from = weekStart(url.searchParams.get('week'));
  const to = new Date(from.getTime() + 7 * DAY);
  const now = new Date();
  const [access, members, settings, week, upcoming] = await orNotFound(
    Promise.all([
    appointments.bookingAccess(ctx, organizationId),
    isAdmin ? membersOf(ctx, organizationId) : Promise.resolve([]),
    appointments.getSettings(ctx, { organizationId, userId: member }),
    appointments.listSlots(ctx, { organizationId, userId: everyone ? undefined : member, from, to }),
    appointments.listSlots(ctx, { organizationId, userId: everyone ? undefined : member, from: now, to: new Date(now.getTime() + 8 * 7 * DAY) }),
    ]),
  );
  const bookings = upcoming.filter((slot) => slot.status === 'BOOKED');
  const delivery = bookings.length ? await appointments.deliveryOfBookings(ctx, bookings.map((b) => b.id)) : new Map<string, BookingMailState[]>();
  const nameOf = new Map(members.map((m) => [m.user_id, `${m.first_name} ${m.last_name}`.trim() || m.email]));
  const origin = publicBaseUrl(ctx.app.env).origin;
  return {
    isAdmin,
    // who may book the organisation's slots, and whether this viewer may change it (the service's policy)
    access: { value: access, mayChange: appointments.mayChangeBookingAccess(viewer, organizationId) },
    member,
    everyone,
    members: members.map((m) => ({ id: m.user_id, name: nameOf.get(m.user_id)! })),
    week: { start: ymd(from), previous: ymd(new Date(from.getTime() - 7 * DAY)), next: ymd(new Date(from.getTime() + 7 * DAY)) },
    settings: {
      timeZone: settings.time_zone,
      slotMinutes: settings.slot_minutes,
      bufferMinutes: settings.buffer_minutes,
      weeklyHours: settings.weekly_hours ?? [],
      datesOff: settings.dates_off ?? [],
      confirmationType: settings.confirmation_type,
      confirmationMessage: settings.confirmation_message ?? '',
    },
    slots: week.map((slot) => ({ id: slot.id, userId: slot.user_id, start: iso(slot.start_at), end: iso(slot.end_at), status: slot.status, person: nameOf.get(slot.user_id) ?? null, booker: slot.booker_name })),
    bookings: bookings.map((slot) => ({
      id: slot.id,
      start: iso(slot.start_at),
      end: iso(slot.end_at),
      person: nameOf.get(slot.user_id) ?? null,
      booker: slot.booker_name ?? '',
      email: slot.booker_email ?? '',
      note: slot.booker_note ?? '',
      meetingSlug: slot.meeting_slug,
      // the mails of the current booking (earlier, cancelled bookings of the slot have other meeting slugs)
      mails: (delivery.get(slot.id) ?? []).filter((mail) => mail.meetingSlug === slot.meeting_slug).map((mail) => ({ method: mail.method, recipient: mail.recipient, to: mail.to, status: mail.status })),
    })),
    links: {
      own: `${origin}${bookingPath(viewer.organization.slug, member)}`,
      organization: `${origin}${bookingPath(viewer.organization.slug)}`,
    },
    language: context.language,
  };
}

/** Where the page goes back to after a form: the same member's view. */
const back = (member: string | undefined) => (member ? `${HERE}?member=${encodeURIComponent(member)}` : HERE);

/** The page's forms: hours, a date off added or removed, the confirmation type, cancelling a booking, a slot's status. */
export async function appointmentsAction(context: RequestContext, request: Request) {
  const ctx = context.service;
  const organizationId = ctx.viewer!.organization!.id;
  const formData = await readForm(request);
  const { intent } = intentOf(formData, AppointmentIntents);
  const member = (value: { member?: string }) => memberOf(context, value.member);
  const current = (userId: string) => appointments.getSettings(ctx, { organizationId, userId });
  const saveWith = async (userId: string, change: Partial<{ datesOff: string[] }>) => {
    const settings = await current(userId);
    return appointments.saveSettings(ctx, {
      organizationId,
      userId,
      timeZone: settings.time_zone,
      slotMinutes: settings.slot_minutes,
      bufferMinutes: settings.buffer_minutes,
      weeklyHours: settings.weekly_hours,
      datesOff: change.datesOff ?? settings.dates_off,
    });
  };
  switch (intent) {
    case 'hours': {
      const done = await submitForm(context, formData, 'hours', HoursForm, async (value) => {
        const userId = member(value);
        const settings = await current(userId);
        return appointments.saveSettings(ctx, {
          organizationId,
          userId,
          timeZone: value.timeZone,
          slotMinutes: value.slotMinutes,
          bufferMinutes: value.bufferMinutes,
          weeklyHours: weeklyHoursOf(value),
          datesOff: settings.dates_off,
        });
      });
      if (!done.ok) return done.answer;
      return redirectWithToast(back(done.input.member), { type: 'success', key: 'appointments:console.hoursSaved' });
    }
    case 'dayOff': {
      const done = await submitForm(context, formData, 'dayOff', DayOffForm, async (value) => {
        const settings = await current(member(value));
        return saveWith(member(value), { datesOff: [...new Set([...settings.dates_off, value.date])].sort() });
      });
      if (!done.ok) return done.answer;
      return redirectWithToast(back(done.input.member), { type: 'success', key: 'appointments:console.dayOffSaved' });
    }
    case 'removeDayOff': {
      const done = await submitForm(context, formData, 'removeDayOff', RemoveDayOffForm, async (value) => {
        const settings = await current(member(value));
        return saveWith(member(value), { datesOff: settings.dates_off.filter((date) => date !== value.date) });
      });
      if (!done.ok) return done.answer;
      return redirectWithToast(back(done.input.member), { type: 'success', key: 'appointments:console.dayOffSaved' });
    }
    case 'confirmation': {
      const done = await submitForm(context, formData, 'confirmation', ConfirmationForm, (value) =>
        appointments.setConfirmationType(ctx, { organizationId, userId: member(value), type: value.type, message: value.message || undefined }),
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(back(done.input.member), { type: 'success', key: 'appointments:console.confirmationSaved' });
    }
    case 'cancel': {
      const parsed = CancelBookingForm.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response('Bad Request', { status: 400 });
      return listAction(HERE, () => appointments.cancelBooking(ctx, { slotId: parsed.data.id }), { key: 'appointments:console.bookingCancelled', values: { name: parsed.data.name ?? '' } });
    }
    case 'addSlot': {
      const done = await submitForm(context, formData, 'addSlot', AddSlotForm, (value) =>
        appointments.addSlotByHand(ctx, { organizationId, userId: member(value), date: value.date, start: value.start, end: value.end, status: value.status }),
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(`${back(done.input.member)}${done.input.member ? '&' : '?'}week=${ymd(weekStart(done.input.date))}`, {
        type: 'success',
        key: done.input.status === 'AVAILABLE' ? 'appointments:console.slotAdded' : 'appointments:console.blockedSlotAdded',
      });
    }
    case 'access': {
      const done = await submitForm(context, formData, 'access', BookingAccessForm, (value) => appointments.setBookingAccess(ctx, { organizationId, permissionType: value.access }));
      if (!done.ok) return done.answer;
      return redirectWithToast(HERE, { type: 'success', key: done.value === 'PUBLIC' ? 'appointments:console.accessPublicSaved' : 'appointments:console.accessLoggedInSaved' });
    }
    case 'slot': {
      const parsed = SlotStatusForm.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response('Bad Request', { status: 400 });
      const { id, start, end, status } = parsed.data;
      return listAction(back(parsed.data.member), () => appointments.setAvailability(ctx, { organizationId, userId: member(parsed.data), slots: [{ id, start, end, status }] }), {
        key: status === 'AVAILABLE' ? 'appointments:console.slotFreed' : 'appointments:console.slotBlocked',
      });
    }
  }
  return data(null, { status: 400 });
}
