import crypto from 'node:crypto';
import { z } from 'zod';
import { AppointmentBooking, AppointmentSettings, AppointmentSlot, Lead, Organization, User, type Language } from '#db/models/index';
import { meetingPath } from '~/lib/appointments/paths';
import { isLanguage } from '~/lib/language';
import { httpUrl } from '~/lib/url';
import { hashToken, secretsEqual } from '../../auth/tokens.server';
import { inTransaction, type ServiceContext } from '../../context.server';
import { notifyOutbox } from '../../mail/outbox.server';
import { publicBaseUrl } from '../accounts/common';
import { permissionDenied, requireViewer } from '../authz';
import { appointmentBlocks, appointmentValues } from '../email/blocks';
import { sendOrganizationMail } from '../email/emails';
import { DomainError } from '../errors';
import { isUniqueViolation } from '../slugs';
import { parseInput } from '../validation';
import { DEFAULT_TIME_ZONE, isTimeZone } from './availability';
import { icsUid, renderIcs } from './ics';
import { mayCancelAsViewer, SlotAlreadyBookedError, slotNotBooked, slotNotFound } from './policy';
import { bookableOrganization, freeSlotsQuery } from './slots';

/**
 * Booking and cancelling (issue 27). Race-safe in the database: the booking is one conditional UPDATE (`WHERE status
 * = 'AVAILABLE'`) in the transaction that also writes the booking record and both mails to the outbox, and the
 * exclusion constraint of migration 0026 refuses two overlapping BOOKED slots of one contact person. The losers get
 * SLOT_ALREADY_BOOKED with the next free slots ("all booked" when none). A retried request with the same idempotency
 * key (and e-mail) gets the first answer again, never a second booking. Cancelling frees the slot and sends the CANCEL
 * invitation (same UID, SEQUENCE + 1) to both sides.
 */

const NEXT_FREE = 5;

export interface BookingResult {
  slot: AppointmentSlot;
  meetingSlug: string;
  /** the secret of the cancel link in the booker's mail */
  cancelToken: string;
}

const BookingSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().min(1).max(254).email(),
  note: z.string().trim().max(2000).optional().nullable(),
  language: z.enum(['DE', 'EN']),
  timeZone: z.string().refine(isTimeZone, 'unknown time zone').optional().nullable(),
  leadSlug: z.string().trim().max(120).optional().nullable(),
  url: z
    .union([httpUrl(), z.string().trim().regex(/^\/(?!\/)\S{0,1999}$/)])
    .optional()
    .nullable(),
  idempotencyKey: z.string().trim().min(8).max(100).optional().nullable(),
});

export type BookingInput = { slotId: string } & z.input<typeof BookingSchema>;

/** The cancel link's secret of a booking, derived from its meeting slug (so a retried request can answer it again). */
function cancelTokenOf(ctx: ServiceContext, meetingSlug: string): string {
  return crypto.createHmac('sha256', ctx.app.env.jwtSecret).update(`appointment-cancel:${meetingSlug}`).digest('base64url');
}

const isExclusionViolation = (error: unknown) => {
  const e = ((error as { nativeError?: unknown })?.nativeError ?? error) as { code?: string };
  return e?.code === '23P01';
};

/** The next free slots to offer instead: the same contact person's first, then the organisation's. */
export async function nextFreeSlots(ctx: ServiceContext, slot: Pick<AppointmentSlot, 'organization_id' | 'user_id' | 'id'>): Promise<AppointmentSlot[]> {
  return freeSlotsQuery(ctx, slot.organization_id)
    .whereNot('appointment_slots.id', slot.id)
    .orderByRaw('(appointment_slots.user_id = ?) desc, appointment_slots.start_at', [slot.user_id])
    .limit(NEXT_FREE);
}

const hostOf = (ctx: ServiceContext) => publicBaseUrl(ctx.app.env).host;
const absolute = (ctx: ServiceContext, path: string) => new URL(path, publicBaseUrl(ctx.app.env)).toString();

