import { VirtualRoom } from '#db/models/index';
import type { ProtectedKind } from '../access/types';

/**
 * Virtual rooms as a protected kind (issue 17): an access type of their own (`access_type`); keys and permissions are
 * managed by the sales hub team that hands the room's link to leads. /virtual-room/{slug} and /standalone-room/{slug}
 * name a room.
 */
export const roomKind: ProtectedKind<'room'> = {
  kind: 'room',
  table: 'virtual_rooms',
  model: VirtualRoom,
  accessColumn: 'access_type',
  titleColumn: 'name',
  permissionColumn: 'virtual_room_id',
  feature: 'salesHub',
  tokenField: 'virtualRoomId',
  visitorPath: (slug) => `/virtual-room/${encodeURIComponent(slug)}`,
  path: {
    roots: ['virtual-room', 'standalone-room'],
    objects: async (ctx, [slug]) => {
      const room = slug ? await ctx.db('virtual_rooms').where({ slug }).first('id', 'organization_id', 'access_type', 'slug', 'name') : undefined;
      if (!room) return null;
      return [{ kind: 'room', id: room.id, organization_id: room.organization_id, permission_type: room.access_type, slug: room.slug, title: room.name }];
    },
  },
};
