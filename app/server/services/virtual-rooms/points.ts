import { VirtualRoomInfoPoint, VirtualRoomNavPoint } from '#db/models/index';
import type { z } from 'zod';
import { InfoPointCreateInput, InfoPointTextsInput, NavPointCreateInput, type InfoPointCreateInput as InfoInput, type NavPointCreateInput as NavInput } from '~/lib/schemas/virtual-rooms';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertOwnPage } from '../content-pages/picker';
import { DomainError } from '../errors';
import { publishFile } from '../files/files.server';
import { registerIconUsage } from '../content/icons';
import { parseInput } from '../validation';
import { assertOwnIcon, clearRoomLoaders, notFound, ownedInfoPoint, ownedNavPoint, ownedPano, panosOfRoom } from './common';
import { destinationAllowed } from './destinations';
import { requireRoomEditor } from './policy';
import { forgetRoomItemTexts, saveRoomItemTexts } from './texts';
import type { InfoPointRecord, NavPointDestinationInput, NavPointRecord } from './types';

/**
 * Points on a pano (spec 000 point 3, 001 points 5 and 7; issue 17): navigation points with exactly one destination
 * (another pano of the room, a URL, a hall, a hall stand, a stage or a convention the organisation may link to; at
 * least two panoramas in the room), info points with a content page of the organisation or an https iframe, and an
 * icon of the organisation's library. Deleting a point is confirmed in the page and cannot be undone.
 */

registerIconUsage({ table: 'virtual_room_nav_points', column: 'icon_id' });
registerIconUsage({ table: 'virtual_room_info_points', column: 'icon_id' });

/** A point scaled onto the unit sphere (the viewer's raycast may hand a point on a larger sphere). */
function onSphere(ctx: ServiceContext, x: number, y: number, z: number) {
  const length = Math.hypot(x, y, z);
  if (!(length > 1e-9)) throw new DomainError('INVALID', ctx.t('validation:typeMismatch.number'), 'x');
  return { x: x / length, y: y / length, z: z / length };
}

async function publishIcon(ctx: ServiceContext, organizationId: string, iconId: string | null | undefined) {
  if (!iconId) return;
  const icon = await ctx.db('icons').where({ id: iconId }).first('file_id');
  await publishFile(ctx, icon?.file_id, organizationId);
}

/** Inserts a point and publishes its icon in one transaction; the room's cached points go stale with it. */
async function insertPoint<T>(
  ctx: ServiceContext,
  organizationId: string,
  roomId: string,
  iconId: string | null | undefined,
  insert: (tx: ServiceContext) => PromiseLike<T>,
): Promise<T> {
  const point = await inTransaction(ctx, async (tx) => {
    const row = await insert(tx);
    await publishIcon(tx, organizationId, iconId);
    return row;
  });
  clearRoomLoaders(ctx, roomId);
  return point;
}

export function navPointRecord(p: VirtualRoomNavPoint): NavPointRecord {
  const destination: NavPointDestinationInput = p.target_pano_id
    ? { panoId: p.target_pano_id }
    : p.url
      ? { url: p.url }
      : p.hall_id
        ? { hallId: p.hall_id }
        : p.hall_stand_id
          ? { hallStandId: p.hall_stand_id }
          : p.stage_id
            ? { stageId: p.stage_id }
            : { conventionId: p.convention_id! };
  return { id: p.id, panoId: p.pano_id, x: p.x, y: p.y, z: p.z, iconId: p.icon_id, destination };
}

export function infoPointRecord(p: VirtualRoomInfoPoint): InfoPointRecord {
  return {
    id: p.id,
    panoId: p.pano_id,
    x: p.x,
    y: p.y,
    z: p.z,
    iconId: p.icon_id,
    auth: p.auth,
    contentPageId: p.content_page_id,
    iframeTitle: p.iframe_title,
    iframeUrl: p.iframe_url,
  };
}

/** `createNavPoint`: a point at x, y, z of a pano leading to exactly one destination. */
export async function createNavPoint(ctx: ServiceContext, input: NavInput): Promise<NavPointRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const values = parseInput(ctx, NavPointCreateInput, input);
  const { pano, room } = await ownedPano(ctx, organizationId, values.panoId, 'panoId');
  const panos = await panosOfRoom(ctx).load(room.id);
  if (panos.length < 2) throw new DomainError('INVALID', ctx.t('rooms:errors.navPointNeedsTwoPanos'), 'panoId');
  await assertOwnIcon(ctx, organizationId, values.iconId);
  const destination = values.destination;
  const columns: Partial<VirtualRoomNavPoint> = {};
  if ('panoId' in destination) {
    if (!panos.some((p) => p.id === destination.panoId)) throw notFound(ctx, 'destination.panoId');
    if (destination.panoId === pano.id) throw new DomainError('INVALID', ctx.t('rooms:errors.navPointSamePano'), 'destination.panoId');
    columns.target_pano_id = destination.panoId;
  } else if ('url' in destination) {
    columns.url = destination.url;
  } else if ('hallId' in destination) {
    if (!(await destinationAllowed(ctx, organizationId, 'halls', destination.hallId))) throw notFound(ctx, 'destination.hallId');
    columns.hall_id = destination.hallId;
  } else if ('hallStandId' in destination) {
    if (!(await destinationAllowed(ctx, organizationId, 'hallStands', destination.hallStandId))) throw notFound(ctx, 'destination.hallStandId');
    columns.hall_stand_id = destination.hallStandId;
  } else if ('stageId' in destination) {
    if (!(await destinationAllowed(ctx, organizationId, 'stages', destination.stageId))) throw notFound(ctx, 'destination.stageId');
    columns.stage_id = destination.stageId;
  } else {
    if (!(await destinationAllowed(ctx, organizationId, 'conventions', destination.conventionId))) throw notFound(ctx, 'destination.conventionId');
    columns.convention_id = destination.conventionId;
  }
  const point = await insertPoint(ctx, organizationId, room.id, values.iconId, (tx) =>
    VirtualRoomNavPoint.query(tx.db)
      .insert({ pano_id: pano.id, ...onSphere(ctx, values.x, values.y, values.z), icon_id: values.iconId ?? null, ...columns })
      .returning('*'),
  );
  return navPointRecord(point);
}

