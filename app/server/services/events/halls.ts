import { Hall, type Convention } from '#db/models/index';
import {
  HallCreateSchema,
  HallUpdateSchema,
  TranslationSchema,
  TranslationUpdateSchema,
  type HallCreateInput,
  type HallUpdateInput,
  type TranslationInput,
  type TranslationUpdateInput,
} from '~/lib/schemas/stands';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { parseInput } from '../validation';
import {
  assertSlugFree,
  createTranslation,
  definedOnly,
  freeSlug,
  notFound,
  ownedChildRow,
  ownedRow,
  ownEventRow,
  ownRowBySlug,
  ownRowsQuery,
  requireEventMember,
  slugTaken,
  updateTranslation,
  withUniqueError,
  type TranslationRow,
} from './hall-common';
import { assertAccess } from '../access/index';
import { conventionBySlug, ownedConvention, ownedImage, publishImage } from './conventions';
import { isListed } from './policy';
import { baseStandById, hallStandsByHall } from './stand-loaders';
import { conventionNavigation } from './visitor-loaders';
import { isMember } from '../access/membership';

/** A convention as the halls side sees it (the conventions service owns the table). */
export type ConventionRow = Convention;

/** A convention a visitor may enter: its access type applies, and inactive ones show no halls or stands to outsiders. */
export async function visibleConvention(ctx: ServiceContext, slug: string): Promise<Convention> {
  const convention = await conventionBySlug(ctx, slug);
  if (!convention.active && !isMember(ctx.viewer, convention.organization_id)) throw notFound(ctx, 'conventionSlug');
  return convention;
}

export async function listHalls(ctx: ServiceContext): Promise<Hall[]> {
  return ownRowsQuery(ctx, 'halls').orderBy([{ column: 'name' }, { column: 'created_at' }]).select('*');
}

export async function hallBySlug(ctx: ServiceContext, slug: string): Promise<Hall> {
  return ownRowBySlug(ctx, 'halls', slug);
}

/** A hall of the viewer's organisation by id (NOT_FOUND otherwise). */
export async function ownHall(ctx: ServiceContext, id: string, field = 'id'): Promise<Hall> {
  return ownEventRow(ctx, Hall, id, field);
}

export async function createHall(ctx: ServiceContext, raw: HallCreateInput): Promise<Hall> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, HallCreateSchema, raw);
  const thumbnailId = await ownedImage(ctx, organizationId, input.thumbnailId, '16:9', 'thumbnailId');
  if (input.slug) await assertSlugFree(ctx, 'halls', input.slug);
  const slug = input.slug ?? (await freeSlug(ctx, 'halls', input.name, 'halle'));
  return withUniqueError(() => slugTaken(ctx), async () => {
    const [hall] = await ctx
      .db('halls')
      .insert({ organization_id: organizationId, name: input.name, slug, thumbnail_id: thumbnailId ?? null, permission_type: input.permissionType })
      .returning('*');
    await publishImage(ctx, thumbnailId);
    return hall;
  });
}

export async function updateHall(ctx: ServiceContext, id: string, raw: HallUpdateInput): Promise<Hall> {
  const hall = await ownHall(ctx, id);
  const input = parseInput(ctx, HallUpdateSchema, raw);
  const thumbnailId = await ownedImage(ctx, hall.organization_id, input.thumbnailId, '16:9', 'thumbnailId');
  if (input.slug && input.slug !== hall.slug) await assertSlugFree(ctx, 'halls', input.slug, {}, hall.id);
  return withUniqueError(() => slugTaken(ctx), async () => {
    const [updated] = await ctx
      .db('halls')
      .where({ id: hall.id })
      .update({
        ...definedOnly({ name: input.name, slug: input.slug, thumbnail_id: thumbnailId, permission_type: input.permissionType }),
        updated_at: ctx.db.fn.now(),
      })
      .returning('*');
    await publishImage(ctx, thumbnailId);
    return updated;
  });
}

/**
 * Deletes the hall for good, with its translations, its place in conventions, its hall stands and the foyer
 * points that led to it.
 */
