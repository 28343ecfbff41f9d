import { VirtualRoomTourStep } from '#db/models/index';
import { TourStepCreateInput, TourStepUpdateInput, type TourStepCreateInput as CreateInput, type TourStepUpdateInput as UpdateInput } from '~/lib/schemas/virtual-rooms';
import { inTransaction, type ServiceContext } from '../../context.server';
import { DomainError } from '../errors';
import { findFile } from '../files/files.server';
import { showRoomFiles } from './file-uses';
import { parseInput } from '../validation';
import { clearRoomLoaders, notFound, ownedRoom, ownedStep } from './common';
import { requireRoomEditor } from './policy';
import { forgetRoomItemTexts, saveRoomItemTexts } from './texts';
import type { TourStepRecord } from './types';

/**
 * The room's guided tour (spec 000 point 3, 001 point 7; issue 17): steps with a title, text, optional audio, a pano
 * and view, an optional info point of that pano, in order. Steps are created at the end, updated, moved to another
 * position (the others close up) and deleted (after confirming, in the page).
 */

export function tourStepRecord(step: VirtualRoomTourStep): TourStepRecord {
  return {
    id: step.id,
    virtualRoomId: step.virtual_room_id,
    panoId: step.pano_id,
    title: step.title,
    text: step.text,
    audioFileId: step.audio_file_id,
    view: { azimuthalAngle: step.azimuthal_angle, polarAngle: step.polar_angle, focalLength: step.focal_length },
    infoPointId: step.info_point_id,
    sort: step.sort,
  };
}

async function assertPanoOfRoom(ctx: ServiceContext, roomId: string, panoId: string) {
  const row = await ctx.db('virtual_room_panos').where({ id: panoId, virtual_room_id: roomId }).first('id');
  if (!row) throw notFound(ctx, 'panoId');
}

async function assertInfoPointOfPano(ctx: ServiceContext, panoId: string, infoPointId: string | null | undefined) {
  if (!infoPointId) return;
  const row = await ctx.db('virtual_room_info_points').where({ id: infoPointId }).first('pano_id');
  if (!row) throw notFound(ctx, 'infoPointId');
  if (row.pano_id !== panoId) throw new DomainError('INVALID', ctx.t('rooms:errors.infoPointOtherPano'), 'infoPointId');
}

/** The step's audio: an audio file of the organisation (or the viewer's upload); visitors may then play it. */
async function assertAudio(ctx: ServiceContext, organizationId: string, fileId: string | null | undefined) {
  if (!fileId) return;
  const file = await findFile(ctx, fileId);
  if (!file || (file.organization_id !== organizationId && file.uploaded_by_id !== ctx.viewer?.userId)) throw notFound(ctx, 'audioFileId');
  if (!file.mime_type.startsWith('audio/') && file.mime_type !== 'video/webm' && file.mime_type !== 'video/mp4') {
    throw new DomainError('INVALID', ctx.t('rooms:errors.audioNotAudio'), 'audioFileId');
  }
}

/** Tour step create: a new step at the end of the room's tour. */
export async function createTourStep(ctx: ServiceContext, input: CreateInput): Promise<TourStepRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const values = parseInput(ctx, TourStepCreateInput, input);
  const room = await ownedRoom(ctx, organizationId, values.virtualRoomId, 'virtualRoomId');
  await assertPanoOfRoom(ctx, room.id, values.panoId);
  await assertInfoPointOfPano(ctx, values.panoId, values.infoPointId);
  await assertAudio(ctx, organizationId, values.audioFileId);
  const step = await inTransaction(ctx, async (tx) => {
    // one writer at a time per room keeps the order dense
    await tx.db.raw('select id from virtual_rooms where id = ? for update', [room.id]);
    const count = await tx.db('virtual_room_tour_steps').where({ virtual_room_id: room.id }).count('* as n').first();
    const row = await VirtualRoomTourStep.query(tx.db)
      .insert({
        virtual_room_id: room.id,
        pano_id: values.panoId,
        title: values.title,
        text: values.text,
        audio_file_id: values.audioFileId ?? null,
        azimuthal_angle: values.view.azimuthalAngle,
        polar_angle: values.view.polarAngle,
        focal_length: values.view.focalLength,
        info_point_id: values.infoPointId ?? null,
        sort: Number(count?.n ?? 0),
      })
      .returning('*');
    await showRoomFiles(tx, room, [values.audioFileId]);
    await saveRoomItemTexts(tx, 'step', row.id, values.translations);
    return row;
  });
  clearRoomLoaders(ctx, room.id);
  forgetRoomItemTexts(ctx, 'step', step.id);
  return tourStepRecord(step);
}

