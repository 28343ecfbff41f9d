import { hasFeature } from '~/lib/features';
import type { VirtualRoom } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { permissionDenied, requireViewer } from '../authz';

/**
 * Who may do what with virtual rooms (spec 001 point 6; issue 17): plain answers about a viewer and a room, no
 * database access. Editing needs the sales hub feature of the organisation the viewer works in now (sales users keep
 * it when their organisation booked the SALES suite); another organisation's room is NOT_FOUND (decision 006),
 * which the services answer.
 */

export function mayEditRooms(viewer: Viewer | null, organizationId: string): boolean {
  return viewer?.organization?.id === organizationId && hasFeature(viewer.features, 'salesHub');
}

/** The current organisation's id when the viewer may edit its rooms; UNAUTHENTICATED or PERMISSION_DENIED otherwise. */
export function requireRoomEditor(ctx: ServiceContext): { viewer: Viewer; organizationId: string } {
  const viewer = requireViewer(ctx);
  const organizationId = viewer.organization?.id;
  if (!organizationId || !mayEditRooms(viewer, organizationId)) throw permissionDenied(ctx);
  return { viewer, organizationId };
}

/** Members of the room's organisation always see it (the editor's preview, sales reps sharing it). */
export function isRoomMember(viewer: Viewer | null, room: Pick<VirtualRoom, 'organization_id'>): boolean {
  return Boolean(viewer?.organizations.some((o) => o.id === room.organization_id));
}

/**
 * A visitor's standing towards a room: PUBLIC anyone, LOGGED_IN any logged-in user, TOKEN a logged-in user holding
 * an object permission of the room (from one of its access keys, not suspended). 'login' and 'key' are
 * PERMISSION_DENIED, which the route guard turns into /login?next= (logged out) or /token?next= (logged in).
 */
export type RoomAccess = 'member' | 'open' | 'granted' | 'suspended' | 'login' | 'key';

export function roomAccess(
  viewer: Viewer | null,
  room: Pick<VirtualRoom, 'organization_id' | 'access_type'>,
  permission: { suspended: boolean } | null,
): RoomAccess {
  if (isRoomMember(viewer, room)) return 'member';
  if (permission?.suspended) return 'suspended';
  if (room.access_type === 'PUBLIC') return 'open';
  if (!viewer) return 'login';
  if (room.access_type === 'LOGGED_IN') return 'open';
  return permission ? 'granted' : 'key';
}

export const isRoomDenied = (access: RoomAccess): boolean => access === 'suspended' || access === 'login' || access === 'key';
