import { StandNode } from '#db/models/index';
import {
  StandNodeCreateSchema,
  StandNodeUpdateSchema,
  type StandNodeCreateInput,
  type StandNodeType,
  type StandNodeUpdateInput,
} from '~/lib/schemas/stands';
import type { ImageRatio } from '../files/files.server';
import type { ServiceContext } from '../../context.server';
import { parseInput } from '../validation';
import { ownedImage, publishImage } from './conventions';
import { definedOnly, ownEventRow } from './hall-common';
import { ownStand } from './stands';

/** Stand images are 16:9, panoramas 2:1 (spec 001 points 5 and 9); an iframe node has no image. */
const RATIO: Record<StandNodeType, ImageRatio | null> = { IMAGE: '16:9', PANO: '2:1', IFRAME: null };

export async function ownNode(ctx: ServiceContext, id: string, field = 'id'): Promise<StandNode> {
  return ownEventRow(ctx, StandNode, id, field);
}

export async function createStandNode(ctx: ServiceContext, standId: string, raw: StandNodeCreateInput): Promise<StandNode> {
  const stand = await ownStand(ctx, standId, 'standId');
  const input = parseInput(ctx, StandNodeCreateSchema, raw);
  const ratio = RATIO[input.type];
  const imageId = ratio ? await ownedImage(ctx, stand.organization_id, input.imageId, ratio, 'imageId') : null;
  const [node] = await ctx
    .db('stand_nodes')
    .insert({
      organization_id: stand.organization_id,
      stand_id: stand.id,
      type: input.type,
      language: input.language,
      image_id: imageId ?? null,
      iframe: input.type === 'IFRAME' ? input.iframe : null,
    })
    .returning('*');
  await publishImage(ctx, imageId);
  return node;
}

export async function updateStandNode(ctx: ServiceContext, id: string, raw: StandNodeUpdateInput): Promise<StandNode> {
  const node = await ownNode(ctx, id);
  const input = parseInput(ctx, StandNodeUpdateSchema, raw);
  const ratio = RATIO[node.type];
  const imageId = ratio ? await ownedImage(ctx, node.organization_id, input.imageId, ratio, 'imageId') : undefined;
  const iframe = node.type === 'IFRAME' && input.iframe ? input.iframe : undefined;
  const [updated] = await ctx
    .db('stand_nodes')
    .where({ id: node.id })
    .update({ ...definedOnly({ language: input.language, image_id: imageId, iframe }), updated_at: ctx.db.fn.now() })
    .returning('*');
  await publishImage(ctx, imageId);
  return updated;
}

/** Deletes the node for good, with its points. */
export async function deleteStandNode(ctx: ServiceContext, id: string): Promise<string> {
  const node = await ownNode(ctx, id);
  await ctx.db('stand_nodes').where({ id: node.id }).delete();
  return node.id;
}
