import type { AppointmentSlot, BookingPermissionType } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { decideAccess, isCurrentMember, isDenied, mayUseFeature, requireMember } from '../access/index';
import { DomainError } from '../errors';

/**
 * Who may do what with appointments (issue 27, spec 001 point 6): members of an organisation with the appointment
 * feature are its contact persons and manage their own settings and slots; its admins (and the owner) those of every
 * member. Who may book is the access module's rule on the organisation's booking page (PUBLIC or LOGGED_IN; members
 * always). A booking is cancelled by its booker (logged in, or holding the mail's cancel token), its contact person
 * or an admin of the organisation.
 */

/** A member of the current organisation with the appointment feature (of `organizationId` when given). */
export function requireAppointmentMember(ctx: ServiceContext, organizationId?: string) {
  return requireMember(ctx, { organizationId, feature: 'appointment' });
}

/** The viewer manages `userId`'s appointments: their own, or any member's as admin of the organisation. */
export function mayManageContactPerson(viewer: Viewer | null, organizationId: string, userId: string): boolean {
  if (!mayUseFeature(viewer, 'appointment', organizationId)) return false;
  return viewer!.userId === userId || isCurrentMember(viewer, organizationId, 'admin');
}

/** The viewer sees every member's slots in the console (admins), else only their own. */
export const seesAllContactPersons = (viewer: Viewer | null, organizationId: string) =>
  mayUseFeature(viewer, 'appointment', organizationId) && isCurrentMember(viewer, organizationId, 'admin');

/** The viewer decides who may book the organisation's slots (PUBLIC or LOGGED_IN): its admins. */
export const mayChangeBookingAccess = seesAllContactPersons;

/** The viewer may book a slot of an organisation whose booking page has this access type. */
export function mayBook(viewer: Viewer | null, organizationId: string, permissionType: BookingPermissionType): boolean {
  return !isDenied(decideAccess(viewer, { id: organizationId, organization_id: organizationId, permission_type: permissionType }, null));
}

/** The viewer cancels as the logged-in booker, or as the contact person / admin of the slot's organisation. */
export function mayCancelAsViewer(viewer: Viewer | null, slot: Pick<AppointmentSlot, 'organization_id' | 'user_id' | 'booker_user_id'>): boolean {
  if (!viewer) return false;
  if (slot.booker_user_id && slot.booker_user_id === viewer.userId) return true;
  return mayManageContactPerson(viewer, slot.organization_id, slot.user_id);
}

export const slotNotFound = (ctx: ServiceContext, field = 'slotId') =>
  new DomainError('SLOT_NOT_FOUND', ctx.t('errors:appointments.slotNotFound'), field);

export const slotNotBooked = (ctx: ServiceContext, field = 'slotId') =>
  new DomainError('SLOT_NOT_BOOKED', ctx.t('errors:appointments.slotNotBooked'), field);

export const messageMissing = (ctx: ServiceContext) => new DomainError('MESSAGE_MISSING', ctx.t('errors:appointments.messageMissing'), 'message');

/**
 * SLOT_ALREADY_BOOKED with the next free slots to offer instead ("already booked, choose a new date"); an empty
 * `nextFree` is the "all booked" case, and the message says so.
 */
export class SlotAlreadyBookedError extends DomainError {
  readonly nextFree: AppointmentSlot[];

  constructor(ctx: ServiceContext, nextFree: AppointmentSlot[]) {
    super('SLOT_ALREADY_BOOKED', ctx.t(nextFree.length ? 'errors:appointments.alreadyBooked' : 'errors:appointments.allBooked'), 'slotId');
    this.name = 'SlotAlreadyBookedError';
    this.nextFree = nextFree;
  }
}
