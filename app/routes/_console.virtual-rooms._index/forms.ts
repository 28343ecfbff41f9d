import { z } from 'zod';
import { ROOM_ACCESS_TYPES } from '~/lib/virtual-rooms/editor';

/**
 * The forms of /virtual-rooms (issue 17), shared by the browser's validation and the action. Each form posts its
 * `intent`; the action dispatches on the union of them.
 */
const name = z.string().trim().min(1).max(200);
const id = z.string().uuid();
const accessType = z.enum(ROOM_ACCESS_TYPES);

export const CreateRoomForm = z.object({ intent: z.literal('create'), name, accessType: accessType.default('PUBLIC') });
export const RenameRoomForm = z.object({ intent: z.literal('rename'), id, name });
export const AccessRoomForm = z.object({ intent: z.literal('access'), id, accessType });
export const DeleteRoomForm = z.object({ intent: z.literal('delete'), id, name: z.string().max(400).optional(), confirmed: z.string().optional() });
/** Without JavaScript "copy link" shows the link to copy by hand (virtualRoomSlug). */
export const LinkRoomForm = z.object({ intent: z.literal('link'), id });

export const RoomListIntents = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create') }),
  z.object({ intent: z.literal('rename') }),
  z.object({ intent: z.literal('access') }),
  z.object({ intent: z.literal('delete') }),
  z.object({ intent: z.literal('link') }),
]);

/** The list's own path. */
export const HERE = '/virtual-rooms';
