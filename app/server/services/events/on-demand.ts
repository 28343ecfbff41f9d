import {
  OnDemandContentCreateSchema,
  OnDemandContentUpdateSchema,
  type OnDemandContentCreateInput,
  type OnDemandContentUpdateInput,
} from '~/lib/schemas/events';
import type { ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { parseInput } from '../validation';
import { ownedConvention, ownedImage, publishImage } from './conventions';
import { definedOnly, notFound, requireEventMember } from './hall-common';
import { onDemandOfConvention, type OnDemandContentRecord } from './loaders';

export type { OnDemandContentRecord };

async function ownedContent(ctx: ServiceContext, id: string): Promise<OnDemandContentRecord> {
  const { organizationId } = requireEventMember(ctx);
  assertId(ctx, id);
  const row = await ctx
    .db('on_demand_contents as d')
    .join('conventions as c', 'c.id', 'd.convention_id')
    .where({ 'd.id': id, 'c.organization_id': organizationId })
    .first('d.*');
  if (!row) throw notFound(ctx);
  return row;
}

/** An on-demand item (recorded talk, video, download) of one of the organisation's conventions. */
export async function createOnDemandContent(ctx: ServiceContext, rawInput: OnDemandContentCreateInput): Promise<OnDemandContentRecord> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, OnDemandContentCreateSchema, rawInput);
  const convention = await ownedConvention(ctx, input.conventionId, 'conventionId');
  const thumbnailId = await ownedImage(ctx, organizationId, input.thumbnailId, null, 'thumbnailId');
  const [row] = await ctx
    .db('on_demand_contents')
    .insert({
      convention_id: convention.id,
      title: input.title,
      ...definedOnly({ description: input.description, thumbnail_id: thumbnailId, content_page_id: input.contentPageId }),
    })
    .returning('*');
  onDemandOfConvention(ctx).clear(convention.id);
  await publishImage(ctx, thumbnailId);
  return row;
}

export async function updateOnDemandContent(
  ctx: ServiceContext,
  id: string,
  rawInput: OnDemandContentUpdateInput,
): Promise<OnDemandContentRecord> {
  const { organizationId } = requireEventMember(ctx);
  const current = await ownedContent(ctx, id);
  const input = parseInput(ctx, OnDemandContentUpdateSchema, rawInput);
  const thumbnailId = await ownedImage(ctx, organizationId, input.thumbnailId, null, 'thumbnailId');
  const [row] = await ctx
    .db('on_demand_contents')
    .where({ id: current.id })
    .update({
      ...definedOnly({
        title: input.title,
        description: input.description,
        thumbnail_id: thumbnailId,
        content_page_id: input.contentPageId,
      }),
      updated_at: ctx.db.fn.now(),
    })
    .returning('*');
  onDemandOfConvention(ctx).clear(current.convention_id);
  await publishImage(ctx, thumbnailId);
  return row;
}

export async function deleteOnDemandContent(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const content = await ownedContent(ctx, id);
  await ctx.db('on_demand_contents').where({ id: content.id }).delete();
  onDemandOfConvention(ctx).clear(content.convention_id);
  return { id: content.id };
}
