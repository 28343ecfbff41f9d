import { AppointmentBookingPage, AppointmentSlot, Organization, type BookingPermissionType } from '#db/models/index';
import { hasFeature } from '~/lib/features';
import { isUuid } from '~/lib/ids';
import type { ServiceContext } from '../../context.server';
import { permissionDenied } from '../authz';
import { DomainError } from '../errors';
import { fileUrl } from '../files/files.server';
import { targetContactPerson } from './availability';
import { mayBook, mayChangeBookingAccess, requireAppointmentMember, seesAllContactPersons } from './policy';

/**
 * Slots as the console and the public booking pages see them (issue 27). The console lists a contact person's slots
 * with their bookers (admins: every member's); the booking page lists free future slots of members with active
 * settings, without any booker data, when the organisation's booking page admits the viewer (PUBLIC: anyone;
 * LOGGED_IN: logged-in users; members always; the access module's rule).
 */

const MAX_RANGE_DAYS = 92;

function range(ctx: ServiceContext, from: Date | string, to: Date | string): { from: Date; to: Date } {
  const start = new Date(from);
  const end = new Date(to);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start || end.getTime() - start.getTime() > MAX_RANGE_DAYS * 86_400_000) {
    throw new DomainError('INVALID', ctx.t('errors:appointments.range', { days: MAX_RANGE_DAYS }), 'to');
  }
  return { from: start, to: end };
}

/** The console's slots in [from, to): the contact person's own (or `userId`'s), all members' for an admin without `userId`. */
export async function listSlots(
  ctx: ServiceContext,
  input: { organizationId?: string; userId?: string | null; from: Date | string; to: Date | string },
): Promise<AppointmentSlot[]> {
  const { viewer, organizationId } = requireAppointmentMember(ctx, input.organizationId);
  const { from, to } = range(ctx, input.from, input.to);
  const query = AppointmentSlot.query(ctx.db).where({ organization_id: organizationId }).where('start_at', '<', to).where('end_at', '>', from);
  if (input.userId || !seesAllContactPersons(viewer, organizationId)) {
    const { userId } = await targetContactPerson(ctx, organizationId, input.userId);
    query.where({ user_id: userId });
  }
  return query.orderBy([{ column: 'start_at' }, { column: 'user_id' }]);
}

/** Who may book an organisation's slots (no row: PUBLIC). */
export async function bookingPermissionOf(ctx: ServiceContext, organizationId: string): Promise<BookingPermissionType> {
  const page = await AppointmentBookingPage.query(ctx.db).findOne({ organization_id: organizationId });
  return page?.permission_type ?? 'PUBLIC';
}

/** An admin sets who may book the organisation's slots: PUBLIC (anyone) or LOGGED_IN (logged-in users). */
export async function setBookingAccess(
  ctx: ServiceContext,
  input: { organizationId?: string; permissionType: BookingPermissionType },
): Promise<BookingPermissionType> {
  const { viewer, organizationId } = requireAppointmentMember(ctx, input.organizationId);
  if (!mayChangeBookingAccess(viewer, organizationId)) throw permissionDenied(ctx);
  if (input.permissionType !== 'PUBLIC' && input.permissionType !== 'LOGGED_IN') {
    throw new DomainError('INVALID', ctx.t('errors:appointments.permissionType'), 'permissionType');
  }
  await ctx.db('appointment_booking_pages')
    .insert({ organization_id: organizationId, permission_type: input.permissionType })
    .onConflict('organization_id')
    .merge({ permission_type: input.permissionType, updated_at: ctx.db.fn.now() });
  return input.permissionType;
}

/** The booking page's access type, for the console (members with the feature). */
export async function bookingAccess(ctx: ServiceContext, organizationId?: string): Promise<BookingPermissionType> {
  const { organizationId: orgId } = requireAppointmentMember(ctx, organizationId);
  return bookingPermissionOf(ctx, orgId);
}

/** An active organisation with the appointment feature, or null. */
async function appointmentOrganization(ctx: ServiceContext, where: { id: string } | { slug: string }): Promise<Organization | null> {
  if ('id' in where && !isUuid(where.id)) return null;
  const org = await Organization.query(ctx.db).findOne(where);
  if (!org || !org.is_active || !hasFeature(org.suites, 'appointment')) return null;
  return org;
}

/**
 * The organisation a visitor may book with: SLOT_NOT_FOUND-free NOT_FOUND when it does not exist or has no
 * appointment feature, PERMISSION_DENIED (UNAUTHENTICATED without a session) when its booking page does not admit
 * the viewer.
 */
