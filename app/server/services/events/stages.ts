import { Stage, type Convention } from '#db/models/index';
import { hasFeature } from '~/lib/features';
import {
  CreateByNameSchema,
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
import { inTransaction, type ServiceContext } from '../../context.server';
import { rememberVideoThumbnail } from './video-thumbnails';
import { assertId } from '../authz';
import { DomainError, type FieldError } from '../errors';
import { parseInput } from '../validation';
import { assertVisitorAccess } from './access';
import { checkedVideo, ownedImage, publishImage } from './conventions';
import { assertSlugFree, definedOnly, freeSlug, isUniqueViolation, notFound, ownedRow, requireEventMember, upsertTranslations } from './hall-common';
import { stageById, stageTranslations, type TranslationRow } from './loaders';

export type { Stage };

const slugTaken = (ctx: ServiceContext) => new DomainError('UNIQUE', ctx.t('events:errors.slugExists'), 'slug');

export async function ownedStage(ctx: ServiceContext, id: string, field = 'id'): Promise<Stage> {
  const { organizationId } = requireEventMember(ctx);
  return ownedRow(ctx, Stage, id, organizationId, field);
}

export async function listStages(ctx: ServiceContext): Promise<Stage[]> {
  const { organizationId } = requireEventMember(ctx);
  return ctx.db('stages').where({ organization_id: organizationId }).orderBy([{ column: 'created_at', order: 'desc' }, 'id']).select('*');
}

export async function stageNames(ctx: ServiceContext): Promise<{ id: string; name: string }[]> {
  const { organizationId } = requireEventMember(ctx);
  return ctx.db('stages').where({ organization_id: organizationId }).orderBy('title').select('id', 'title as name');
}

/** fetchStage / fetchStageForDashboard: the organisation's own stage by slug (builder, stage dashboard). */
export async function fetchStage(ctx: ServiceContext, slug: string): Promise<Stage> {
  const { organizationId } = requireEventMember(ctx);
  const row = await ctx.db('stages').where({ slug: String(slug).toLowerCase(), organization_id: organizationId }).first();
  if (!row) throw notFound(ctx, 'slug');
  return row;
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
  await assertVisitorAccess(ctx, 'convention', convention);
  return ctx
    .db('stages as s')
    .join('convention_stages as cs', 'cs.stage_id', 's.id')
    .where('cs.convention_id', convention.id)
    .orderBy('s.title')
    .select('s.*');
}

async function insertStage(
  ctx: ServiceContext,
  organizationId: string,
  values: Record<string, unknown>,
  translations: EventTranslationInput[] = [],
): Promise<Stage> {
  try {
    return await inTransaction(ctx, async (tx) => {
      const [row] = await tx.db('stages').insert({ ...values, organization_id: organizationId }).returning('*');
      const parsed = translations.map((tr) => EventTranslationSchema.parse(tr));
      await upsertTranslations(tx, 'stage_translations', { stage_id: row.id }, parsed);
      return row as Stage;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(ctx);
    throw error;
  }
}

export async function createStageByName(ctx: ServiceContext, rawInput: CreateByNameInput): Promise<Stage> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, CreateByNameSchema, rawInput);
  const slug = await freeSlug(ctx, 'stages', input.name, 'buehne');
  return insertStage(ctx, organizationId, { title: input.name, slug });
}

export async function createStage(ctx: ServiceContext, rawInput: StageCreateInput): Promise<Stage> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, StageCreateSchema, rawInput);
  const errors: FieldError[] = [];
  for (const check of [
    () => checkedVideo(ctx, input.stream, 'stream'),
    () => (input.slug ? assertSlugFree(ctx, 'stages', input.slug) : undefined),
    () => ownedImage(ctx, organizationId, input.thumbnailId, '16:9', 'thumbnailId'),
  ]) {
    try {
      await check();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      errors.push(...error.errors);
    }
  }
  if (errors.length) throw DomainError.fromFieldErrors(errors);
  const slug = input.slug ?? (await freeSlug(ctx, 'stages', input.title, 'buehne'));
  const created = await insertStage(
    ctx,
    organizationId,
    { title: input.title, slug, ...definedOnly({ stream: input.stream, thumbnail_id: input.thumbnailId }) },
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
  try {
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
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(ctx);
    throw error;
  }
}

/** Deletes the stage with its schedule; conventions and exhibitions simply lose it. */
export async function deleteStage(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const stage = await ownedStage(ctx, id);
  await ctx.db('stages').where({ id: stage.id }).delete();
  stageById(ctx).clear(stage.id);
  return { id: stage.id };
}

const TRANSLATION_COLUMNS = ['id', 'language', 'title', 'description'];

/** stageTranslationCreate: one translation per language; a second one is UNIQUE. */
export async function createStageTranslation(
  ctx: ServiceContext,
  stageId: string,
  rawInput: EventTranslationInput,
): Promise<TranslationRow> {
  const stage = await ownedStage(ctx, stageId, 'stageId');
  const input = parseInput(ctx, EventTranslationSchema, rawInput);
  const exists = () => new DomainError('UNIQUE', ctx.t('events:errors.translationExists'), 'language');
  if (await ctx.db('stage_translations').where({ stage_id: stage.id, language: input.language }).first('id')) throw exists();
  try {
    const [row] = await ctx.db('stage_translations').insert({ stage_id: stage.id, ...input }).returning(TRANSLATION_COLUMNS);
    stageTranslations(ctx).clear(stage.id);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
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
  const current = await ctx
    .db('stage_translations as tr')
    .join('stages as s', 's.id', 'tr.stage_id')
    .where({ 'tr.id': translationId, 's.organization_id': organizationId })
    .first('tr.id', 'tr.stage_id');
  if (!current) throw notFound(ctx);
  const [row] = await ctx
    .db('stage_translations')
    .where({ id: current.id })
    .update({ ...definedOnly({ title: input.title, description: input.description }), updated_at: ctx.db.fn.now() })
    .returning(TRANSLATION_COLUMNS);
  stageTranslations(ctx).clear(current.stage_id);
  return row;
}
