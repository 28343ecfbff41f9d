import { Convention, Stage } from '#db/models/index';
import type { z } from 'zod';
import { conventionStatus, parseVideoUrl, type ConventionStatus } from '~/lib/events';
import type { Language } from '~/lib/language';
import {
  ConventionCreateSchema,
  ConventionUpdateSchema,
  EventTranslationSchema,
  type ConventionCreateInput,
  type ConventionUpdateInput,
  type CreateByNameInput,
  type EventTranslationInput,
} from '~/lib/schemas/events';
import type { ServiceContext } from '../../context.server';
import { rememberVideoThumbnail } from './video-thumbnails';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { assertImageRatio, fileById, publishFile, type ImageRatio } from '../files/files.server';
import { parseInput } from '../validation';
import { assertAccess } from '../access/index';
import {
  assertSlugFree,
  collectFieldErrors,
  createByNameColumns,
  definedOnly,
  freeSlug,
  insertWithTranslations,
  notFound,
  ownedRow,
  ownEventRow,
  ownRowBySlug,
  ownRowsQuery,
  requireEventMember,
  slugExists,
  upsertTranslations,
  withUniqueError,
} from './hall-common';
import { conventionTranslations, stageOfConvention, type TranslationRow } from './loaders';
import { conventionBySlugLoader } from './visitor-loaders';
import { assertOwnPage } from '../content-pages/picker';

// ---------------------------------------------------------------------------------------------------------
// Rules shared by the conventions-side services (stages, schedules, on-demand content, exhibitions)

/** A video link must be a recognised YouTube or Vimeo link (spec 001 point 5); '' means none. */
export function checkedVideo(ctx: ServiceContext, value: string | undefined, field: string): string | undefined {
  if (value === undefined || value === '') return value;
  if (!parseVideoUrl(value)) throw new DomainError('INVALID', ctx.t('events:errors.videoUrlInvalid'), field);
  return value;
}

/**
 * An image of the organisation itself (another organisation's file, even a public one, is NOT_FOUND), with the
 * ratio when one is required, measured on the stored file. `null` clears the image, `undefined` leaves it.
 * Once the object is saved, publishImage makes it visible to visitors.
 */
export async function ownedImage(
  ctx: ServiceContext,
  organizationId: string,
  fileId: string | null | undefined,
  ratio: ImageRatio | null,
  field: string,
): Promise<string | null | undefined> {
  if (fileId === undefined || fileId === null) return fileId;
  assertId(ctx, fileId, field);
  const file = await fileById(ctx).load(fileId.toLowerCase());
  if (!file || file.organization_id !== organizationId) throw notFound(ctx, field);
  if (ratio) assertImageRatio(ctx, file, ratio, 0.01, field);
  else if (!file.width || !file.height) throw new DomainError('INVALID', ctx.t('events:errors.imageRequired'), field);
  return file.id;
}

/** An image shown on event pages is served to every visitor of them (the files route lets public files through). */
export async function publishImage(ctx: ServiceContext, fileId: string | null | undefined): Promise<void> {
  await publishFile(ctx, fileId);
}

/** The convention of the viewer's organisation, else NOT_FOUND. */
export async function ownedConvention(ctx: ServiceContext, id: string, field = 'id'): Promise<Convention> {
  return ownEventRow(ctx, Convention, id, field);
}

export function statusOf(convention: Pick<Convention, 'active' | 'start_date' | 'end_date'>, now = new Date()): ConventionStatus {
  return conventionStatus({ active: convention.active, startDate: convention.start_date, endDate: convention.end_date }, now);
}

