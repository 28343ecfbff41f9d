import { VirtualRoom, VirtualRoomPano, type UploadedFile } from '#db/models/index';
import { PanoCreateInput, PanoUpdateInput, RoomViewAnglesInput, type PanoCreateInput as CreateInput, type PanoUpdateInput as UpdateInput } from '~/lib/schemas/virtual-rooms';
import { inTransaction, type ServiceContext } from '../../context.server';
import { DomainError } from '../errors';
import { assertImageRatio, findFile } from '../files/files.server';
import { showRoomFiles } from './file-uses';
import { parseInput } from '../validation';
import { clearRoomLoaders, notFound, ownedPano, ownedRoom, panoInitialView } from './common';
import { requireRoomEditor } from './policy';
import type { PanoRecord, RoomViewAngles } from './types';

/**
 * Panoramas of a room (spec 001 point 5: 2:1 pictures; issue 17): added from an uploaded file of the organisation,
 * renamed or given another picture, deleted with their points and the tour steps that show them (one transaction),
 * and given their own initial view (optionally the room's initial view too).
 */

export function panoRecord(pano: VirtualRoomPano, file: Pick<UploadedFile, 'width' | 'height'> | null): PanoRecord {
  return {
    id: pano.id,
    virtualRoomId: pano.virtual_room_id,
    fileId: pano.file_id,
    name: pano.name,
    sort: pano.sort,
    width: file?.width ?? 0,
    height: file?.height ?? 0,
    initialView: panoInitialView(pano),
  };
}

/** An uploaded picture of the organisation (or the viewer's own upload) with the 2:1 ratio; the spec's ratio message otherwise. */
async function panoramaFile(ctx: ServiceContext, organizationId: string, fileId: string): Promise<UploadedFile> {
  const file = await findFile(ctx, fileId);
  if (!file || (file.organization_id !== organizationId && file.uploaded_by_id !== ctx.viewer?.userId)) throw notFound(ctx, 'fileId');
  if (!file.width || !file.height || !file.mime_type.startsWith('image/')) {
    throw new DomainError('INVALID', ctx.t('rooms:errors.panoNotImage'), 'fileId');
  }
  try {
    assertImageRatio(ctx, file, '2:1', 0.01, 'fileId');
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError('INVALID', ctx.t('rooms:errors.panoRatio', { width: file.width, height: file.height }), 'fileId');
    throw error;
  }
  return file;
}

/** `createPano(virtualRoomId, fileId)`: a new pano at the end of the room's list; its picture is shown to the room's visitors. */
export async function createPano(ctx: ServiceContext, input: CreateInput): Promise<PanoRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const values = parseInput(ctx, PanoCreateInput, input);
  const room = await ownedRoom(ctx, organizationId, values.virtualRoomId, 'virtualRoomId');
  const file = await panoramaFile(ctx, organizationId, values.fileId);
  const pano = await inTransaction(ctx, async (tx) => {
    const last = await tx.db('virtual_room_panos').where({ virtual_room_id: room.id }).max('sort as sort').first();
    const count = await tx.db('virtual_room_panos').where({ virtual_room_id: room.id }).count('* as n').first();
    const name = values.name || ctx.t('rooms:defaults.panoName', { number: Number(count?.n ?? 0) + 1 });
    const row = await VirtualRoomPano.query(tx.db)
      .insert({ virtual_room_id: room.id, file_id: file.id, name, sort: Number(last?.sort ?? -1) + 1 })
      .returning('*');
    await showRoomFiles(tx, room, [file.id]);
    return row;
  });
  clearRoomLoaders(ctx, room.id);
  return panoRecord(pano, file);
}