/** The meeting page's link; with the booker's cancel token it offers the cancel button. */
export function meetingLink(ctx: ServiceContext, meetingSlug: string, cancelToken?: string): string {
  const url = new URL(absolute(ctx, meetingPath(meetingSlug)));
  if (cancelToken) url.searchParams.set('token', cancelToken);
  return url.toString();
}

/** A unique, unguessable Jitsi room on the configured host. */
function jitsiLink(ctx: ServiceContext): string {
  return `https://${ctx.app.env.JITSI_HOST}/fairplatform-${crypto.randomBytes(16).toString('hex')}`;
}

async function replay(ctx: ServiceContext, slot: AppointmentSlot | undefined, email: string): Promise<BookingResult | null> {
  if (!slot || slot.status !== 'BOOKED' || !slot.meeting_slug || slot.booker_email?.toLowerCase() !== email.toLowerCase()) return null;
  return { slot, meetingSlug: slot.meeting_slug, cancelToken: cancelTokenOf(ctx, slot.meeting_slug) };
}

class LostRace extends Error {}

interface MailSide {
  contact: User;
  settings: AppointmentSettings | undefined;
  organization: Organization;
}

/** Writes both sides' mails of a booking (or its cancellation) to the outbox and links them to the booking. */
async function queueBookingMails(
  ctx: ServiceContext,
  booking: AppointmentBooking,
  slot: AppointmentSlot,
  side: MailSide,
  method: 'REQUEST' | 'CANCEL',
  cancelToken?: string,
): Promise<void> {
  const contactName = `${side.contact.first_name} ${side.contact.last_name}`.trim() || side.contact.email;
  const bookerName = slot.booker_name ?? '';
  const bookerEmail = slot.booker_email ?? booking.booker_email;
  const start = new Date(booking.start_at);
  const end = new Date(booking.end_at);
  const page = meetingLink(ctx, booking.meeting_slug);
  const ics = renderIcs({
    method,
    uid: icsUid(booking.meeting_slug, hostOf(ctx)),
    sequence: booking.ics_sequence,
    start,
    end,
    summary: `${side.organization.name}: ${contactName} / ${bookerName}`,
    description: [slot.confirmation_message, slot.meeting_url, page].filter(Boolean).join('\n\n'),
    url: slot.meeting_url ?? page,
    organizer: { name: contactName, email: side.contact.email },
    attendee: { name: bookerName, email: bookerEmail },
  });
  const names = { organisation: side.organization.name, contact: contactName, booker: bookerName, email: bookerEmail };
  const parts = { note: slot.booker_note, joinUrl: slot.meeting_url, message: slot.confirmation_message, meetingPage: page, contact: contactName };
  const cancelled = method === 'CANCEL';
  const attachment = {
    filename: cancelled ? 'cancel.ics' : 'invite.ics',
    content: ics,
    contentType: `text/calendar; method=${method}; charset=utf-8`,
  };
  const contactZone = side.settings?.time_zone ?? DEFAULT_TIME_ZONE;
  const sides = [
    {
      recipient: 'BOOKER' as const,
      to: bookerEmail,
      language: (slot.booker_language ?? 'EN') as Language,
      timeZone: slot.booker_time_zone ?? contactZone,
      name: bookerName,
      template: cancelled ? ('appointmentCancelled' as const) : ('appointmentBooked' as const),
      other: contactName,
      cancelUrl: cancelToken ? meetingLink(ctx, booking.meeting_slug, cancelToken) : null,
    },
    {
      recipient: 'CONTACT' as const,
      to: side.contact.email,
      language: side.contact.default_language,
      timeZone: contactZone,
      name: side.contact.first_name,
      template: cancelled ? ('appointmentCancelled' as const) : ('appointmentContactBooked' as const),
      other: bookerName,
      cancelUrl: null,
    },
  ];
  // each side in its language and zone, with the organisation's look and texts (issue 29)
  for (const one of sides) {
    const outboxId = await sendOrganizationMail(ctx, {
      organizationId: side.organization.id,
      template: one.template,
      language: one.language,
      to: one.to,
      name: one.name,
      values: appointmentValues(one.language, one.timeZone, start, end, { ...names, other: one.other }),
      blocks: appointmentBlocks(one.language, one.template, { ...parts, cancelUrl: one.cancelUrl }),
      attachments: [attachment],
    });
    await ctx.db('appointment_mails').insert({ booking_id: booking.id, outbox_id: outboxId, recipient: one.recipient, method });
  }
}