function assertDates(ctx: ServiceContext, start: Date | null, end: Date | null): void {
  if (start && end && start >= end) {
    throw new DomainError('INVALID', ctx.t('events:errors.startBeforeEnd'), 'endDate');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Console (owning organisation, event feature)

export async function listConventions(ctx: ServiceContext): Promise<Convention[]> {
  return ownRowsQuery(ctx, 'conventions').orderByRaw('start_date desc nulls last, created_at desc').select('*');
}

/** id and title of the organisation's conventions, for selects. */
export async function conventionNames(ctx: ServiceContext): Promise<{ id: string; name: string }[]> {
  return ownRowsQuery(ctx, 'conventions').orderBy('title').select('id', 'title as name');
}

/** The convention dashboard (/events/convention/{slug}): the organisation's own convention by slug. */
export async function fetchConvention(ctx: ServiceContext, slug: string): Promise<Convention> {
  return ownRowBySlug(ctx, 'conventions', String(slug).toLowerCase());
}

/** The columns a convention's create or update input sets; fields left out are not touched. */
function conventionColumns(input: z.output<typeof ConventionUpdateSchema>, headerImageId: string | null | undefined) {
  return definedOnly({
    title: input.title,
    slug: input.slug,
    active: input.active,
    video: input.video,
    start_date: input.startDate,
    end_date: input.endDate,
    shop: input.shop,
    permission_type: input.permissionType,
    header_image_id: headerImageId,
    help_page: input.helpPage,
    help_content_page_id: input.helpContentPageId,
    content_page_id: input.contentPageId,
    content_id: input.contentId,
    navigation_mode: input.navigationMode,
  });
}

const insertConvention = (ctx: ServiceContext, values: Record<string, unknown>, translations?: EventTranslationInput[]) =>
  insertWithTranslations<Convention>(ctx, 'conventions', 'convention_translations', 'convention_id', values, translations);

/** conventionCreateByName: an inactive LOGGED_IN convention titled with the name, with a slug from it. */
export async function createConventionByName(ctx: ServiceContext, rawInput: CreateByNameInput): Promise<Convention> {
  return insertConvention(ctx, await createByNameColumns(ctx, rawInput, 'conventions', 'messe'));
}

export async function createConvention(ctx: ServiceContext, rawInput: ConventionCreateInput): Promise<Convention> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, ConventionCreateSchema, rawInput);
  const errors = await collectFieldErrors([
    () => assertDates(ctx, input.startDate ?? null, input.endDate ?? null),
    () => checkedVideo(ctx, input.video, 'video'),
    () => input.slug && assertSlugFree(ctx, 'conventions', input.slug),
    () => ownedImage(ctx, organizationId, input.headerImageId, '16:9', 'headerImageId'),
    () => assertOwnPage(ctx, organizationId, input.contentPageId, 'contentPageId'),
    () => assertOwnPage(ctx, organizationId, input.helpContentPageId, 'helpContentPageId'),
  ]);
  if (errors.length) throw DomainError.fromFieldErrors(errors);
  const slug = input.slug ?? (await freeSlug(ctx, 'conventions', input.title, 'messe'));
  const values = { ...conventionColumns({ ...input, slug }, input.headerImageId), organization_id: organizationId };
  const created = await insertConvention(ctx, values, input.translations);
  await publishImage(ctx, created.header_image_id);
  await rememberVideoThumbnail(ctx, organizationId, created.video);
  return created;
}

/**
 * Changes the fields the input names. The date rule is checked against the stored value of the date that is
 * not given. The slug only changes when one is given (renaming keeps the address stable).
 */
export async function updateConvention(ctx: ServiceContext, id: string, rawInput: ConventionUpdateInput): Promise<Convention> {
  const { organizationId } = requireEventMember(ctx);
  const current = await ownedConvention(ctx, id);
  const input = parseInput(ctx, ConventionUpdateSchema, rawInput);
  const start = input.startDate === undefined ? current.start_date : input.startDate;
  const end = input.endDate === undefined ? current.end_date : input.endDate;
  assertDates(ctx, start, end);
  checkedVideo(ctx, input.video, 'video');
  if (input.slug && input.slug !== current.slug) await assertSlugFree(ctx, 'conventions', input.slug, {}, id);
  const headerImageId = await ownedImage(ctx, organizationId, input.headerImageId, '16:9', 'headerImageId');
  await assertOwnPage(ctx, organizationId, input.contentPageId, 'contentPageId');
  await assertOwnPage(ctx, organizationId, input.helpContentPageId, 'helpContentPageId');
  const patch = conventionColumns(input, headerImageId);
  return withUniqueError(() => slugExists(ctx), async () => {
    const [row] = await ctx
      .db('conventions')
      .where({ id, organization_id: organizationId })
      .update({ ...patch, updated_at: ctx.db.fn.now() })
      .returning('*');
    await publishImage(ctx, headerImageId);
    if (input.video) await rememberVideoThumbnail(ctx, organizationId, row.video);
    return row;
  });
}

export async function deleteConvention(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const convention = await ownedConvention(ctx, id);
  await ctx.db('conventions').where({ id: convention.id }).delete();
  return { id: convention.id };
}

/** Sets the title and description of one language (creates the translation when missing). */
export async function updateConventionTranslation(
  ctx: ServiceContext,
  conventionId: string,
  rawInput: EventTranslationInput,
): Promise<TranslationRow> {
  const convention = await ownedConvention(ctx, conventionId, 'conventionId');
  const input = parseInput(ctx, EventTranslationSchema, rawInput);
  await upsertTranslations(ctx, 'convention_translations', { convention_id: convention.id }, [input]);
  conventionTranslations(ctx).clear(convention.id);
  return ctx
    .db('convention_translations')
    .where({ convention_id: convention.id, language: input.language })
    .first('id', 'language', 'title', 'description');
}

