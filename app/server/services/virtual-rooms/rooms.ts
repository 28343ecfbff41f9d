import { VirtualRoom } from '#db/models/index';
import { RoomCreateInput, RoomUpdateInput, StandAloneRoomInput, type RoomCreateInput as CreateInput, type RoomUpdateInput as UpdateInput, type StandAloneRoomInput as StandAloneInput } from '~/lib/schemas/virtual-rooms';
import { inTransaction, type ServiceContext } from '../../context.server';
import { iconUrl } from '../content/icons';
import { DomainError } from '../errors';
import { fileById } from '../files/files.server';
import { showRoomFiles } from './file-uses';
import { freeSlug, isUniqueViolation } from '../slugs';
import { parseInput } from '../validation';
import { clearRoomLoaders, infoPointsOfRoom, ownedRoom, panosOfRoom, roomInitialView, roomNotFound, roomRecord, roomsWithCounts, stepsOfRoom } from './common';
import { roomDestinations } from './destinations';
import { panoRecord } from './panos';
import { requireRoomEditor } from './policy';
import { tourStepRecord } from './tour';
import { roomItemTexts } from './texts';
import type { PanoRecord, RoomEditorData, RoomViewAngles, TourStepRecord, VirtualRoom as VirtualRoomRecord } from './types';
import { buildRoomView } from './visit';

/**
 * Virtual rooms (spec 000 points 2-4, 001 points 5-7; issue 17): an organisation's rooms, listed, created, renamed,
 * given an access type and an initial view, and deleted by members with the sales hub feature. Panos: panos.ts;
 * points: points.ts; the tour: tour.ts; what visitors get: visit.ts.
 */

/** `VirtualRooms`: the current organisation's rooms, newest first, with their pano count (one statement). */
export async function listRooms(ctx: ServiceContext): Promise<VirtualRoomRecord[]> {
  const { organizationId } = requireRoomEditor(ctx);
  const rows = await roomsWithCounts(ctx).where('virtual_rooms.organization_id', organizationId).orderBy([
    { column: 'virtual_rooms.created_at', order: 'desc' },
    { column: 'virtual_rooms.id' },
  ]);
  return rows.map(roomRecord);
}

/** One room of the current organisation as a record; NOT_FOUND for anything else. */
export async function roomRecordById(ctx: ServiceContext, id: string): Promise<VirtualRoomRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const room = await ownedRoom(ctx, organizationId, id);
  const [row] = await roomsWithCounts(ctx).where('virtual_rooms.id', room.id);
  return roomRecord(row);
}

/** The icons the editor offers: the organisation's icon library (read directly: sales reps lack the content feature). */
async function roomIcons(ctx: ServiceContext, organizationId: string) {
  const rows = await ctx.db('icons').where({ organization_id: organizationId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]).select('id', 'filename', 'kind', 'file_id', 'svg');
  return rows.map((r) => ({ id: r.id as string, name: String(r.filename).replace(/\.[a-z]+$/i, ''), url: iconUrl(r) }));
}

/** Everything the one-room editor needs (`/virtual-rooms/{slug}`); NOT_FOUND for another organisation's room. */
export async function roomForEditor(ctx: ServiceContext, slug: string): Promise<RoomEditorData> {
  const { organizationId } = requireRoomEditor(ctx);
  const clean = slug.trim().toLowerCase();
  const room = clean.length <= 120 ? await VirtualRoom.query(ctx.db).findOne({ slug: clean, organization_id: organizationId }) : undefined;
  if (!room) throw roomNotFound(ctx);
  const [view, panos, destinations, icons] = await Promise.all([
    buildRoomView(ctx, room, ctx.language, { asLoggedIn: true }),
    panosOfRoom(ctx).load(room.id),
    roomDestinations(ctx, room.id),
    roomIcons(ctx, organizationId),
  ]);
  const files = await fileById(ctx).loadMany(panos.map((p) => p.file_id));
  const record = roomRecord(room);
  // the steps' and iframe points' own texts and their translations (the view shows them in the editor's language)
  const [steps, infoPoints] = await Promise.all([stepsOfRoom(ctx).load(room.id), infoPointsOfRoom(ctx).load(room.id)]);
  const iframePoints = infoPoints.filter((p) => !p.content_page_id);
  const [stepTexts, pointTexts] = await Promise.all([
    Promise.all(steps.map((s) => roomItemTexts(ctx, 'step', s.id))),
    Promise.all(iframePoints.map((p) => roomItemTexts(ctx, 'infoPoint', p.id))),
  ]);
  return {
    texts: {
      steps: steps.map((s, i) => ({ id: s.id, title: s.title, text: s.text, translations: stepTexts[i] })),
      infoPoints: iframePoints.map((p, i) => ({ id: p.id, iframeTitle: p.iframe_title ?? '', translations: pointTexts[i] })),
    },
    room: { id: room.id, slug: room.slug, name: room.name, accessType: room.access_type, initialPanoId: record.initialPanoId, initialView: record.initialView },
    view,
    panos: panos.map((p, i) => {
      const file = files[i] instanceof Error ? null : files[i];
      return { id: p.id, name: p.name, fileId: p.file_id, width: file?.width ?? 0, height: file?.height ?? 0 };
    }),
    destinations,
    icons,
  };
}

