import {
  HallAddStandSchema,
  HallReorderSchema,
  HallStandUpdateSchema,
  type HallAddStandInput,
  type HallStandUpdateInput,
} from '~/lib/schemas/stands';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { definedOnly, isUniqueViolation, notFound, previewSlug, requireEventMember } from './hall-common';
import { ownedImage, publishImage } from './conventions';
import { conventionHall, ownHall, type ConventionRow } from './halls';
import type { BaseStandRecord, HallRecord, HallStandRecord } from './stand-loaders';

const slugTaken = (ctx: ServiceContext) => new DomainError('UNIQUE', ctx.t('events:standErrors.hallSlugTaken'), 'slug');

/** A hall stand in a hall of the viewer's organisation (the host side); NOT_FOUND otherwise. */
async function hostHallStand(ctx: ServiceContext, id: string): Promise<HallStandRecord> {
  const { organizationId } = requireEventMember(ctx);
  assertId(ctx, id);
  const row = await ctx.db('hall_stands').where({ id, organization_id: organizationId }).first();
  if (!row) throw notFound(ctx, 'id');
  return row;
}

/**
 * The host puts a stand into their hall by the stand's slug ("domain", the key the exhibitor hands out).
 * Their own stand joins approved; another organisation's stand joins unapproved until the host approves it
 * with hallApproveStand, so it never shows in the hall before that. The hall stand gets the next place, the
 * stand's slug (unique in the hall) and an unguessable preview slug.
 */
export async function hallAddStand(ctx: ServiceContext, hallId: string, raw: HallAddStandInput): Promise<HallStandRecord> {
  const { organizationId } = requireEventMember(ctx);
  const hall = await ownHall(ctx, hallId);
  const input = parseInput(ctx, HallAddStandSchema, raw);
  const stand: BaseStandRecord | undefined = await ctx.db('base_stands').where({ slug: input.domain }).first();
  if (!stand) throw new DomainError('NOT_FOUND', ctx.t('events:standErrors.standNotFound'), 'domain');
  const thumbnailId = await ownedImage(ctx, organizationId, input.thumbnailId, '16:9', 'thumbnail');
  if (await ctx.db('hall_stands').where({ hall_id: hall.id, stand_id: stand.id }).first('id')) {
    throw new DomainError('UNIQUE', ctx.t('events:standErrors.alreadyInHall'), 'domain');
  }
  const slug = input.slug ?? stand.slug;
  if (await ctx.db('hall_stands').where({ hall_id: hall.id, slug }).first('id')) throw slugTaken(ctx);
  try {
    return await inTransaction(ctx, async (tx) => {
      await tx.db('halls').where({ id: hall.id }).forUpdate().first('id');
      const [{ next }] = await tx.db('hall_stands').where({ hall_id: hall.id }).select(tx.db.raw('coalesce(max("order") + 1, 0)::int as next'));
      const [row] = await tx
        .db('hall_stands')
        .insert({
          organization_id: organizationId,
          hall_id: hall.id,
          stand_id: stand.id,
          approved: stand.organization_id === organizationId,
          order: next,
          slug,
          thumbnail_id: thumbnailId ?? null,
          preview_slug: previewSlug(),
        })
        .returning('*');
      if (row.approved) await tx.db('base_stands').where({ id: stand.id }).update({ approved: true });
      await publishImage(tx, thumbnailId);
      return row as HallStandRecord;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('UNIQUE', ctx.t('events:standErrors.alreadyInHall'), 'domain');
    throw error;
  }
}

/** The host changes the hall stand's slug, thumbnail (16:9) or place. */
export async function hallUpdateStand(ctx: ServiceContext, id: string, raw: HallStandUpdateInput): Promise<HallStandRecord> {
  const hallStand = await hostHallStand(ctx, id);
  const input = parseInput(ctx, HallStandUpdateSchema, raw);
  const thumbnailId = await ownedImage(ctx, hallStand.organization_id, input.thumbnailId, '16:9', 'thumbnailId');
  if (input.slug && input.slug !== hallStand.slug) {
    if (await ctx.db('hall_stands').where({ hall_id: hallStand.hall_id, slug: input.slug }).whereNot('id', id).first('id')) throw slugTaken(ctx);
  }
  try {
    const [row] = await ctx
      .db('hall_stands')
      .where({ id })
      .update({ ...definedOnly({ slug: input.slug, thumbnail_id: thumbnailId, order: input.order }), updated_at: ctx.db.fn.now() })
      .returning('*');
    await publishImage(ctx, thumbnailId);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(ctx);
    throw error;
  }
}

/** The host approves a stand that joined their hall: from now on visitors see it there. */
export async function hallApproveStand(ctx: ServiceContext, id: string): Promise<HallStandRecord> {
  const hallStand = await hostHallStand(ctx, id);
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db('hall_stands').where({ id: hallStand.id }).update({ approved: true, updated_at: tx.db.fn.now() }).returning('*');
    await tx.db('base_stands').where({ id: hallStand.stand_id }).update({ approved: true, updated_at: tx.db.fn.now() });
    return row as HallStandRecord;
  });
}

