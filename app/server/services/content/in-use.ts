import type { ModelClass } from 'objection';
import type { BaseModel } from '#db/models/index';
import { inTransaction, type ServiceContext } from '../../context.server';
import { DomainError } from '../errors';

/**
 * Deletes a content group or page unless something still links it (spec 001 point 8): then INVALID with the
 * message `inUseKey` naming every place, and nothing is deleted. The row lock keeps a concurrent link from
 * slipping in between the check and the delete.
 */
export async function deleteUnlessUsed(
  ctx: ServiceContext,
  model: typeof BaseModel,
  id: string,
  usagesOf: (tx: ServiceContext, id: string) => Promise<string[]>,
  inUseKey: string,
): Promise<string> {
  const query = (tx: ServiceContext) => (model as unknown as ModelClass<BaseModel>).query(tx.db);
  return inTransaction(ctx, async (tx) => {
    await query(tx).findById(id).forUpdate();
    const usages = await usagesOf(tx, id);
    if (usages.length) {
      throw new DomainError('INVALID', ctx.t(inUseKey, { places: usages.join(', '), interpolation: { escapeValue: false } }));
    }
    await query(tx).deleteById(id);
    return id;
  });
}

/** The stand reference points that link a content page or group (`column`), each with its stand's name. */
export function linkingPoints(ctx: ServiceContext, column: 'content_page_id' | 'content_group_id', id: string): Promise<{ name: string; stand: string }[]> {
  return ctx
    .db('points as p')
    .join('stand_nodes as n', 'n.id', 'p.node_id')
    .join('base_stands as s', 's.id', 'n.stand_id')
    .where(`p.${column}`, id)
    .select('p.name', 's.name as stand');
}

/** The conventions (their slugs as `name`) whose image foyer has a point leading to a content page or group. */
export function linkingFoyers(ctx: ServiceContext, targetType: 'CONTENTPAGE' | 'CONTENT', id: string): Promise<{ name: string }[]> {
  return ctx
    .db('foyer_points as f')
    .join('image_foyers as i', 'i.id', 'f.foyer_id')
    .join('conventions as c', 'c.id', 'i.convention_id')
    .where({ 'f.target_type': targetType, 'f.target_id': id })
    .select('c.slug as name');
}