const slugTaken = (ctx: ServiceContext) => new DomainError('UNIQUE', ctx.t('rooms:errors.linkNotGenerated'), 'slug');

/** `CreateVirtualRoom`: a new room without panos (setup incomplete); the slug comes from its name. */
export async function createRoom(ctx: ServiceContext, input: CreateInput): Promise<VirtualRoomRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const values = parseInput(ctx, RoomCreateInput, input);
  for (let attempt = 0; ; attempt += 1) {
    const slug = await freeSlug(ctx, 'virtual_rooms', values.name, 'raum');
    try {
      const room = await VirtualRoom.query(ctx.db).insert({ organization_id: organizationId, slug, name: values.name, access_type: values.accessType }).returning('*');
      return roomRecord(room);
    } catch (error) {
      // another room took the slug in between: look for the next free one
      if (!isUniqueViolation(error) || attempt >= 3) throw isUniqueViolation(error) ? slugTaken(ctx) : error;
    }
  }
}

/** The room's files (panoramas, tour audio) follow its access type (file-uses.ts): public for a PUBLIC room, else the room's visitors'. */
async function syncRoomFiles(ctx: ServiceContext, room: Pick<VirtualRoom, 'id' | 'organization_id' | 'access_type'>): Promise<void> {
  const panos = await panosOfRoom(ctx).load(room.id);
  const steps = await stepsOfRoom(ctx).load(room.id);
  await showRoomFiles(ctx, room, [...panos.map((p) => p.file_id), ...steps.map((s) => s.audio_file_id)]);
}

async function applyRoomPatch(ctx: ServiceContext, organizationId: string, id: string, values: StandAloneInput & { initialView?: RoomViewAngles | null }): Promise<VirtualRoomRecord> {
  const room = await ownedRoom(ctx, organizationId, id);
  const patch: Partial<VirtualRoom> = {};
  if (values.name !== undefined) patch.name = values.name;
  if (values.accessType !== undefined) patch.access_type = values.accessType;
  if (values.initialPanoId === null) {
    Object.assign(patch, { initial_pano_id: null, initial_azimuthal_angle: null, initial_polar_angle: null, initial_focal_length: null });
  } else if (values.initialPanoId !== undefined || values.initialView) {
    const panoId = values.initialPanoId ?? room.initial_pano_id;
    const panos = await panosOfRoom(ctx).load(room.id);
    const pano = panos.find((p) => p.id === panoId);
    if (!pano) throw new DomainError('NOT_FOUND', ctx.t('rooms:errors.initialPanoOtherRoom'), 'initialPanoId');
    // the view: the one given, else the pano's own initial view, else the room's current angles, else straight ahead
    const view: RoomViewAngles = values.initialView ??
      (pano.initial_azimuthal_angle !== null && pano.initial_polar_angle !== null && pano.initial_focal_length !== null
        ? { azimuthalAngle: pano.initial_azimuthal_angle, polarAngle: pano.initial_polar_angle, focalLength: pano.initial_focal_length }
        : null) ??
      roomInitialView(room) ?? { azimuthalAngle: 0, polarAngle: Math.PI / 2, focalLength: 35 };
    Object.assign(patch, {
      initial_pano_id: pano.id,
      initial_azimuthal_angle: view.azimuthalAngle,
      initial_polar_angle: view.polarAngle,
      initial_focal_length: view.focalLength,
    });
  }
  return inTransaction(ctx, async (tx) => {
    const updated = Object.keys(patch).length ? await VirtualRoom.query(tx.db).patchAndFetchById(room.id, patch) : room;
    clearRoomLoaders(tx, room.id);
    if (patch.access_type && patch.access_type !== room.access_type) await syncRoomFiles(tx, updated);
    return roomRecordById(tx, updated.id);
  });
}

