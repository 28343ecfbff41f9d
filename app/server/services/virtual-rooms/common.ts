import DataLoader from 'dataloader';
import type { ModelClass } from 'objection';
import {
  type BaseModel,
  VirtualRoom,
  VirtualRoomInfoPoint,
  VirtualRoomNavPoint,
  VirtualRoomPano,
  VirtualRoomTourStep,
} from '#db/models/index';
import { defineLoader, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import type { RoomViewAngles, VirtualRoom as VirtualRoomRow } from './types';

/**
 * What the rooms services share (module-private to the domain): the owned-object lookups that answer NOT_FOUND for
 * another organisation's rows, the per-request loaders of a room's parts, and the row-to-record conversions.
 */

export const notFound = (ctx: ServiceContext, field = 'id') => new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);
export const roomNotFound = (ctx: ServiceContext, field = 'slug') => new DomainError('NOT_FOUND', ctx.t('rooms:errors.roomNotFound'), field);

/** A room of the organisation by id; NOT_FOUND for any other (another organisation's looks missing). */
export async function ownedRoom(ctx: ServiceContext, organizationId: string, id: string, field = 'id'): Promise<VirtualRoom> {
  assertId(ctx, id, field);
  const room = await VirtualRoom.query(ctx.db).findOne({ id, organization_id: organizationId });
  if (!room) throw notFound(ctx, field);
  return room;
}

/** The organisation's room of that id (a child row's `virtual_room_id`); NOT_FOUND for none or another's. */
async function ownRoom(ctx: ServiceContext, organizationId: string, roomId: string | undefined, field: string): Promise<VirtualRoom> {
  const room = roomId ? await VirtualRoom.query(ctx.db).findOne({ id: roomId, organization_id: organizationId }) : undefined;
  if (!room) throw notFound(ctx, field);
  return room;
}

/** A pano of one of the organisation's rooms, with its room. */
export async function ownedPano(ctx: ServiceContext, organizationId: string, id: string, field = 'panoId'): Promise<{ pano: VirtualRoomPano; room: VirtualRoom }> {
  assertId(ctx, id, field);
  const pano = await VirtualRoomPano.query(ctx.db).findById(id);
  return { room: await ownRoom(ctx, organizationId, pano?.virtual_room_id, field), pano: pano! };
}

/** A point (nav or info) of one of the organisation's rooms, with its pano and room; NOT_FOUND as `field`. */
async function ownedPoint<P extends { pano_id: string }>(ctx: ServiceContext, organizationId: string, point: P | undefined, field: string) {
  if (!point) throw notFound(ctx, field);
  const { pano, room } = await ownedPano(ctx, organizationId, point.pano_id, field).catch(() => {
    throw notFound(ctx, field);
  });
  return { point, pano, room };
}

/** A nav point of one of the organisation's rooms, with its pano and room. */
export async function ownedNavPoint(ctx: ServiceContext, organizationId: string, id: string, field = 'id') {
  assertId(ctx, id, field);
  return ownedPoint(ctx, organizationId, await VirtualRoomNavPoint.query(ctx.db).findById(id), field);
}

/** An info point of one of the organisation's rooms, with its pano and room. */
export async function ownedInfoPoint(ctx: ServiceContext, organizationId: string, id: string, field = 'id') {
  assertId(ctx, id, field);
  return ownedPoint(ctx, organizationId, await VirtualRoomInfoPoint.query(ctx.db).findById(id), field);
}

/** A tour step of one of the organisation's rooms, with its room. */
export async function ownedStep(ctx: ServiceContext, organizationId: string, id: string, field = 'id'): Promise<{ step: VirtualRoomTourStep; room: VirtualRoom }> {
  assertId(ctx, id, field);
  const step = await VirtualRoomTourStep.query(ctx.db).findById(id);
  return { room: await ownRoom(ctx, organizationId, step?.virtual_room_id, field), step: step! };
}

export function roomInitialView(room: VirtualRoom): RoomViewAngles | null {
  if (!room.initial_pano_id || room.initial_azimuthal_angle === null || room.initial_polar_angle === null || room.initial_focal_length === null) return null;
  return { azimuthalAngle: room.initial_azimuthal_angle, polarAngle: room.initial_polar_angle, focalLength: room.initial_focal_length };
}

export function panoInitialView(pano: VirtualRoomPano): RoomViewAngles | null {
  if (pano.initial_azimuthal_angle === null || pano.initial_polar_angle === null || pano.initial_focal_length === null) return null;
  return { azimuthalAngle: pano.initial_azimuthal_angle, polarAngle: pano.initial_polar_angle, focalLength: pano.initial_focal_length };
}