/** Organisers add a stage of their own to a convention; a convention has at most one (spec 001 point 9). */
export async function addStageToConvention(ctx: ServiceContext, conventionId: string, stageId: string): Promise<Convention> {
  const { organizationId } = requireEventMember(ctx);
  const convention = await ownedConvention(ctx, conventionId);
  const stage = await ownedRow(ctx, Stage, stageId, organizationId, 'stageId');
  const hasStage = () => new DomainError('INVALID', ctx.t('events:errors.conventionHasStage'), 'stageId');
  if (await ctx.db('convention_stages').where({ convention_id: convention.id }).first('id')) throw hasStage();
  // a concurrent request may add a stage between the check and the insert
  await withUniqueError(hasStage, () => ctx.db('convention_stages').insert({ convention_id: convention.id, stage_id: stage.id }));
  stageOfConvention(ctx).clear(convention.id);
  return convention;
}

export async function removeStageFromConvention(ctx: ServiceContext, conventionId: string, stageId: string): Promise<Convention> {
  const convention = await ownedConvention(ctx, conventionId);
  assertId(ctx, stageId, 'stageId');
  const removed = await ctx.db('convention_stages').where({ convention_id: convention.id, stage_id: stageId }).delete();
  if (!removed) throw new DomainError('NOT_FOUND', ctx.t('events:errors.stageNotInConvention'), 'stageId');
  stageOfConvention(ctx).clear(convention.id);
  return convention;
}

/** The stage of a convention, for the resolvers. */
export async function conventionStage(ctx: ServiceContext, conventionId: string): Promise<Stage | null> {
  return stageOfConvention(ctx).load(conventionId);
}

// ---------------------------------------------------------------------------------------------------------
// Visitors (landing page, convention layout)

/**
 * conventionBySlug(slug, lang): the convention a visitor opens, checked against its permission type. Read once per
 * request (the guards and loaders of a page all ask), with its texts and organiser (visitor-loaders.ts).
 */
export async function conventionBySlug(ctx: ServiceContext, slug: string): Promise<Convention> {
  const row = await conventionBySlugLoader(ctx).load(String(slug).toLowerCase());
  if (!row) throw notFound(ctx, 'slug');
  await assertAccess(ctx, 'convention', row);
  return row;
}

async function organizationIdBySlug(ctx: ServiceContext, orgSlug: string): Promise<string> {
  const org = await ctx.db('organizations').where({ slug: String(orgSlug).toLowerCase(), is_active: true }).first('id');
  if (!org) throw notFound(ctx, 'orgSlug');
  return org.id;
}

/** latestConvention(orgSlug): the organisation's active convention that started last (null when none). */
export async function latestConvention(ctx: ServiceContext, orgSlug: string): Promise<Convention | null> {
  const organizationId = await organizationIdBySlug(ctx, orgSlug);
  const row: Convention | undefined = await ctx
    .db('conventions')
    .where({ organization_id: organizationId, active: true })
    .orderByRaw('start_date desc nulls last, created_at desc')
    .first();
  if (!row) return null;
  await assertAccess(ctx, 'convention', row);
  return row;
}

/**
 * fetchLandingpageConvention(orgSlug): what the organisation's landing page shows: its ongoing convention,
 * else the next upcoming one (null when there is neither).
 */
export async function landingpageConvention(ctx: ServiceContext, orgSlug: string, now = new Date()): Promise<Convention | null> {
  const organizationId = await organizationIdBySlug(ctx, orgSlug);
  const rows: Convention[] = await ctx
    .db('conventions')
    .where({ organization_id: organizationId, active: true })
    .andWhere((q) => q.whereNull('end_date').orWhere('end_date', '>=', now))
    .orderByRaw('start_date asc nulls first, created_at asc')
    .select('*');
  const row = rows.find((r) => statusOf(r, now) === 'ONGOING') ?? rows.find((r) => statusOf(r, now) === 'UPCOMING');
  if (!row) return null;
  await assertAccess(ctx, 'convention', row);
  return row;
}

/** The translation of the language, else the other one, else the convention's own title. */
export function pickTranslation(
  translations: TranslationRow[],
  language: Language,
): TranslationRow | undefined {
  return translations.find((tr) => tr.language === language) ?? translations[0];
}