export async function bookableOrganization(ctx: ServiceContext, organizationId: string): Promise<Organization> {
  const org = await appointmentOrganization(ctx, { id: organizationId });
  if (!org) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'organizationId');
  if (!mayBook(ctx.viewer, org.id, await bookingPermissionOf(ctx, org.id))) {
    if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', ctx.t('errors:appointments.loginToBook'));
    throw permissionDenied(ctx);
  }
  return org;
}

/**
 * The organisation of a public booking page `/book/{slug}`: null when unknown, without the appointment feature, or
 * when its booking page does not admit the viewer (LOGGED_IN and nobody logged in).
 */
export async function bookingOrganization(
  ctx: ServiceContext,
  slug: string,
): Promise<{ id: string; name: string; slug: string; permissionType: BookingPermissionType } | null> {
  if (typeof slug !== 'string' || !slug || slug.length > 120) return null;
  const org = await appointmentOrganization(ctx, { slug });
  if (!org) return null;
  const permissionType = await bookingPermissionOf(ctx, org.id);
  if (!mayBook(ctx.viewer, org.id, permissionType)) return null;
  return { id: org.id, name: org.name, slug: org.slug, permissionType };
}

/**
 * Whether `/book/{slug}` admits the visitor once logged in: nobody is logged in, and the organisation (with the
 * appointment feature) lets logged-in users book. The page then sends to the login instead of answering 404.
 */
export async function bookingNeedsLogin(ctx: ServiceContext, slug: string): Promise<boolean> {
  if (ctx.viewer || typeof slug !== 'string' || !slug || slug.length > 120) return false;
  const org = await appointmentOrganization(ctx, { slug });
  return org ? (await bookingPermissionOf(ctx, org.id)) === 'LOGGED_IN' : false;
}

/** Columns a visitor may see of a free slot (no booker, token or key columns). */
const FREE_COLUMNS = ['id', 'organization_id', 'user_id', 'start_at', 'end_at', 'status', 'manual', 'created_at', 'updated_at'].map(
  (c) => `appointment_slots.${c}`,
);

/** The free future slots of the organisation's active contact persons (or of one), in [from, to); no booker data. */
export async function listFreeSlots(
  ctx: ServiceContext,
  input: { organizationId: string; userId?: string | null; from: Date | string; to: Date | string },
): Promise<AppointmentSlot[]> {
  const org = await bookableOrganization(ctx, input.organizationId);
  const { from, to } = range(ctx, input.from, input.to);
  const now = new Date();
  const query = freeSlotsQuery(ctx, org.id)
    .where('appointment_slots.start_at', '>=', from > now ? from : now)
    .where('appointment_slots.start_at', '<', to)
    .orderBy('appointment_slots.start_at')
    .limit(2000);
  if (input.userId) {
    if (!isUuid(input.userId)) return [];
    query.where('appointment_slots.user_id', input.userId);
  }
  return query;
}

/** Free, future slots of active contact persons who are still members. */
export function freeSlotsQuery(ctx: ServiceContext, organizationId: string) {
  return AppointmentSlot.query(ctx.db)
    .select(FREE_COLUMNS)
    .join('appointment_settings as s', (j) => j.on('s.organization_id', 'appointment_slots.organization_id').andOn('s.user_id', 'appointment_slots.user_id'))
    .join('organization_members as m', (j) => j.on('m.organization_id', 'appointment_slots.organization_id').andOn('m.user_id', 'appointment_slots.user_id'))
    .where('appointment_slots.organization_id', organizationId)
    .where('appointment_slots.status', 'AVAILABLE')
    .where('s.active', true)
    .where('appointment_slots.start_at', '>', new Date());
}

export interface ContactPersonRow {
  id: string;
  name: string;
  avatarUrl: string | null;
  position: string | null;
  timeZone: string;
}

/** The organisation's contact persons (members with active settings) for its booking page. */
export async function contactPersons(ctx: ServiceContext, organizationId: string): Promise<ContactPersonRow[]> {
  const org = await bookableOrganization(ctx, organizationId);
  const rows: { id: string; first_name: string; last_name: string; avatar_id: string | null; time_zone: string }[] = await ctx
    .db('appointment_settings as s')
    .join('organization_members as m', (j) => j.on('m.organization_id', 's.organization_id').andOn('m.user_id', 's.user_id'))
    .join('users as u', 'u.id', 's.user_id')
    .where({ 's.organization_id': org.id, 's.active': true, 'u.is_active': true })
    .orderBy([{ column: 'u.last_name' }, { column: 'u.first_name' }])
    .select('u.id', 'u.first_name', 'u.last_name', 'u.avatar_id', 's.time_zone');
  return rows.map((r) => ({
    id: r.id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    avatarUrl: r.avatar_id ? fileUrl({ id: r.avatar_id }) : null,
    position: null,
    timeZone: r.time_zone,
  }));
}