export function roomRecord(room: VirtualRoom & { pano_count?: number | string; convention_id?: string | null }): VirtualRoomRow {
  return {
    id: room.id,
    slug: room.slug,
    name: room.name,
    accessType: room.access_type,
    initialPanoId: room.initial_pano_id,
    initialView: roomInitialView(room),
    panoCount: Number(room.pano_count ?? 0),
    conventionId: room.convention_id ?? null,
    createdAt: new Date(room.created_at).toISOString(),
    updatedAt: new Date(room.updated_at).toISOString(),
  };
}

/** The rooms' rows with their pano count and the convention that shows them (one statement). */
export function roomsWithCounts(ctx: ServiceContext) {
  return VirtualRoom.query(ctx.db).select(
    'virtual_rooms.*',
    ctx.db.raw('(select count(*) from virtual_room_panos p where p.virtual_room_id = virtual_rooms.id)::int as pano_count'),
    ctx.db.raw(
      "(select c.id from conventions c where c.virtual_room_id = virtual_rooms.id and c.navigation_mode = 'VIRTUAL_ROOM' order by c.created_at limit 1) as convention_id",
    ),
  );
}

const byKey = <T, K extends keyof T>(rows: T[], key: K, ids: readonly string[]) => ids.map((id) => rows.filter((r) => (r[key] as unknown) === id));

/** A room's panos in order. */
export const panosOfRoom = defineLoader(
  (ctx) =>
    new DataLoader<string, VirtualRoomPano[]>(async (ids) =>
      byKey(await VirtualRoomPano.query(ctx.db).whereIn('virtual_room_id', ids as string[]).orderBy(['sort', 'created_at', 'id']), 'virtual_room_id', ids),
    ),
);

/** A room's tour steps in order. */
export const stepsOfRoom = defineLoader(
  (ctx) =>
    new DataLoader<string, VirtualRoomTourStep[]>(async (ids) =>
      byKey(await VirtualRoomTourStep.query(ctx.db).whereIn('virtual_room_id', ids as string[]).orderBy(['sort', 'created_at', 'id']), 'virtual_room_id', ids),
    ),
);

/** A point with the room of its pano. */
type InRoom<T> = T & { virtual_room_id: string };

/** The nav or info points of all panos of the given rooms, by room id, oldest first. */
async function pointsOfRooms<M extends typeof VirtualRoomNavPoint | typeof VirtualRoomInfoPoint>(ctx: ServiceContext, model: M, ids: readonly string[]) {
  const table = model.tableName;
  const rows = (await (model as unknown as ModelClass<BaseModel>)
    .query(ctx.db)
    .join('virtual_room_panos as p', 'p.id', `${table}.pano_id`)
    .whereIn('p.virtual_room_id', ids as string[])
    .select(`${table}.*`, 'p.virtual_room_id')
    .orderBy([`${table}.created_at`, `${table}.id`])) as InRoom<InstanceType<M>>[];
  return byKey(rows, 'virtual_room_id', ids);
}

/** The nav points of all panos of the given rooms (by room id). */
export const navPointsOfRoom = defineLoader(
  (ctx) =>
    new DataLoader<string, InRoom<VirtualRoomNavPoint>[]>((ids) => pointsOfRooms(ctx, VirtualRoomNavPoint, ids)),
);

/** The info points of all panos of the given rooms (by room id). */
export const infoPointsOfRoom = defineLoader(
  (ctx) =>
    new DataLoader<string, InRoom<VirtualRoomInfoPoint>[]>((ids) => pointsOfRooms(ctx, VirtualRoomInfoPoint, ids)),
);

/** Forget a room's cached parts after a write in this request. */
export function clearRoomLoaders(ctx: ServiceContext, roomId: string): void {
  panosOfRoom(ctx).clear(roomId);
  stepsOfRoom(ctx).clear(roomId);
  navPointsOfRoom(ctx).clear(roomId);
  infoPointsOfRoom(ctx).clear(roomId);
}

/** The icon must be one of the organisation's (NOT_FOUND otherwise); null/undefined pass. */
export async function assertOwnIcon(ctx: ServiceContext, organizationId: string, iconId: string | null | undefined, field = 'iconId'): Promise<void> {
  if (!iconId) return;
  assertId(ctx, iconId, field);
  const row = await ctx.db('icons').where({ id: iconId, organization_id: organizationId }).first('id');
  if (!row) throw notFound(ctx, field);
}
