import type { AppointmentSlot } from '#db/models/index';
import {
  bookingAccess,
  bookingsOfVisitor,
  bookSlot,
  cancelBooking,
  confirmationTypeOf,
  contactPersons,
  deliveriesOfSlot,
  getSettings,
  listFreeSlots,
  listSlots,
  meetingBySlug,
  saveSettings,
  setAvailability,
  setBookingAccess,
  setConfirmationType,
  SlotAlreadyBookedError,
} from '~/server/services/appointments';
import { mayManageContactPerson } from '~/server/services/appointments/policy';
import type { ServiceContext } from '~/server/context.server';
import type { Resolvers } from '../generated/types';
import { asQuery, payload } from '../errors';

/** Booker data is for the slot's contact person, the organisation's admins and the booker. */
const seesBooker = (ctx: ServiceContext, slot: AppointmentSlot) =>
  slot.status === 'BOOKED' &&
  Boolean(slot.booker_email) &&
  (mayManageContactPerson(ctx.viewer, slot.organization_id, slot.user_id) || (Boolean(ctx.viewer) && slot.booker_user_id === ctx.viewer?.userId));

export const appointmentResolvers: Resolvers = {
  AppointmentSlot: {
    start: (slot) => slot.start_at,
    end: (slot) => slot.end_at,
    contactPersonId: (slot) => slot.user_id,
    booker: (slot, _args, ctx) => (seesBooker(ctx.service, slot) ? slot : null),
    bookedAt: (slot, _args, ctx) => (seesBooker(ctx.service, slot) ? slot.booked_at : null),
    meetingSlug: (slot, _args, ctx) => (seesBooker(ctx.service, slot) ? slot.meeting_slug : null),
    meetingUrl: (slot, _args, ctx) => (seesBooker(ctx.service, slot) ? slot.meeting_url : null),
    confirmationMessage: (slot, _args, ctx) => (seesBooker(ctx.service, slot) ? slot.confirmation_message : null),
    deliveries: (slot, _args, ctx) =>
      mayManageContactPerson(ctx.service.viewer, slot.organization_id, slot.user_id) ? deliveriesOfSlot(ctx.service, slot.id) : [],
  },
  AppointmentBooker: {
    name: (slot) => slot.booker_name ?? '',
    email: (slot) => slot.booker_email ?? '',
    language: (slot) => slot.booker_language,
    timeZone: (slot) => slot.booker_time_zone,
    note: (slot) => slot.booker_note,
    userId: (slot) => slot.booker_user_id,
    leadId: (slot) => slot.lead_id,
    url: (slot) => slot.booking_url,
  },
  AppointmentMailDelivery: {
    created: (mail) => mail.createdAt,
  },
  AppointmentOrgUser: {
    id: (settings) => settings.user_id,
    organizationId: (settings) => settings.organization_id,
    timeZone: (settings) => settings.time_zone,
    weeklyHours: (settings) => settings.weekly_hours,
    datesOff: (settings) => settings.dates_off,
    confirmationType: (settings) => ({ type: settings.confirmation_type, message: settings.confirmation_message }),
  },
  Query: {
    orgAppointmentSlots: (_root, args, ctx) => asQuery(() => listSlots(ctx.service, { from: args.from, to: args.to, userId: args.userId })),
    appointmentSlotsByOrganization: (_root, args, ctx) =>
      asQuery(() => listFreeSlots(ctx.service, { organizationId: args.organizationId, from: args.from, to: args.to, userId: args.userId })),
    orgAppointmentConfirmationType: (_root, args, ctx) => asQuery(() => confirmationTypeOf(ctx.service, { userId: args.userId })),
    orgAppointmentSettings: (_root, args, ctx) => asQuery(() => getSettings(ctx.service, { userId: args.userId })),
    appointmentContactPersons: (_root, args, ctx) => asQuery(() => contactPersons(ctx.service, args.organizationId)),
    orgAppointmentBookingAccess: (_root, _args, ctx) => asQuery(() => bookingAccess(ctx.service)),
    appointmentMeeting: (_root, args, ctx) => asQuery(() => meetingBySlug(ctx.service, args.slug)),
    myAppointments: (_root, _args, ctx) => asQuery(async () => (await bookingsOfVisitor(ctx.service)).map((row) => row.slot)),
  },
  Mutation: {
    appointmentBook: async (_root, args, ctx) => {
      let nextFree: AppointmentSlot[] | null = null;
      const answer = await payload(async () => {
        try {
          return {
            booking: await bookSlot(ctx.service, {
              slotId: args.slotId,
              url: args.url,
              leadSlug: args.leadSlug,
              name: args.name,
              email: args.email,
              note: args.note,
              language: args.language ?? ctx.service.language,
              timeZone: args.timeZone,
              idempotencyKey: args.idempotencyKey,
            }),
          };
        } catch (error) {
          if (error instanceof SlotAlreadyBookedError) nextFree = error.nextFree;
          throw error;
        }
      });
      return { ...answer, nextFree };
    },
    appointmentAvailabilitySet: (_root, args, ctx) =>
      payload(async () => ({ slots: await setAvailability(ctx.service, { userId: args.userId, slots: args.slots.map((s) => ({ ...s, id: s.id ?? null })) }) })),
    setOrgAppointmentConfirmationType: (_root, args, ctx) =>
      payload(async () => ({
        orgUser: await setConfirmationType(ctx.service, { userId: args.input.userId, type: args.input.type, message: args.input.message }),
      })),
    setOrgAppointmentSettings: (_root, args, ctx) =>
      payload(async () => ({
        orgUser: await saveSettings(ctx.service, {
          userId: args.input.userId,
          timeZone: args.input.timeZone,
          slotMinutes: args.input.slotMinutes ?? undefined,
          bufferMinutes: args.input.bufferMinutes ?? undefined,
          weeklyHours: args.input.weeklyHours,
          datesOff: args.input.datesOff ?? undefined,
          active: args.input.active ?? undefined,
        }),
      })),
    appointmentCancel: (_root, args, ctx) =>
      payload(async () => ({ slot: await cancelBooking(ctx.service, { slotId: args.slotId, meetingSlug: args.meetingSlug, cancelToken: args.cancelToken }) })),
    setOrgAppointmentBookingAccess: (_root, args, ctx) => payload(async () => ({ access: await setBookingAccess(ctx.service, { permissionType: args.access }) })),
  },
};
