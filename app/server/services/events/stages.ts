import { Stage, type Convention } from '#db/models/index';
import { hasFeature } from '~/lib/features';
import {
  EventTranslationSchema,
  StageCreateSchema,
  StageUpdateSchema,
  TranslationPatchSchema,
  type CreateByNameInput,
  type EventTranslationInput,
  type StageCreateInput,
  type StageUpdateInput,
  type TranslationPatchInput,
} from '~/lib/schemas/events';
import type { ServiceContext } from '../../context.server';
import { rememberVideoThumbnail } from './video-thumbnails';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { assertAccess } from '../access/index';
import { checkedVideo, ownedImage, publishImage } from './conventions';
import {
  assertSlugFree,
  collectFieldErrors,
  createByNameColumns,
  createTranslation,
  definedOnly,
  freeSlug,
  insertWithTranslations,
  notFound,
  ownedChildRow,
  ownEventRow,
  ownRowBySlug,
  ownRowsQuery,
  requireEventMember,
  slugExists,
  updateTranslation,
  withUniqueError,
} from './hall-common';
import { stageById, stageTranslations, type TranslationRow } from './loaders';

export type { Stage };

export async function ownedStage(ctx: ServiceContext, id: string, field = 'id'): Promise<Stage> {
  return ownEventRow(ctx, Stage, id, field);
}

export async function listStages(ctx: ServiceContext): Promise<Stage[]> {
  return ownRowsQuery(ctx, 'stages').orderBy([{ column: 'created_at', order: 'desc' }, 'id']).select('*');
}

export async function stageNames(ctx: ServiceContext): Promise<{ id: string; name: string }[]> {
  return ownRowsQuery(ctx, 'stages').orderBy('title').select('id', 'title as name');
}

/** fetchStage / fetchStageForDashboard: the organisation's own stage by slug (builder, stage dashboard). */
export async function fetchStage(ctx: ServiceContext, slug: string): Promise<Stage> {
  return ownRowBySlug(ctx, 'stages', String(slug).toLowerCase());
}

/**
 * stageStandalone(slug, lang): the stage on its own public page (/stage/{slug}). It exists for visitors only
 * while the owning organisation has the event feature.
 */
export async function stageStandalone(ctx: ServiceContext, slug: string): Promise<Stage> {
  const stage = await Stage.query(ctx.db)
    .alias('s')
    .join('organizations as o', 'o.id', 's.organization_id')
    .where({ 's.slug': String(slug).toLowerCase(), 'o.is_active': true })
    .first()
    .select('s.*', 'o.suites');
  const suites = stage ? Number((stage as Stage & { suites: number }).suites) : 0;
  if (!stage || !hasFeature(suites, 'event')) throw notFound(ctx, 'slug');
  Reflect.deleteProperty(stage, 'suites');
  return stage;
}

/** stagesPartOfConvention(orgId, convId): the stages a visitor of the convention can enter. */
export async function stagesPartOfConvention(ctx: ServiceContext, organizationId: string, conventionId: string): Promise<Stage[]> {
  assertId(ctx, organizationId, 'orgId');
  assertId(ctx, conventionId, 'convId');
  const convention: Convention | undefined = await ctx
    .db('conventions')
    .where({ id: conventionId, organization_id: organizationId })
    .first();
  if (!convention) throw notFound(ctx, 'convId');
  await assertAccess(ctx, 'convention', convention);
  return ctx
    .db('stages as s')
    .join('convention_stages as cs', 'cs.stage_id', 's.id')
    .where('cs.convention_id', convention.id)
    .orderBy('s.title')
    .select('s.*');
}

const insertStage = (ctx: ServiceContext, values: Record<string, unknown>, translations?: EventTranslationInput[]) =>
  insertWithTranslations<Stage>(ctx, 'stages', 'stage_translations', 'stage_id', values, translations);

export async function createStageByName(ctx: ServiceContext, rawInput: CreateByNameInput): Promise<Stage> {
  return insertStage(ctx, await createByNameColumns(ctx, rawInput, 'stages', 'buehne'));
}