export async function deleteHall(ctx: ServiceContext, id: string): Promise<string> {
  const hall = await ownHall(ctx, id);
  await inTransaction(ctx, async (tx) => {
    await tx.db('foyer_points').where({ target_type: 'HALL', target_id: hall.id }).delete();
    await tx.db('halls').where({ id: hall.id }).delete();
  });
  return hall.id;
}

export async function createHallTranslation(ctx: ServiceContext, hallId: string, raw: TranslationInput): Promise<TranslationRow> {
  const hall = await ownHall(ctx, hallId, 'hallId');
  const input = parseInput(ctx, TranslationSchema, raw);
  return createTranslation(ctx, 'hall_translations', { hall_id: hall.id }, input);
}

export async function updateHallTranslation(ctx: ServiceContext, id: string, raw: TranslationUpdateInput): Promise<TranslationRow> {
  const { organizationId } = requireEventMember(ctx);
  await ownedChildRow(ctx, 'hall_translations', 'hall_id', 'halls', id, organizationId);
  return updateTranslation(ctx, 'hall_translations', id, parseInput(ctx, TranslationUpdateSchema, raw));
}

/** Organisers add their halls to their convention (spec 001 point 6); the hall goes last. Adding twice is a no-op. */
export async function addHallToConvention(ctx: ServiceContext, conventionId: string, hallId: string): Promise<ConventionRow> {
  const { organizationId } = requireEventMember(ctx);
  const convention = await ownedConvention(ctx, conventionId);
  const hall = await ownedRow(ctx, Hall, hallId, organizationId, 'hallId');
  await inTransaction(ctx, async (tx) => {
    // serialises concurrent additions to the same convention, so orders stay distinct
    await tx.db('conventions').where({ id: convention.id }).forUpdate().first('id');
    const [{ next }] = await tx.db('convention_halls').where({ convention_id: convention.id }).select(tx.db.raw('coalesce(max("order") + 1, 0)::int as next'));
    await tx
      .db('convention_halls')
      .insert({ organization_id: organizationId, convention_id: convention.id, hall_id: hall.id, order: next })
      .onConflict(['convention_id', 'hall_id'])
      .ignore();
  });
  return convention;
}

export async function removeHallFromConvention(ctx: ServiceContext, conventionId: string, hallId: string): Promise<ConventionRow> {
  const convention = await ownedConvention(ctx, conventionId);
  assertId(ctx, hallId, 'hallId');
  const removed = await ctx.db('convention_halls').where({ convention_id: convention.id, hall_id: hallId }).delete();
  if (!removed) throw notFound(ctx, 'hallId');
  return convention;
}

/** The halls of a convention in the convention's order (no access check: callers check the convention). */
export function conventionHallsQuery(ctx: ServiceContext, conventionId: string) {
  return ctx
    .db('halls as h')
    .join('convention_halls as ch', 'ch.hall_id', 'h.id')
    .where('ch.convention_id', conventionId)
    .orderBy([{ column: 'ch.order' }, { column: 'h.name' }])
    .select('h.*');
}

/** The halls of one of the organisation's conventions, in the convention's order. */
export async function hallsPartOfConvention(ctx: ServiceContext, conventionId: string): Promise<Hall[]> {
  const convention = await ownedConvention(ctx, conventionId, 'convId');
  return conventionHallsQuery(ctx, convention.id);
}

export interface StageSummary {
  id: string;
  slug: string;
  title: string;
}