/**
 * Books a free slot for the viewer (anyone the organisation's booking page admits). SLOT_NOT_FOUND for an unknown or
 * past slot, SLOT_ALREADY_BOOKED (with `nextFree`) when someone else was first.
 */
export async function bookSlot(ctx: ServiceContext, input: BookingInput): Promise<BookingResult> {
  const slotId = typeof input.slotId === 'string' && z.string().uuid().safeParse(input.slotId).success ? input.slotId : null;
  const slot = slotId ? await AppointmentSlot.query(ctx.db).findById(slotId) : undefined;
  if (!slot) throw slotNotFound(ctx);
  const organization = await bookableOrganization(ctx, slot.organization_id).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') throw slotNotFound(ctx);
    throw error;
  });
  const values = parseInput(ctx, BookingSchema, { ...input, language: isLanguage(input.language) ? input.language : ctx.language });
  const key = values.idempotencyKey || null;
  if (key && slot.idempotency_key === key) {
    const again = await replay(ctx, slot, values.email);
    if (again) return again;
  }
  if (slot.status !== 'BOOKED' && new Date(slot.end_at).getTime() <= Date.now()) throw slotNotFound(ctx);

  try {
    const result = await inTransaction(ctx, async (tx) => {
      const [settings, contact, lead] = [
        await AppointmentSettings.query(tx.db).findOne({ organization_id: slot.organization_id, user_id: slot.user_id }),
        await User.query(tx.db).findById(slot.user_id),
        values.leadSlug ? await Lead.query(tx.db).findOne({ slug: values.leadSlug, organization_id: slot.organization_id }) : undefined,
      ];
      if (!contact || (settings && !settings.active)) throw slotNotFound(tx);
      const meetingSlug = crypto.randomBytes(16).toString('base64url');
      const cancelToken = cancelTokenOf(tx, meetingSlug);
      const jitsi = (settings?.confirmation_type ?? 'JITSI_LINK') === 'JITSI_LINK';
      const [booked] = (await AppointmentSlot.query(tx.db)
        .patch({
          status: 'BOOKED',
          booker_user_id: tx.viewer?.userId ?? null,
          booker_name: values.name,
          booker_email: values.email,
          booker_language: values.language,
          booker_time_zone: values.timeZone || settings?.time_zone || DEFAULT_TIME_ZONE,
          booker_note: values.note || null,
          lead_id: lead?.id ?? null,
          booking_url: values.url || null,
          booked_at: new Date(),
          meeting_slug: meetingSlug,
          meeting_url: jitsi ? jitsiLink(tx) : null,
          confirmation_message: jitsi ? null : (settings?.confirmation_message ?? null),
          ics_sequence: 0,
          cancel_token_hash: hashToken(cancelToken),
          idempotency_key: key,
          cancelled_at: null,
        })
        .where({ id: slot.id, status: 'AVAILABLE' })
        .where('start_at', '>', new Date())
        .returning('*')) as unknown as AppointmentSlot[];
      if (!booked) throw new LostRace();
      const booking = await AppointmentBooking.query(tx.db)
        .insert({
          organization_id: booked.organization_id,
          slot_id: booked.id,
          user_id: booked.user_id,
          meeting_slug: meetingSlug,
          start_at: booked.start_at,
          end_at: booked.end_at,
          booker_user_id: booked.booker_user_id,
          booker_email: values.email,
          ics_sequence: 0,
        })
        .returning('*');
      await queueBookingMails(tx, booking, booked, { contact, settings, organization }, 'REQUEST', cancelToken);
      return { slot: booked, meetingSlug, cancelToken };
    });
    notifyOutbox(ctx.app);
    return result;
  } catch (error) {
    if (error instanceof LostRace || isExclusionViolation(error)) {
      const now = await AppointmentSlot.query(ctx.db).findById(slot.id);
      if (key && now?.idempotency_key === key) {
        const again = await replay(ctx, now, values.email);
        if (again) return again;
      }
      throw new SlotAlreadyBookedError(ctx, await nextFreeSlots(ctx, slot));
    }
    if (key && isUniqueViolation(error, 'appointment_slots_idempotency_uniq')) {
      const first = await AppointmentSlot.query(ctx.db).findOne({ organization_id: slot.organization_id, idempotency_key: key });
      const again = await replay(ctx, first, values.email);
      if (again) return again;
      throw new SlotAlreadyBookedError(ctx, await nextFreeSlots(ctx, slot));
    }
    throw error;
  }
}