/** `createInfoPoint`: a point at x, y, z of a pano opening a content page of the organisation or an https iframe. */
export async function createInfoPoint(ctx: ServiceContext, input: InfoInput): Promise<InfoPointRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const values = parseInput(ctx, InfoPointCreateInput, input);
  const { pano, room } = await ownedPano(ctx, organizationId, values.panoId, 'panoId');
  await assertOwnIcon(ctx, organizationId, values.iconId);
  const page = values.contentPageId ?? null;
  const iframeUrl = values.iframeUrl || null;
  const iframeTitle = values.iframeTitle || null;
  const hasIframe = Boolean(iframeUrl || iframeTitle);
  if ((page && hasIframe) || (!page && !(iframeUrl && iframeTitle))) {
    throw new DomainError(page || hasIframe ? 'INVALID' : 'REQUIRED', ctx.t('rooms:errors.infoPointTarget'), page ? 'iframeUrl' : iframeUrl ? 'iframeTitle' : iframeTitle ? 'iframeUrl' : 'contentPageId');
  }
  await assertOwnPage(ctx, organizationId, page);
  const point = await insertPoint(ctx, organizationId, room.id, values.iconId, async (tx) => {
    const row = await VirtualRoomInfoPoint.query(tx.db)
      .insert({
        pano_id: pano.id,
        ...onSphere(ctx, values.x, values.y, values.z),
        icon_id: values.iconId ?? null,
        auth: values.auth,
        content_page_id: page,
        iframe_title: page ? null : iframeTitle,
        iframe_url: page ? null : iframeUrl,
      })
      .returning('*');
    // the title of the embedded page per language; a point that opens a content page takes the page's texts
    if (!page) await saveRoomItemTexts(tx, 'infoPoint', row.id, values.translations);
    return row;
  });
  forgetRoomItemTexts(ctx, 'infoPoint', point.id);
  return infoPointRecord(point);
}

/**
 * `setInfoPointTranslations`: the embedded page's title of an info point per language (issue 24 item 21); the
 * languages given change, the others stay. A point that opens a content page shows the page's own texts (INVALID).
 */
export async function setInfoPointTranslations(ctx: ServiceContext, id: string, input: z.input<typeof InfoPointTextsInput>): Promise<InfoPointRecord> {
  const { organizationId } = requireRoomEditor(ctx);
  const values = parseInput(ctx, InfoPointTextsInput, input);
  const { point, room } = await ownedInfoPoint(ctx, organizationId, id);
  if (point.content_page_id) throw new DomainError('INVALID', ctx.t('rooms:errors.infoPointPageTexts'), 'translations');
  await inTransaction(ctx, (tx) => saveRoomItemTexts(tx, 'infoPoint', point.id, values.translations));
  clearRoomLoaders(ctx, room.id);
  forgetRoomItemTexts(ctx, 'infoPoint', point.id);
  return infoPointRecord(point);
}

/** Deletes a point of one of the organisation's rooms (`owned` finds it, NOT_FOUND otherwise) and its room's cache. */
async function deletePointOf(ctx: ServiceContext, id: string, owned: typeof ownedNavPoint | typeof ownedInfoPoint, table: string): Promise<string> {
  const { organizationId } = requireRoomEditor(ctx);
  const { point, room } = await owned(ctx, organizationId, id);
  await ctx.db(table).where({ id: point.id }).delete();
  clearRoomLoaders(ctx, room.id);
  return point.id;
}

/** `deleteNavPoint` (after confirming, in the page). */
export function deleteNavPoint(ctx: ServiceContext, id: string): Promise<string> {
  return deletePointOf(ctx, id, ownedNavPoint, 'virtual_room_nav_points');
}

/** `deleteInfoPoint` (after confirming, in the page); tour steps that opened it keep their view without it. */
export function deleteInfoPoint(ctx: ServiceContext, id: string): Promise<string> {
  return deletePointOf(ctx, id, ownedInfoPoint, 'virtual_room_info_points');
}