export async function createStage(ctx: ServiceContext, rawInput: StageCreateInput): Promise<Stage> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, StageCreateSchema, rawInput);
  const errors = await collectFieldErrors([
    () => checkedVideo(ctx, input.stream, 'stream'),
    () => (input.slug ? assertSlugFree(ctx, 'stages', input.slug) : undefined),
    () => ownedImage(ctx, organizationId, input.thumbnailId, '16:9', 'thumbnailId'),
  ]);
  if (errors.length) throw DomainError.fromFieldErrors(errors);
  const slug = input.slug ?? (await freeSlug(ctx, 'stages', input.title, 'buehne'));
  const created = await insertStage(
    ctx,
    { title: input.title, slug, organization_id: organizationId, ...definedOnly({ stream: input.stream, thumbnail_id: input.thumbnailId }) },
    input.translations,
  );
  await publishImage(ctx, created.thumbnail_id);
  await rememberVideoThumbnail(ctx, organizationId, created.stream);
  return created;
}

/** stageUpdate and updateStage(id, input): the stream must be a recognised video link, the thumbnail 16:9. */
export async function updateStage(ctx: ServiceContext, id: string, rawInput: StageUpdateInput): Promise<Stage> {
  const { organizationId } = requireEventMember(ctx);
  const current = await ownedStage(ctx, id);
  const input = parseInput(ctx, StageUpdateSchema, rawInput);
  checkedVideo(ctx, input.stream, 'stream');
  if (input.slug && input.slug !== current.slug) await assertSlugFree(ctx, 'stages', input.slug, {}, id);
  const thumbnailId = await ownedImage(ctx, organizationId, input.thumbnailId, '16:9', 'thumbnailId');
  return withUniqueError(() => slugExists(ctx), async () => {
    const [row] = await ctx
      .db('stages')
      .where({ id: current.id })
      .update({
        ...definedOnly({ title: input.title, slug: input.slug, stream: input.stream, thumbnail_id: thumbnailId }),
        updated_at: ctx.db.fn.now(),
      })
      .returning('*');
    stageById(ctx).clear(current.id);
    await publishImage(ctx, thumbnailId);
    if (input.stream) await rememberVideoThumbnail(ctx, organizationId, row.stream);
    return row;
  });
}

/** Deletes the stage with its schedule; conventions and exhibitions simply lose it. */
export async function deleteStage(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const stage = await ownedStage(ctx, id);
  await ctx.db('stages').where({ id: stage.id }).delete();
  stageById(ctx).clear(stage.id);
  return { id: stage.id };
}

/** stageTranslationCreate: one translation per language; a second one is UNIQUE. */
export async function createStageTranslation(
  ctx: ServiceContext,
  stageId: string,
  rawInput: EventTranslationInput,
): Promise<TranslationRow> {
  const stage = await ownedStage(ctx, stageId, 'stageId');
  const input = parseInput(ctx, EventTranslationSchema, rawInput);
  const row = await createTranslation(ctx, 'stage_translations', { stage_id: stage.id }, input, 'events:errors.translationExists');
  stageTranslations(ctx).clear(stage.id);
  return row;
}

/** stageTranslationUpdate(id, input): a translation of one of the organisation's stages. */
export async function updateStageTranslation(
  ctx: ServiceContext,
  translationId: string,
  rawInput: TranslationPatchInput,
): Promise<TranslationRow> {
  const { organizationId } = requireEventMember(ctx);
  assertId(ctx, translationId);
  const input = parseInput(ctx, TranslationPatchSchema, rawInput);
  const current = await ownedChildRow<{ id: string; stage_id: string }>(ctx, 'stage_translations', 'stage_id', 'stages', translationId, organizationId, null);
  const row = await updateTranslation(ctx, 'stage_translations', current.id, input);
  stageTranslations(ctx).clear(current.stage_id);
  return row;
}