/**
 * Cancels a booking: by its booker (logged in, or with the cancel token of the mail), its contact person or an admin
 * of the organisation. SLOT_NOT_FOUND for an unknown slot or meeting, SLOT_NOT_BOOKED when there is nothing to cancel
 * (free, or cancelled before). Frees the slot and sends both sides the CANCEL invitation.
 */
export async function cancelBooking(
  ctx: ServiceContext,
  input: { slotId?: string | null; meetingSlug?: string | null; cancelToken?: string | null },
): Promise<AppointmentSlot> {
  const slotId = input.slotId && z.string().uuid().safeParse(input.slotId).success ? input.slotId : null;
  const meetingSlug = typeof input.meetingSlug === 'string' && input.meetingSlug.length <= 64 ? input.meetingSlug : null;
  let slot: AppointmentSlot | undefined;
  if (slotId) slot = await AppointmentSlot.query(ctx.db).findById(slotId);
  else if (meetingSlug) {
    slot = await AppointmentSlot.query(ctx.db).findOne({ meeting_slug: meetingSlug });
    if (!slot && (await AppointmentBooking.query(ctx.db).findOne({ meeting_slug: meetingSlug }))) throw slotNotBooked(ctx, 'meetingSlug');
  }
  if (!slot) throw slotNotFound(ctx, slotId || !meetingSlug ? 'slotId' : 'meetingSlug');
  const byToken = Boolean(input.cancelToken && slot.cancel_token_hash && secretsEqual(input.cancelToken, slot.cancel_token_hash));
  if (!byToken && !mayCancelAsViewer(ctx.viewer, slot)) {
    if (!input.cancelToken) requireViewer(ctx); // UNAUTHENTICATED without a session and a token
    throw permissionDenied(ctx);
  }
  if (slot.status !== 'BOOKED' || !slot.meeting_slug) throw slotNotBooked(ctx);
  const bookedSlot = slot;
  const freed = await inTransaction(ctx, async (tx) => {
    const [row] = (await AppointmentSlot.query(tx.db)
      .patch({
        status: 'AVAILABLE',
        booker_user_id: null,
        booker_name: null,
        booker_email: null,
        booker_language: null,
        booker_time_zone: null,
        booker_note: null,
        lead_id: null,
        booking_url: null,
        booked_at: null,
        meeting_slug: null,
        meeting_url: null,
        confirmation_message: null,
        cancel_token_hash: null,
        idempotency_key: null,
        cancelled_at: new Date(),
      })
      .where({ id: bookedSlot.id, status: 'BOOKED', meeting_slug: bookedSlot.meeting_slug })
      .returning('*')) as unknown as AppointmentSlot[];
    if (!row) throw slotNotBooked(tx);
    const [booking] = (await AppointmentBooking.query(tx.db)
      .patch({ cancelled_at: new Date(), ics_sequence: bookedSlot.ics_sequence + 1 })
      .where({ meeting_slug: bookedSlot.meeting_slug! })
      .returning('*')) as unknown as AppointmentBooking[];
    const [settings, contact, organization] = [
      await AppointmentSettings.query(tx.db).findOne({ organization_id: bookedSlot.organization_id, user_id: bookedSlot.user_id }),
      await User.query(tx.db).findById(bookedSlot.user_id),
      await Organization.query(tx.db).findById(bookedSlot.organization_id),
    ];
    if (booking && contact && organization) await queueBookingMails(tx, booking, bookedSlot, { contact, settings, organization }, 'CANCEL');
    return row;
  });
  notifyOutbox(ctx.app);
  return freed;
}