/** `updatePano(panoId, fileId)`: another 2:1 picture or another name; points and views stay. */
export async function updatePano(ctx: ServiceContext, panoId: string, input: UpdateInput): Promise<PanoRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const values = parseInput(ctx, PanoUpdateInput, input);
  const { pano, room } = await ownedPano(ctx, organizationId, panoId, 'panoId');
  const file = values.fileId ? await panoramaFile(ctx, organizationId, values.fileId) : await findFile(ctx, pano.file_id);
  const patch: Partial<VirtualRoomPano> = {};
  if (values.fileId) patch.file_id = values.fileId;
  if (values.name) patch.name = values.name;
  const updated = await inTransaction(ctx, async (tx) => {
    const row = Object.keys(patch).length ? await VirtualRoomPano.query(tx.db).patchAndFetchById(pano.id, patch) : pano;
    if (values.fileId) await showRoomFiles(tx, room, [values.fileId]);
    return row;
  });
  clearRoomLoaders(ctx, room.id);
  return panoRecord(updated, file);
}

/**
 * `deletePano(panoId)` (after confirming, in the page): the pano, its nav and info points, the nav points of other
 * panos leading to it and the tour steps that show it, in one transaction. When it was the room's initial pano,
 * the room's initial view is cleared (setup incomplete again until a new one is set).
 */
export async function deletePano(ctx: ServiceContext, panoId: string): Promise<string> {
  const { organizationId } = requireRoomEditor(ctx);
  const { pano, room } = await ownedPano(ctx, organizationId, panoId, 'panoId');
  await inTransaction(ctx, async (tx) => {
    if (room.initial_pano_id === pano.id) {
      await tx
        .db('virtual_rooms')
        .where({ id: room.id })
        .update({ initial_pano_id: null, initial_azimuthal_angle: null, initial_polar_angle: null, initial_focal_length: null, updated_at: tx.db.fn.now() });
    }
    await tx.db('virtual_room_tour_steps').where({ pano_id: pano.id }).delete();
    await tx.db('virtual_room_nav_points').where({ pano_id: pano.id }).orWhere({ target_pano_id: pano.id }).delete();
    await tx.db('virtual_room_info_points').where({ pano_id: pano.id }).delete();
    await tx.db('virtual_room_panos').where({ id: pano.id }).delete();
  });
  clearRoomLoaders(ctx, room.id);
  return pano.id;
}

/**
 * `setPanoInitialView`: the view a visitor first sees of this pano; with `roomInitial` it is the room's initial view
 * too (the room then opens on this pano).
 */
export async function setPanoInitialView(ctx: ServiceContext, panoId: string, angles: RoomViewAngles, options: { roomInitial?: boolean } = {}): Promise<PanoRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const view = parseInput(ctx, RoomViewAnglesInput, angles);
  const { pano, room } = await ownedPano(ctx, organizationId, panoId, 'panoId');
  const columns = { initial_azimuthal_angle: view.azimuthalAngle, initial_polar_angle: view.polarAngle, initial_focal_length: view.focalLength };
  const updated = await inTransaction(ctx, async (tx) => {
    const row = await VirtualRoomPano.query(tx.db).patchAndFetchById(pano.id, columns);
    if (options.roomInitial) await VirtualRoom.query(tx.db).patchAndFetchById(room.id, { initial_pano_id: pano.id, ...columns });
    return row;
  });
  clearRoomLoaders(ctx, room.id);
  return panoRecord(updated, await findFile(ctx, updated.file_id));
}

/**
 * `resetPanoInitialView`: the pano's own view is cleared; when the room opened on this pano, the room's initial view
 * is cleared too (setup incomplete: "Der Admin muss noch eine initiale Perspektive setzen").
 */
export async function resetPanoInitialView(ctx: ServiceContext, panoId: string): Promise<PanoRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const { pano, room } = await ownedPano(ctx, organizationId, panoId, 'panoId');
  const updated = await inTransaction(ctx, async (tx) => {
    const row = await VirtualRoomPano.query(tx.db).patchAndFetchById(pano.id, {
      initial_azimuthal_angle: null,
      initial_polar_angle: null,
      initial_focal_length: null,
    });
    if (room.initial_pano_id === pano.id) {
      await VirtualRoom.query(tx.db).patchAndFetchById(room.id, {
        initial_pano_id: null,
        initial_azimuthal_angle: null,
        initial_polar_angle: null,
        initial_focal_length: null,
      });
    }
    return row;
  });
  clearRoomLoaders(ctx, room.id);
  return panoRecord(updated, await findFile(ctx, updated.file_id));
}
