import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { mayUseFeature, requireMember } from '../access/index';

/**
 * Who may edit virtual rooms (spec 001 point 6; issue 17): editing needs the sales hub feature of the organisation the
 * viewer works in now (sales users keep it when their organisation booked the SALES suite); another organisation's
 * room is NOT_FOUND (decision 006), which the services answer. Who may VISIT a room is the access module's rule for
 * the kind 'room' (services/access; visit.ts).
 */

export function mayEditRooms(viewer: Viewer | null, organizationId: string): boolean {
  return mayUseFeature(viewer, 'salesHub', organizationId);
}

/** The current organisation's id when the viewer may edit its rooms; UNAUTHENTICATED or PERMISSION_DENIED otherwise. */
export function requireRoomEditor(ctx: ServiceContext): { viewer: Viewer; organizationId: string } {
  return requireMember(ctx, { feature: 'salesHub' });
}