/** The booking form's prefill: the logged-in visitor's name and e-mail, else the known lead's (by its slug). */
export async function bookerPrefill(ctx: ServiceContext, input: { leadSlug?: string | null } = {}): Promise<{ name: string; email: string } | null> {
  if (ctx.viewer) return { name: `${ctx.viewer.firstName} ${ctx.viewer.lastName}`.trim(), email: ctx.viewer.email };
  const slug = input.leadSlug;
  if (typeof slug !== 'string' || !slug || slug.length > 120) return null;
  const lead = await Lead.query(ctx.db).findOne({ slug });
  return lead ? { name: lead.name, email: lead.email } : null;
}

export interface VisitorBookingRow {
  slot: AppointmentSlot;
  contactPerson: { id: string; name: string; timeZone: string };
  organization: { id: string; name: string; slug: string };
  state: 'UPCOMING' | 'PAST';
}

/** The logged-in visitor's booked slots (their hub), soonest first, with organisation and contact person; one query. */
export async function bookingsOfVisitor(ctx: ServiceContext): Promise<VisitorBookingRow[]> {
  const viewer = requireViewer(ctx);
  const rows = (await AppointmentSlot.query(ctx.db)
    .join('organizations as o', 'o.id', 'appointment_slots.organization_id')
    .join('users as u', 'u.id', 'appointment_slots.user_id')
    .leftJoin('appointment_settings as s', (j) => j.on('s.organization_id', 'appointment_slots.organization_id').andOn('s.user_id', 'appointment_slots.user_id'))
    .where('appointment_slots.booker_user_id', viewer.userId)
    .where('appointment_slots.status', 'BOOKED')
    .where('appointment_slots.end_at', '>', new Date(Date.now() - 86_400_000))
    .orderBy('appointment_slots.start_at')
    .limit(200)
    .select(
      'appointment_slots.*',
      'o.name as x_organization_name',
      'o.slug as x_organization_slug',
      's.time_zone as x_time_zone',
      ctx.db.raw("trim(u.first_name || ' ' || u.last_name) as x_contact_name"),
    )) as unknown as (AppointmentSlot & Record<'x_organization_name' | 'x_organization_slug' | 'x_contact_name' | 'x_time_zone', string | null>)[];
  const now = Date.now();
  return rows.map((row) => {
    const { x_organization_name, x_organization_slug, x_contact_name, x_time_zone, ...slot } = row;
    return {
      slot: AppointmentSlot.fromJson(slot),
      contactPerson: { id: row.user_id, name: x_contact_name ?? '', timeZone: x_time_zone ?? DEFAULT_TIME_ZONE },
      organization: { id: row.organization_id, name: x_organization_name ?? '', slug: x_organization_slug ?? '' },
      state: new Date(row.end_at).getTime() < now ? 'PAST' : 'UPCOMING',
    };
  });
}