/** Takes the stand out of the hall for good (the base stand itself stays with its organisation). */
export async function hallRemoveStand(ctx: ServiceContext, id: string): Promise<string> {
  const hallStand = await hostHallStand(ctx, id);
  await ctx.db('hall_stands').where({ id: hallStand.id }).delete();
  return hallStand.id;
}

/**
 * Sets the order of all stands of a hall at once (drag and drop, keyboard): `ids` must name every hall stand
 * of the hall exactly once; the first gets place 0. One transaction: nobody sees a half-sorted hall.
 */
export async function hallReorderStands(ctx: ServiceContext, hallId: string, ids: string[]): Promise<HallStandRecord[]> {
  const hall = await ownHall(ctx, hallId, 'hallId');
  const input = parseInput(ctx, HallReorderSchema, { ids });
  return inTransaction(ctx, async (tx) => {
    const current: string[] = await tx.db('hall_stands').where({ hall_id: hall.id }).forUpdate().pluck('id');
    const wanted = new Set(input.ids);
    if (wanted.size !== input.ids.length || wanted.size !== current.length || !current.every((id) => wanted.has(id))) {
      throw new DomainError('INVALID', ctx.t('events:standErrors.reorderMismatch'), 'ids');
    }
    for (const [order, id] of input.ids.entries()) {
      await tx.db('hall_stands').where({ id }).update({ order, updated_at: tx.db.fn.now() });
    }
    return tx.db('hall_stands').where({ hall_id: hall.id }).orderBy('order').select('*');
  });
}

/**
 * A hall stand for the console: the host (owner of the hall) and the exhibitor (owner of the stand) both
 * see it, approved or not; anyone else gets NOT_FOUND.
 */
export async function hallStandById(ctx: ServiceContext, id: string): Promise<HallStandRecord> {
  const { organizationId } = requireEventMember(ctx);
  assertId(ctx, id);
  const row = await ctx
    .db('hall_stands as hs')
    .join('base_stands as s', 's.id', 'hs.stand_id')
    .where('hs.id', id)
    .andWhere((q) => q.where('hs.organization_id', organizationId).orWhere('s.organization_id', organizationId))
    .first('hs.*');
  if (!row) throw notFound(ctx, 'id');
  return row;
}

/**
 * A stand in a convention's hall for visitors: only approved hall stands of active conventions, unless the
 * request carries the hall stand's preview slug (then also before approval and before the convention opens) or
 * comes from the host or the exhibitor. The access types of convention and hall apply either way.
 */
export async function conventionStand(
  ctx: ServiceContext,
  args: { conventionSlug: string; hallSlug: string; standSlug: string; previewSlug?: string | null },
): Promise<{ convention: ConventionRow; hall: HallRecord; hallStand: HallStandRecord }> {
  const { convention, hall } = await conventionHall(ctx, args.conventionSlug, args.hallSlug, { includeInactive: Boolean(args.previewSlug) });
  const hallStand: (HallStandRecord & { stand_organization_id: string }) | undefined = await ctx
    .db('hall_stands as hs')
    .join('base_stands as s', 's.id', 'hs.stand_id')
    .where({ 'hs.hall_id': hall.id, 'hs.slug': args.standSlug })
    .first('hs.*', 's.organization_id as stand_organization_id');
  if (!hallStand) throw notFound(ctx, 'standSlug');
  const insider = ctx.viewer?.organizations.some((o) => o.id === hall.organization_id || o.id === hallStand.stand_organization_id);
  const previewed = Boolean(args.previewSlug) && args.previewSlug === hallStand.preview_slug;
  if (!hallStand.approved && !insider && !previewed) throw notFound(ctx, 'standSlug');
  if (!convention.active && !insider && !previewed) throw notFound(ctx, 'conventionSlug');
  const { stand_organization_id: _owner, ...record } = hallStand;
  return { convention, hall, hallStand: record };
}
