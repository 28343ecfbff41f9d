import { AppointmentBooking, AppointmentSettings, AppointmentSlot, Organization, User, type AppointmentMailMethod, type AppointmentMailRecipient } from '#db/models/index';
import { isUuid } from '~/lib/ids';
import DataLoader from 'dataloader';
import { defineLoader, type ServiceContext } from '../../context.server';
import type { OutboxStatus } from '#db/models/index';
import { publicBaseUrl } from '../accounts/common';
import { meetingLink } from './booking';
import { DEFAULT_TIME_ZONE } from './availability';
import { icsUid, renderIcs } from './ics';
import { requireAppointmentMember, seesAllContactPersons } from './policy';

/**
 * The page of one booking, `/meeting/{meeting}` (spec 000 point 2): public to whoever has the unguessable slug (the
 * mails carry it), like a lead's information page. It names the contact person, the organisation and the time, the
 * join link or the contact person's message while the meeting is upcoming, and says when it was cancelled or is past.
 */

export type MeetingState = 'UPCOMING' | 'CANCELLED' | 'PAST';

export interface MeetingView {
  meetingSlug: string;
  /** the slot while this booking holds it (booker fields included), else null */
  slot: AppointmentSlot | null;
  start: Date;
  end: Date;
  bookerName: string | null;
  contactPerson: { id: string; name: string; timeZone: string };
  organization: { id: string; name: string; slug: string };
  state: MeetingState;
  joinUrl: string | null;
  message: string | null;
}

const validSlug = (slug: unknown): slug is string => typeof slug === 'string' && /^[A-Za-z0-9_-]{10,64}$/.test(slug);

async function bookingOf(ctx: ServiceContext, slug: string) {
  if (!validSlug(slug)) return null;
  const booking = await AppointmentBooking.query(ctx.db).findOne({ meeting_slug: slug });
  if (!booking) return null;
  const [slot, contact, organization, settings] = await Promise.all([
    AppointmentSlot.query(ctx.db).findOne({ id: booking.slot_id, meeting_slug: slug }),
    User.query(ctx.db).findById(booking.user_id),
    Organization.query(ctx.db).findById(booking.organization_id),
    AppointmentSettings.query(ctx.db).findOne({ organization_id: booking.organization_id, user_id: booking.user_id }),
  ]);
  if (!contact || !organization) return null;
  return { booking, slot: slot ?? null, contact, organization, settings };
}

/** The meeting of a booking by its slug, or null for an unknown one. */
export async function meetingBySlug(ctx: ServiceContext, slug: string): Promise<MeetingView | null> {
  const found = await bookingOf(ctx, slug);
  if (!found) return null;
  const { booking, slot, contact, organization, settings } = found;
  const state: MeetingState = booking.cancelled_at || !slot ? 'CANCELLED' : new Date(booking.end_at).getTime() < Date.now() ? 'PAST' : 'UPCOMING';
  return {
    meetingSlug: booking.meeting_slug,
    slot,
    start: booking.start_at,
    end: booking.end_at,
    bookerName: slot?.booker_name ?? null,
    contactPerson: { id: contact.id, name: `${contact.first_name} ${contact.last_name}`.trim(), timeZone: settings?.time_zone ?? DEFAULT_TIME_ZONE },
    organization: { id: organization.id, name: organization.name, slug: organization.slug },
    state,
    joinUrl: state === 'UPCOMING' ? (slot?.meeting_url ?? null) : null,
    message: state === 'CANCELLED' ? null : (slot?.confirmation_message ?? null),
  };
}

/** The .ics of a meeting for the download: the invitation, or the cancellation once cancelled (same UID). */
export async function icsForMeeting(ctx: ServiceContext, slug: string): Promise<{ filename: string; body: string } | null> {
  const found = await bookingOf(ctx, slug);
  if (!found) return null;
  const { booking, slot, contact, organization } = found;
  const cancelled = Boolean(booking.cancelled_at || !slot);
  const contactName = `${contact.first_name} ${contact.last_name}`.trim() || contact.email;
  const page = meetingLink(ctx, booking.meeting_slug);
  const body = renderIcs({
    method: cancelled ? 'CANCEL' : 'REQUEST',
    uid: icsUid(booking.meeting_slug, publicBaseUrl(ctx.app.env).host),
    sequence: booking.ics_sequence,
    start: new Date(booking.start_at),
    end: new Date(booking.end_at),
    summary: `${organization.name}: ${contactName}${slot?.booker_name ? ` / ${slot.booker_name}` : ''}`,
    description: [slot?.confirmation_message, slot?.meeting_url, page].filter(Boolean).join('\n\n'),
    url: slot?.meeting_url ?? page,
    organizer: { name: contactName, email: contact.email },
    attendee: { name: slot?.booker_name ?? '', email: booking.booker_email },
  });
  return { filename: `appointment-${booking.meeting_slug}.ics`, body };
}

export interface BookingMailState {
  meetingSlug: string;
  recipient: AppointmentMailRecipient;
  method: AppointmentMailMethod;
  to: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/**
 * Per slot, the mails of its bookings (the current one and cancelled ones) with their delivery state (pending, sent,
 * failed), in one query. Only slots of the viewer's organisation the viewer manages (own; admins all).
 */
export async function deliveryOfBookings(ctx: ServiceContext, slotIds: readonly string[]): Promise<Map<string, BookingMailState[]>> {
  const { viewer, organizationId } = requireAppointmentMember(ctx);
  const ids = [...new Set(slotIds.filter(isUuid))].slice(0, 1000);
  const out = new Map<string, BookingMailState[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const query = ctx
    .db('appointment_mails as am')
    .join('appointment_bookings as b', 'b.id', 'am.booking_id')
    .join('outbox as o', 'o.id', 'am.outbox_id')
    .whereIn('b.slot_id', ids)
    .where('b.organization_id', organizationId)
    .orderBy([{ column: 'o.created_at' }, { column: 'am.recipient' }])
    .select(
      'b.slot_id',
      'b.meeting_slug',
      'am.recipient',
      'am.method',
      'o.status',
      'o.attempts',
      'o.last_error',
      'o.delivered_at',
      'o.created_at',
      ctx.db.raw("o.payload->>'to' as to_address"),
    );
  if (!seesAllContactPersons(viewer, organizationId)) query.where('b.user_id', viewer.userId);
  for (const row of await query) {
    out.get(row.slot_id)?.push({
      meetingSlug: row.meeting_slug,
      recipient: row.recipient,
      method: row.method,
      to: row.to_address,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      deliveredAt: row.delivered_at,
      createdAt: row.created_at,
    });
  }
  return out;
}

const deliveriesLoader = defineLoader(
  (ctx) =>
    new DataLoader<string, BookingMailState[]>(async (slotIds) => {
      const bySlot = await deliveryOfBookings(ctx, slotIds);
      return slotIds.map((id) => bySlot.get(id) ?? []);
    }),
);

/** The mails of one slot's bookings, batched per request (a list of slots costs one query). */
export function deliveriesOfSlot(ctx: ServiceContext, slotId: string): Promise<BookingMailState[]> {
  return deliveriesLoader(ctx).load(slotId);
}
