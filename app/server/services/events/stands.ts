import { BaseStand } from '#db/models/index';
import {
  BaseStandCreateSchema,
  BaseStandUpdateSchema,
  TranslationSchema,
  TranslationUpdateSchema,
  type BaseStandCreateInput,
  type BaseStandUpdateInput,
  type TranslationInput,
  type TranslationUpdateInput,
} from '~/lib/schemas/stands';
import { inTransaction, type ServiceContext } from '../../context.server';
import { parseInput } from '../validation';
import {
  assertSlugFree,
  createTranslation,
  definedOnly,
  freeSlug,
  ownedChildRow,
  ownEventRow,
  ownRowBySlug,
  ownRowsQuery,
  requireEventMember,
  slugTaken,
  updateTranslation,
  withUniqueError,
  type TranslationRow,
} from './hall-common';
import { assertOwnPersonalization } from '../personalizations/personalizations';

export async function listStands(ctx: ServiceContext): Promise<BaseStand[]> {
  return ownRowsQuery(ctx, 'base_stands').orderBy([{ column: 'name' }, { column: 'created_at' }]).select('*');
}

export async function standBySlug(ctx: ServiceContext, slug: string): Promise<BaseStand> {
  return ownRowBySlug(ctx, 'base_stands', slug);
}

/** A base stand of the viewer's organisation (NOT_FOUND otherwise). */
export async function ownStand(ctx: ServiceContext, id: string, field = 'id'): Promise<BaseStand> {
  return ownEventRow(ctx, BaseStand, id, field);
}

export async function createBaseStand(ctx: ServiceContext, raw: BaseStandCreateInput): Promise<BaseStand> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, BaseStandCreateSchema, raw);
  if (input.slug) await assertSlugFree(ctx, 'base_stands', input.slug);
  const slug = input.slug ?? (await freeSlug(ctx, 'base_stands', input.name, 'stand'));
  return withUniqueError(() => slugTaken(ctx), async () => {
    const [stand] = await ctx
      .db('base_stands')
      .insert({
        organization_id: organizationId,
        name: input.name,
        slug,
        shop: input.shop,
        shop_url: input.shopUrl ?? '',
        chat_url: input.chatUrl ?? '',
      })
      .returning('*');
    return stand;
  });
}

export async function updateBaseStand(ctx: ServiceContext, id: string, raw: BaseStandUpdateInput): Promise<BaseStand> {
  const stand = await ownStand(ctx, id);
  const input = parseInput(ctx, BaseStandUpdateSchema, raw);
  if (input.slug && input.slug !== stand.slug) await assertSlugFree(ctx, 'base_stands', input.slug, {}, stand.id);
  return withUniqueError(() => slugTaken(ctx), async () => {
    const [updated] = await ctx
      .db('base_stands')
      .where({ id: stand.id })
      .update({
        ...definedOnly({ name: input.name, slug: input.slug, shop: input.shop, shop_url: input.shopUrl, chat_url: input.chatUrl }),
        updated_at: ctx.db.fn.now(),
      })
      .returning('*');
    return updated;
  });
}

/**
 * Deletes the stand for good: its translations, nodes, points, its places in halls and the foyer points that
 * led to it go with it.
 */
export async function deleteBaseStand(ctx: ServiceContext, id: string): Promise<string> {
  const stand = await ownStand(ctx, id);
  await inTransaction(ctx, async (tx) => {
    await tx.db('foyer_points').where({ target_type: 'STAND', target_id: stand.id }).delete();
    await tx.db('base_stands').where({ id: stand.id }).delete();
  });
  return stand.id;
}

/** Sets the stand's personalization: only one of the stand's own organisation (else NOT_FOUND); null removes it. */
export async function updateStandPersonalization(
  ctx: ServiceContext,
  id: string,
  personalizationId: string | null,
): Promise<BaseStand> {
  const stand = await ownStand(ctx, id);
  if (personalizationId !== null) await assertOwnPersonalization(ctx, stand.organization_id, personalizationId);
  const [updated] = await ctx
    .db('base_stands')
    .where({ id: stand.id })
    .update({ personalization_id: personalizationId, updated_at: ctx.db.fn.now() })
    .returning('*');
  return updated;
}

export async function createStandTranslation(ctx: ServiceContext, standId: string, raw: TranslationInput): Promise<TranslationRow> {
  const stand = await ownStand(ctx, standId, 'standId');
  return createTranslation(ctx, 'stand_translations', { stand_id: stand.id }, parseInput(ctx, TranslationSchema, raw));
}

async function ownStandTranslation(ctx: ServiceContext, id: string): Promise<void> {
  const { organizationId } = requireEventMember(ctx);
  await ownedChildRow(ctx, 'stand_translations', 'stand_id', 'base_stands', id, organizationId);
}

export async function updateStandTranslation(ctx: ServiceContext, id: string, raw: TranslationUpdateInput): Promise<TranslationRow> {
  await ownStandTranslation(ctx, id);
  return updateTranslation(ctx, 'stand_translations', id, parseInput(ctx, TranslationUpdateSchema, raw));
}

export async function deleteStandTranslation(ctx: ServiceContext, id: string): Promise<string> {
  await ownStandTranslation(ctx, id);
  await ctx.db('stand_translations').where({ id }).delete();
  return id;
}