/** All halls and stages of the organisation, each flagged whether it is part of the convention. */
export async function stagesAndHallsPartOfConvention(
  ctx: ServiceContext,
  orgId: string,
  conventionId: string,
): Promise<{ halls: (Hall & { part_of_convention: boolean })[]; stages: (StageSummary & { part_of_convention: boolean })[] }> {
  const { organizationId } = requireEventMember(ctx);
  if (orgId !== organizationId) throw notFound(ctx, 'orgId');
  const convention = await ownedConvention(ctx, conventionId, 'convId');
  const halls = await ctx
    .db('halls as h')
    .leftJoin('convention_halls as ch', (j) => j.on('ch.hall_id', 'h.id').andOnVal('ch.convention_id', convention.id))
    .where('h.organization_id', organizationId)
    .orderBy('h.name')
    .select('h.*', ctx.db.raw('(ch.id is not null) as part_of_convention'));
  const stages = await ctx
    .db('stages as s')
    .leftJoin('convention_stages as cs', (j) => j.on('cs.stage_id', 's.id').andOnVal('cs.convention_id', convention.id))
    .where('s.organization_id', organizationId)
    .orderBy('s.title')
    .select('s.id', 's.slug', 's.title', ctx.db.raw('(cs.id is not null) as part_of_convention'));
  return { halls, stages };
}

/** A hall of a convention for its visitors: the convention's and the hall's access rules both apply. */
export async function conventionHall(
  ctx: ServiceContext,
  conventionSlug: string,
  hallSlug: string,
  /** a stand's preview link works before the convention opens: the caller checks the preview slug */
  options: { includeInactive?: boolean } = {},
): Promise<{ convention: ConventionRow; hall: Hall }> {
  const convention = options.includeInactive ? await conventionBySlug(ctx, conventionSlug) : await visibleConvention(ctx, conventionSlug);
  // the convention's navigation lists its halls: the layout and the page share that one statement
  const hall = (await conventionNavigation(ctx).load(convention.id)).halls.find((h) => h.slug === hallSlug);
  if (!hall) throw notFound(ctx, 'hallSlug');
  await assertAccess(ctx, 'hall', hall);
  return { convention, hall };
}

export interface SitemapStand {
  id: string;
  slug: string;
  name: string;
}

export interface Sitemap {
  convention: ConventionRow;
  halls: (Hall & { stands: SitemapStand[] })[];
  stages: StageSummary[];
}

/** The tree of one of the organisation's conventions: its halls (with their stands) and its stages. */
export async function sitemap(ctx: ServiceContext, conventionSlug: string): Promise<Sitemap> {
  const { organizationId } = requireEventMember(ctx);
  const convention: ConventionRow | undefined = await ctx
    .db('conventions')
    .where({ slug: conventionSlug, organization_id: organizationId })
    .first();
  if (!convention) throw notFound(ctx, 'conventionSlug');
  const halls = await conventionHallsQuery(ctx, convention.id);
  const stages: StageSummary[] = await ctx
    .db('stages as s')
    .join('convention_stages as cs', 'cs.stage_id', 's.id')
    .where('cs.convention_id', convention.id)
    .orderBy('s.title')
    .select('s.id', 's.slug', 's.title');
  // listed stands of every hall (both sides agreed), in their order: two batched queries whatever the number of halls
  const hallStands = await Promise.all(halls.map((h) => hallStandsByHall(ctx).load(h.id)));
  const approved = hallStands.map((list) => list.filter(isListed));
  const bases = await baseStandById(ctx).loadMany([...new Set(approved.flat().map((hs) => hs.stand_id))]);
  const baseOf = new Map(bases.filter((b): b is Exclude<typeof b, Error | null> => Boolean(b) && !(b instanceof Error)).map((b) => [b.id, b]));
  return {
    convention,
    halls: halls.map((hall, i) => ({
      ...hall,
      stands: approved[i].map((hs) => ({ id: hs.id, slug: hs.slug, name: baseOf.get(hs.stand_id)?.name ?? hs.slug })),
    })),
    stages,
  };
}

/** The conventions one of the organisation's halls is part of (slug and title), for its preview links. */
export async function conventionsOfHall(ctx: ServiceContext, hallId: string): Promise<{ slug: string; title: string }[]> {
  const hall = await ownHall(ctx, hallId);
  return ctx
    .db('conventions as c')
    .join('convention_halls as ch', 'ch.convention_id', 'c.id')
    .where('ch.hall_id', hall.id)
    .orderBy('c.title')
    .select('c.slug', 'c.title');
}
