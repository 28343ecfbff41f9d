import { Point } from '#db/models/index';
import { PointCreateSchema, PointUpdateSchema, type PointCreateInput, type PointUpdateInput } from '~/lib/schemas/stands';
import { inTransaction, type ServiceContext } from '../../context.server';
import { parseInput } from '../validation';
import { assertSlugFree, definedOnly, freeSlug, ownEventRow, slugTaken, upsertTranslations, withUniqueError } from './hall-common';
import { ownNode } from './nodes';
import { assertOwnPage } from '../content-pages/picker';

export async function ownPoint(ctx: ServiceContext, id: string): Promise<Point> {
  return ownEventRow(ctx, Point, id);
}

/**
 * A point on a stand node at cx/cy (percent). A reference point also has a name, a slug unique on its node
 * (taken from the name when not given; the visitor route /rp/{rpslug} uses it), an order, translations and
 * optionally a content page.
 */
export async function createPoint(ctx: ServiceContext, nodeId: string, raw: PointCreateInput): Promise<Point> {
  const node = await ownNode(ctx, nodeId, 'nodeId');
  const input = parseInput(ctx, PointCreateSchema, raw);
  const reference = input.kind === 'REFERENCE';
  let slug: string | null = null;
  if (reference) await assertOwnPage(ctx, node.organization_id, input.contentPageId);
  if (reference) {
    if (input.slug) await assertSlugFree(ctx, 'points', input.slug, { node_id: node.id });
    slug = input.slug ?? (await freeSlug(ctx, 'points', input.name ?? '', 'punkt', { node_id: node.id }));
  }
  return withUniqueError(() => slugTaken(ctx), () =>
    inTransaction(ctx, async (tx) => {
      const [point] = await tx
        .db('points')
        .insert({
          organization_id: node.organization_id,
          node_id: node.id,
          cx: input.cx,
          cy: input.cy,
          kind: input.kind,
          name: reference ? input.name : '',
          slug,
          order: input.order ?? 0,
          content_page_id: reference ? (input.contentPageId ?? null) : null,
        })
        .returning('*');
      if (reference && input.translations) await upsertTranslations(tx, 'point_translations', { point_id: point.id }, input.translations);
      return point as Point;
    }),
  );
}

export async function updatePoint(ctx: ServiceContext, id: string, raw: PointUpdateInput): Promise<Point> {
  const point = await ownPoint(ctx, id);
  const input = parseInput(ctx, PointUpdateSchema, raw);
  const reference = point.kind === 'REFERENCE';
  if (reference) await assertOwnPage(ctx, point.organization_id, input.contentPageId);
  if (reference && input.slug && input.slug !== point.slug) await assertSlugFree(ctx, 'points', input.slug, { node_id: point.node_id }, point.id);
  const patch = reference
    ? { cx: input.cx, cy: input.cy, name: input.name || undefined, slug: input.slug, order: input.order, content_page_id: input.contentPageId }
    : { cx: input.cx, cy: input.cy };
  return withUniqueError(() => slugTaken(ctx), () =>
    inTransaction(ctx, async (tx) => {
      const [updated] = await tx
        .db('points')
        .where({ id: point.id })
        .update({ ...definedOnly(patch), updated_at: tx.db.fn.now() })
        .returning('*');
      if (reference && input.translations) await upsertTranslations(tx, 'point_translations', { point_id: point.id }, input.translations);
      return updated as Point;
    }),
  );
}

/** Deletes the point for good (the UI asks first). */
export async function deletePoint(ctx: ServiceContext, id: string): Promise<string> {
  const point = await ownPoint(ctx, id);
  await ctx.db('points').where({ id: point.id }).delete();
  return point.id;
}
