import { Convention, VirtualRoom } from '#db/models/index';
import type { RoomView } from '~/lib/virtual-rooms/view';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { assertAccess } from '../access/index';
import { ownedConvention } from '../events/conventions';
import { freeSlug } from '../slugs';
import { clearRoomLoaders, ownedRoom } from './common';
import { requireRoomEditor } from './policy';
import { buildRoomView } from './visit';

/**
 * A convention's navigation in room mode (spec 000 point 4: default, virtual room or image foyer; issue 17): the
 * convention's host (event feature, the convention's organisation) with the sales hub feature (rooms are edited
 * there) makes one of its rooms, or a new one named after the convention, the way into the convention. Deleting the
 * room (rooms.ts deleteRoom) returns the convention to DEFAULT; so does deleting the foyer (events/foyer.ts).
 */

async function setRoomNavigation(ctx: ServiceContext, convention: Convention, room: VirtualRoom): Promise<Convention> {
  const [row] = await ctx
    .db('conventions')
    .where({ id: convention.id })
    .update({ navigation_mode: 'VIRTUAL_ROOM', virtual_room_id: room.id, updated_at: ctx.db.fn.now() })
    .returning('*');
  return row as Convention;
}

/** `createVirtualRoomForConvention(conventionId)`: a new room named after the convention, shown as its navigation. */
export async function createVirtualRoomForConvention(ctx: ServiceContext, conventionId: string): Promise<{ room: VirtualRoom; convention: Convention }> {
  const convention = await ownedConvention(ctx, conventionId, 'conventionId');
  const { organizationId } = requireRoomEditor(ctx);
  const slug = await freeSlug(ctx, 'virtual_rooms', convention.title, 'raum');
  return inTransaction(ctx, async (tx) => {
    const room = await VirtualRoom.query(tx.db)
      .insert({ organization_id: organizationId, slug, name: convention.title, access_type: convention.permission_type })
      .returning('*');
    return { room, convention: await setRoomNavigation(tx, convention, room) };
  });
}

/**
 * `CreatePanoLensNavigationForConvention(convId)`: the convention's navigation becomes VIRTUAL_ROOM, showing the
 * given room of the organisation, else the room it showed before, else a new one (createVirtualRoomForConvention).
 */
export async function createPanoLensNavigationForConvention(ctx: ServiceContext, conventionId: string, roomId?: string | null): Promise<{ room: VirtualRoom; convention: Convention }> {
  const convention = await ownedConvention(ctx, conventionId, 'conventionId');
  const { organizationId } = requireRoomEditor(ctx);
  const existing = roomId ? null : convention.virtual_room_id ? await VirtualRoom.query(ctx.db).findOne({ id: convention.virtual_room_id, organization_id: organizationId }) : null;
  const room = roomId ? await ownedRoom(ctx, organizationId, roomId, 'roomId') : existing;
  if (!room) return createVirtualRoomForConvention(ctx, conventionId);
  clearRoomLoaders(ctx, room.id);
  return { room, convention: await setRoomNavigation(ctx, convention, room) };
}

/**
 * The room a convention in room mode shows its visitors, or null (another mode, no room). The convention's access
 * type applies (PERMISSION_DENIED as for its pages); the room is shown to whoever may enter the convention.
 */
export async function conventionRoom(ctx: ServiceContext, conventionId: string): Promise<RoomView | null> {
  assertId(ctx, conventionId, 'conventionId');
  const convention = await Convention.query(ctx.db).findById(conventionId);
  if (!convention) return null;
  await assertAccess(ctx, 'convention', convention);
  if (convention.navigation_mode !== 'VIRTUAL_ROOM' || !convention.virtual_room_id) return null;
  const room = await VirtualRoom.query(ctx.db).findById(convention.virtual_room_id);
  if (!room) return null;
  return buildRoomView(ctx, room, ctx.language, { loginNext: `/convention/${convention.slug}` });
}
