import type { VirtualRoom } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import { recordFileUses } from '../access/files';
import { publishFile } from '../files/files.server';

/**
 * A room's files (panoramas, tour audio; issue 25, hole 5) are served to whoever may visit the room, or enter a
 * convention that shows it (services/access/files.ts): recorded as the room's uses. A PUBLIC room's files are public
 * files as well, so browsers and proxies may keep them; a room that stops being PUBLIC takes that back.
 */
export async function showRoomFiles(
  ctx: ServiceContext,
  room: Pick<VirtualRoom, 'id' | 'organization_id' | 'access_type'>,
  fileIds: (string | null | undefined)[],
): Promise<void> {
  await recordFileUses(ctx, { kind: 'room', objectId: room.id, organizationId: room.organization_id }, fileIds);
  if (room.access_type !== 'PUBLIC') return;
  for (const id of fileIds) await publishFile(ctx, id, room.organization_id);
}
