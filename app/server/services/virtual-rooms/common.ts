import DataLoader from 'dataloader';
import {
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

/** A pano of one of the organisation's rooms, with its room. */
export async function ownedPano(ctx: ServiceContext, organizationId: string, id: string, field = 'panoId'): Promise<{ pano: VirtualRoomPano; room: VirtualRoom }> {
  assertId(ctx, id, field);
  const pano = await VirtualRoomPano.query(ctx.db).findById(id);
  const room = pano ? await VirtualRoom.query(ctx.db).findOne({ id: pano.virtual_room_id, organization_id: organizationId }) : undefined;
  if (!pano || !room) throw notFound(ctx, field);
  return { pano, room };
}

async function pointOwner(ctx: ServiceContext, organizationId: string, panoId: string | undefined, field: string) {
  if (!panoId) throw notFound(ctx, field);
  return ownedPano(ctx, organizationId, panoId, field).catch(() => {
    throw notFound(ctx, field);
  });
}

/** A nav point of one of the organisation's rooms, with its pano and room. */
export async function ownedNavPoint(ctx: ServiceContext, organizationId: string, id: string, field = 'id') {
  assertId(ctx, id, field);
  const point = await VirtualRoomNavPoint.query(ctx.db).findById(id);
  const { pano, room } = await pointOwner(ctx, organizationId, point?.pano_id, field);
  return { point: point!, pano, room };
}

/** An info point of one of the organisation's rooms, with its pano and room. */
export async function ownedInfoPoint(ctx: ServiceContext, organizationId: string, id: string, field = 'id') {
  assertId(ctx, id, field);
  const point = await VirtualRoomInfoPoint.query(ctx.db).findById(id);
  const { pano, room } = await pointOwner(ctx, organizationId, point?.pano_id, field);
  return { point: point!, pano, room };
}

/** A tour step of one of the organisation's rooms, with its room. */
export async function ownedStep(ctx: ServiceContext, organizationId: string, id: string, field = 'id'): Promise<{ step: VirtualRoomTourStep; room: VirtualRoom }> {
  assertId(ctx, id, field);
  const step = await VirtualRoomTourStep.query(ctx.db).findById(id);
  const room = step ? await VirtualRoom.query(ctx.db).findOne({ id: step.virtual_room_id, organization_id: organizationId }) : undefined;
  if (!step || !room) throw notFound(ctx, field);
  return { step, room };
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

/** The nav points of all panos of the given rooms (by room id). */
export const navPointsOfRoom = defineLoader(
  (ctx) =>
    new DataLoader<string, (VirtualRoomNavPoint & { virtual_room_id: string })[]>(async (ids) => {
      const rows = (await VirtualRoomNavPoint.query(ctx.db)
        .join('virtual_room_panos as p', 'p.id', 'virtual_room_nav_points.pano_id')
        .whereIn('p.virtual_room_id', ids as string[])
        .select('virtual_room_nav_points.*', 'p.virtual_room_id')
        .orderBy(['virtual_room_nav_points.created_at', 'virtual_room_nav_points.id'])) as (VirtualRoomNavPoint & { virtual_room_id: string })[];
      return byKey(rows, 'virtual_room_id', ids);
    }),
);

/** The info points of all panos of the given rooms (by room id). */
export const infoPointsOfRoom = defineLoader(
  (ctx) =>
    new DataLoader<string, (VirtualRoomInfoPoint & { virtual_room_id: string })[]>(async (ids) => {
      const rows = (await VirtualRoomInfoPoint.query(ctx.db)
        .join('virtual_room_panos as p', 'p.id', 'virtual_room_info_points.pano_id')
        .whereIn('p.virtual_room_id', ids as string[])
        .select('virtual_room_info_points.*', 'p.virtual_room_id')
        .orderBy(['virtual_room_info_points.created_at', 'virtual_room_info_points.id'])) as (VirtualRoomInfoPoint & { virtual_room_id: string })[];
      return byKey(rows, 'virtual_room_id', ids);
    }),
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