/** Tour step update: fields left out keep their value; null clears the audio or the info point. */
export async function updateTourStep(ctx: ServiceContext, id: string, input: UpdateInput): Promise<TourStepRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const values = parseInput(ctx, TourStepUpdateInput, input);
  const { step, room } = await ownedStep(ctx, organizationId, id);
  const panoId = values.panoId ?? step.pano_id;
  if (values.panoId) await assertPanoOfRoom(ctx, room.id, values.panoId);
  // a step moved to another pano loses an info point of the old one unless a new one is given
  const infoPointId = values.infoPointId !== undefined ? values.infoPointId : values.panoId && values.panoId !== step.pano_id ? null : step.info_point_id;
  await assertInfoPointOfPano(ctx, panoId, infoPointId);
  await assertAudio(ctx, organizationId, values.audioFileId);
  const patch: Partial<VirtualRoomTourStep> = { pano_id: panoId, info_point_id: infoPointId ?? null };
  if (values.title !== undefined) patch.title = values.title;
  if (values.text !== undefined) patch.text = values.text;
  if (values.audioFileId !== undefined) patch.audio_file_id = values.audioFileId;
  if (values.view) {
    patch.azimuthal_angle = values.view.azimuthalAngle;
    patch.polar_angle = values.view.polarAngle;
    patch.focal_length = values.view.focalLength;
  }
  const updated = await inTransaction(ctx, async (tx) => {
    const row = await VirtualRoomTourStep.query(tx.db).patchAndFetchById(step.id, patch);
    await showRoomFiles(tx, room, [values.audioFileId]);
    await saveRoomItemTexts(tx, 'step', step.id, values.translations);
    return row;
  });
  clearRoomLoaders(ctx, room.id);
  forgetRoomItemTexts(ctx, 'step', step.id);
  return tourStepRecord(updated);
}

/** Renumbers a room's steps 0..n-1 in their current order, `moved` going to `toIndex`. */
async function renumber(tx: ServiceContext, roomId: string, moved?: { id: string; toIndex: number }) {
  const ids: string[] = await tx.db('virtual_room_tour_steps').where({ virtual_room_id: roomId }).orderBy(['sort', 'created_at', 'id']).pluck('id');
  if (moved) {
    ids.splice(ids.indexOf(moved.id), 1);
    ids.splice(moved.toIndex, 0, moved.id);
  }
  for (const [index, stepId] of ids.entries()) await tx.db('virtual_room_tour_steps').where({ id: stepId }).update({ sort: index });
}

/** Tour step delete (after confirming, in the page); the later steps move up. */
export async function deleteTourStep(ctx: ServiceContext, id: string): Promise<string> {
  const { organizationId } = requireRoomEditor(ctx);
  const { step, room } = await ownedStep(ctx, organizationId, id);
  await inTransaction(ctx, async (tx) => {
    await tx.db.raw('select id from virtual_rooms where id = ? for update', [room.id]);
    await tx.db('virtual_room_tour_steps').where({ id: step.id }).delete();
    await renumber(tx, room.id);
  });
  clearRoomLoaders(ctx, room.id);
  return step.id;
}

/** Moves a step to position `toIndex` (0-based) of the tour (drag or keyboard in the editor); the others close up. */
export async function moveTourStep(ctx: ServiceContext, id: string, toIndex: number): Promise<TourStepRecord[]> {
  const { organizationId } = requireRoomEditor(ctx);
  const { step, room } = await ownedStep(ctx, organizationId, id);
  const rows = await inTransaction(ctx, async (tx) => {
    await tx.db.raw('select id from virtual_rooms where id = ? for update', [room.id]);
    const count = Number((await tx.db('virtual_room_tour_steps').where({ virtual_room_id: room.id }).count('* as n').first())?.n ?? 0);
    if (!Number.isInteger(toIndex) || toIndex < 0 || toIndex >= count) throw new DomainError('INVALID', ctx.t('rooms:errors.moveOutOfRange'), 'toIndex');
    await renumber(tx, room.id, { id: step.id, toIndex });
    return VirtualRoomTourStep.query(tx.db).where({ virtual_room_id: room.id }).orderBy(['sort', 'id']);
  });
  clearRoomLoaders(ctx, room.id);
  return rows.map(tourStepRecord);
}