/** `UpdateVirtualRoom`: name, access type, initial pano (its view comes along; null clears the room's initial view). */
export async function updateRoom(ctx: ServiceContext, id: string, input: UpdateInput): Promise<VirtualRoomRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const values = parseInput(ctx, RoomUpdateInput, input);
  return applyRoomPatch(ctx, organizationId, id, values);
}

/** `updateStandAloneRoom`: the room shown at `/standalone-room/{slug}`: name, access type and its initial view at once. */
export async function updateStandAloneRoom(ctx: ServiceContext, id: string, input: StandAloneInput): Promise<VirtualRoomRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const values = parseInput(ctx, StandAloneRoomInput, input);
  if (values.initialView && values.initialPanoId === undefined) {
    const room = await ownedRoom(ctx, organizationId, id);
    const first = room.initial_pano_id ?? (await panosOfRoom(ctx).load(room.id))[0]?.id;
    if (!first) throw new DomainError('INVALID', ctx.t('rooms:errors.noPanos'), 'initialView');
    values.initialPanoId = first;
  }
  return applyRoomPatch(ctx, organizationId, id, values);
}

/**
 * `deleteVirtualRoom` (after confirming, in the page): the room with its panos, points and tour (cascade); a
 * convention that showed it returns to the default navigation.
 */
export async function deleteRoom(ctx: ServiceContext, id: string): Promise<string> {
  const { organizationId } = requireRoomEditor(ctx);
  const room = await ownedRoom(ctx, organizationId, id);
  await inTransaction(ctx, async (tx) => {
    await tx
      .db('conventions')
      .where({ virtual_room_id: room.id, navigation_mode: 'VIRTUAL_ROOM' })
      .update({ navigation_mode: 'DEFAULT', virtual_room_id: null, updated_at: tx.db.fn.now() });
    // the initial view first: the cascade to the panos would otherwise leave angles without their pano
    await tx.db('virtual_rooms').where({ id: room.id }).update({ initial_pano_id: null, initial_azimuthal_angle: null, initial_polar_angle: null, initial_focal_length: null });
    await VirtualRoom.query(tx.db).deleteById(room.id);
  });
  clearRoomLoaders(ctx, room.id);
  return room.id;
}

/** `virtualRoomSlug`: the slug of one of the organisation's rooms (the link the sales rep copies). */
export async function virtualRoomSlug(ctx: ServiceContext, id: string): Promise<string> {
  const { organizationId } = requireRoomEditor(ctx);
  return (await ownedRoom(ctx, organizationId, id)).slug;
}

/**
 * A room's panos as records (GraphQL VirtualRoom.panos), in order, batched over a list of rooms. The room is a
 * record this service handed out after its policy check (listRooms, roomRecordById ...), so it is the current
 * organisation's; the editor check is repeated, the ownership not re-read per room.
 */
export async function roomPanos(ctx: ServiceContext, room: Pick<VirtualRoomRecord, 'id'>): Promise<PanoRecord[]> {
  requireRoomEditor(ctx);
  const panos = await panosOfRoom(ctx).load(room.id);
  const files = await fileById(ctx).loadMany(panos.map((p) => p.file_id));
  return panos.map((p, i) => panoRecord(p, files[i] instanceof Error ? null : files[i]));
}

/** A room's tour steps as records (GraphQL VirtualRoom.tourSteps), in order, batched; as roomPanos. */
export async function roomTourSteps(ctx: ServiceContext, room: Pick<VirtualRoomRecord, 'id'>): Promise<TourStepRecord[]> {
  requireRoomEditor(ctx);
  return (await stepsOfRoom(ctx).load(room.id)).map(tourStepRecord);
}
