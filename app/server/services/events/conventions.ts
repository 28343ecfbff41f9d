import crypto from 'node:crypto';
import { conventionStatus, parseVideoUrl, type ConventionStatus } from '~/lib/events';
import { hasFeature } from '~/lib/features';
import type { Language } from '~/lib/language';
import {
  ConventionCreateSchema,
  ConventionUpdateSchema,
  CreateByNameSchema,
  EventTranslationSchema,
  ObjectTokenCreateSchema,
  ObjectTokenUpdateSchema,
  type ConventionCreateInput,
  type ConventionUpdateInput,
  type CreateByNameInput,
  type EventTranslationInput,
  type NavigationMode,
  type ObjectTokenCreateInput,
  type ObjectTokenUpdateInput,
} from '~/lib/schemas/events';
import type { PermissionType } from '~/lib/schemas/stands';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId, permissionDenied } from '../authz';
import { DomainError, type FieldError } from '../errors';
import { assertImageRatio, fileById, type ImageRatio } from '../files/files.server';
import { parseInput } from '../validation';
import {
  assertSlugFree,
  definedOnly,
  freeSlug,
  isUniqueViolation,
  notFound,
  ownedRow,
  requireEventMember,
  upsertTranslations,
} from './hall-common';
import {
  conventionTranslations,
  objectTokensOfConvention,
  stageOfConvention,
  type EventTranslationRecord,
  type ObjectTokenRecord,
  type StageRecord,
} from './loaders';

export interface ConventionRecord {
  id: string;
  organization_id: string;
  slug: string;
  title: string;
  active: boolean;
  video: string;
  start_date: Date | null;
  end_date: Date | null;
  shop: boolean;
  permission_type: PermissionType;
  header_image_id: string | null;
  help_page: string;
  help_content_page_id: string | null;
  content_page_id: string | null;
  content_id: string | null;
  navigation_mode: NavigationMode;
  created_at: Date;
  updated_at: Date;
}

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
  if (!file || file.organizationId !== organizationId) throw notFound(ctx, field);
  if (ratio) assertImageRatio(ctx, file, ratio, 0.01, field);
  else if (!file.width || !file.height) throw new DomainError('INVALID', ctx.t('events:errors.imageRequired'), field);
  return file.id;
}

/** An image shown on event pages is served to every visitor of them (the files route lets public files through). */
export async function publishImage(ctx: ServiceContext, fileId: string | null | undefined): Promise<void> {
  if (!fileId) return;
  await ctx.db('files').where({ id: fileId, is_public: false }).update({ is_public: true, updated_at: ctx.db.fn.now() });
  fileById(ctx).clear(fileId);
}

/**
 * Who may see an event object outside the console (spec 001 point 6): members of the owning organisation
 * always; others by its permission type: PUBLIC anyone, LOGGED_IN any logged-in user, TOKEN only with a
 * redeemed access key (granted by a later issue), otherwise PERMISSION_DENIED, so the route sends a
 * logged-out visitor to /login and a logged-in one to /token.
 */
export function assertVisitorAccess(
  ctx: ServiceContext,
  object: { organization_id: string; permission_type: PermissionType },
): void {
  if (ctx.viewer?.organizations.some((o) => o.id === object.organization_id)) return;
  if (object.permission_type === 'PUBLIC') return;
  if (object.permission_type === 'LOGGED_IN' && ctx.viewer) return;
  throw permissionDenied(ctx);
}

/** The convention of the viewer's organisation, else NOT_FOUND. */
export async function ownedConvention(ctx: ServiceContext, id: string, field = 'id'): Promise<ConventionRecord> {
  const { organizationId } = requireEventMember(ctx);
  return ownedRow<ConventionRecord>(ctx, 'conventions', id, organizationId, field);
}

export function statusOf(convention: ConventionRecord, now = new Date()): ConventionStatus {
  return conventionStatus({ active: convention.active, startDate: convention.start_date, endDate: convention.end_date }, now);
}

function assertDates(ctx: ServiceContext, start: Date | null, end: Date | null): void {
  if (start && end && start >= end) {
    throw new DomainError('INVALID', ctx.t('events:errors.startBeforeEnd'), 'endDate');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Console (owning organisation, event feature)

export async function listConventions(ctx: ServiceContext): Promise<ConventionRecord[]> {
  const { organizationId } = requireEventMember(ctx);
  return ctx
    .db('conventions')
    .where({ organization_id: organizationId })
    .orderByRaw('start_date desc nulls last, created_at desc')
    .select('*');
}

/** id and title of the organisation's conventions, for selects. */
export async function conventionNames(ctx: ServiceContext): Promise<{ id: string; name: string }[]> {
  const { organizationId } = requireEventMember(ctx);
  return ctx.db('conventions').where({ organization_id: organizationId }).orderBy('title').select('id', 'title as name');
}

/** The convention dashboard (/events/convention/{slug}): the organisation's own convention by slug. */
export async function fetchConvention(ctx: ServiceContext, slug: string): Promise<ConventionRecord> {
  const { organizationId } = requireEventMember(ctx);
  const row = await ctx.db('conventions').where({ slug: String(slug).toLowerCase(), organization_id: organizationId }).first();
  if (!row) throw notFound(ctx, 'slug');
  return row;
}

export async function getConvention(ctx: ServiceContext, id: string): Promise<ConventionRecord> {
  return ownedConvention(ctx, id);
}

async function insertConvention(
  ctx: ServiceContext,
  organizationId: string,
  values: Record<string, unknown>,
  translations: EventTranslationInput[] = [],
): Promise<ConventionRecord> {
  try {
    return await inTransaction(ctx, async (tx) => {
      const [row] = await tx.db('conventions').insert({ ...values, organization_id: organizationId }).returning('*');
      const parsed = translations.map((tr) => EventTranslationSchema.parse(tr));
      await upsertTranslations(tx, 'convention_translations', { convention_id: row.id }, parsed);
      return row as ConventionRecord;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('UNIQUE', ctx.t('events:errors.slugExists'), 'slug');
    throw error;
  }
}

/** conventionCreateByName: an inactive LOGGED_IN convention titled with the name, with a slug from it. */
export async function createConventionByName(ctx: ServiceContext, rawInput: CreateByNameInput): Promise<ConventionRecord> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, CreateByNameSchema, rawInput);
  const slug = await freeSlug(ctx, 'conventions', input.name, 'messe');
  return insertConvention(ctx, organizationId, { title: input.name, slug });
}

export async function createConvention(ctx: ServiceContext, rawInput: ConventionCreateInput): Promise<ConventionRecord> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, ConventionCreateSchema, rawInput);
  const errors: FieldError[] = [];
  const collect = async (check: () => unknown) => {
    try {
      await check();
    } catch (error) {
      if (error instanceof DomainError) errors.push(...error.errors);
      else throw error;
    }
  };
  await collect(() => assertDates(ctx, input.startDate ?? null, input.endDate ?? null));
  await collect(() => checkedVideo(ctx, input.video, 'video'));
  await collect(() => input.slug && assertSlugFree(ctx, 'conventions', input.slug));
  await collect(() => ownedImage(ctx, organizationId, input.headerImageId, '16:9', 'headerImageId'));
  if (errors.length) throw DomainError.fromFieldErrors(errors);
  const slug = input.slug ?? (await freeSlug(ctx, 'conventions', input.title, 'messe'));
  const created = await insertConvention(
    ctx,
    organizationId,
    {
      title: input.title,
      slug,
      ...definedOnly({
        active: input.active,
        video: input.video,
        start_date: input.startDate,
        end_date: input.endDate,
        shop: input.shop,
        permission_type: input.permissionType,
        header_image_id: input.headerImageId,
        help_page: input.helpPage,
        help_content_page_id: input.helpContentPageId,
        content_page_id: input.contentPageId,
        content_id: input.contentId,
        navigation_mode: input.navigationMode,
      }),
    },
    input.translations,
  );
  await publishImage(ctx, created.header_image_id);
  return created;
}

/**
 * Changes the fields the input names. The date rule is checked against the stored value of the date that is
 * not given. The slug only changes when one is given (renaming keeps the address stable).
 */
export async function updateConvention(ctx: ServiceContext, id: string, rawInput: ConventionUpdateInput): Promise<ConventionRecord> {
  const { organizationId } = requireEventMember(ctx);
  const current = await ownedConvention(ctx, id);
  const input = parseInput(ctx, ConventionUpdateSchema, rawInput);
  const start = input.startDate === undefined ? current.start_date : input.startDate;
  const end = input.endDate === undefined ? current.end_date : input.endDate;
  assertDates(ctx, start, end);
  checkedVideo(ctx, input.video, 'video');
  if (input.slug && input.slug !== current.slug) await assertSlugFree(ctx, 'conventions', input.slug, {}, id);
  const headerImageId = await ownedImage(ctx, organizationId, input.headerImageId, '16:9', 'headerImageId');
  const patch = definedOnly({
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
  try {
    const [row] = await ctx
      .db('conventions')
      .where({ id, organization_id: organizationId })
      .update({ ...patch, updated_at: ctx.db.fn.now() })
      .returning('*');
    await publishImage(ctx, headerImageId);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('UNIQUE', ctx.t('events:errors.slugExists'), 'slug');
    throw error;
  }
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
): Promise<EventTranslationRecord> {
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
export async function addStageToConvention(ctx: ServiceContext, conventionId: string, stageId: string): Promise<ConventionRecord> {
  const { organizationId } = requireEventMember(ctx);
  const convention = await ownedConvention(ctx, conventionId);
  const stage = await ownedRow<StageRecord>(ctx, 'stages', stageId, organizationId, 'stageId');
  const hasStage = () => new DomainError('INVALID', ctx.t('events:errors.conventionHasStage'), 'stageId');
  if (await ctx.db('convention_stages').where({ convention_id: convention.id }).first('id')) throw hasStage();
  try {
    await ctx.db('convention_stages').insert({ convention_id: convention.id, stage_id: stage.id });
  } catch (error) {
    // a concurrent request added a stage between the check and the insert
    if (isUniqueViolation(error)) throw hasStage();
    throw error;
  }
  stageOfConvention(ctx).clear(convention.id);
  return convention;
}

export async function removeStageFromConvention(ctx: ServiceContext, conventionId: string, stageId: string): Promise<ConventionRecord> {
  const convention = await ownedConvention(ctx, conventionId);
  assertId(ctx, stageId, 'stageId');
  const removed = await ctx.db('convention_stages').where({ convention_id: convention.id, stage_id: stageId }).delete();
  if (!removed) throw new DomainError('NOT_FOUND', ctx.t('events:errors.stageNotInConvention'), 'stageId');
  stageOfConvention(ctx).clear(convention.id);
  return convention;
}

/** The stage of a convention, for the resolvers. */
export async function conventionStage(ctx: ServiceContext, conventionId: string): Promise<StageRecord | null> {
  return stageOfConvention(ctx).load(conventionId);
}

// ---------------------------------------------------------------------------------------------------------
// Object tokens: access keys of TOKEN conventions, each with a limit of sign-ups

async function ownedToken(ctx: ServiceContext, id: string): Promise<ObjectTokenRecord> {
  const { organizationId } = requireEventMember(ctx);
  assertId(ctx, id);
  const row = await ctx
    .db('object_tokens as t')
    .join('conventions as c', 'c.id', 't.convention_id')
    .where({ 't.id': id, 'c.organization_id': organizationId })
    .first('t.*');
  if (!row) throw notFound(ctx);
  return row;
}

function tokenTaken(ctx: ServiceContext): DomainError {
  return new DomainError('UNIQUE', ctx.t('events:errors.tokenExists'), 'token');
}

export async function createObjectToken(ctx: ServiceContext, rawInput: ObjectTokenCreateInput): Promise<ObjectTokenRecord> {
  const input = parseInput(ctx, ObjectTokenCreateSchema, rawInput);
  const convention = await ownedConvention(ctx, input.conventionId, 'conventionId');
  const token = input.token || crypto.randomBytes(9).toString('base64url');
  if (await ctx.db('object_tokens').where({ convention_id: convention.id, token }).first('id')) throw tokenTaken(ctx);
  try {
    const [row] = await ctx.db('object_tokens').insert({ convention_id: convention.id, token, limit: input.limit }).returning('*');
    objectTokensOfConvention(ctx).clear(convention.id);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw tokenTaken(ctx);
    throw error;
  }
}

/** A limit below the sign-ups so far is refused: keys already handed out stay valid. */
export async function updateObjectToken(ctx: ServiceContext, id: string, rawInput: ObjectTokenUpdateInput): Promise<ObjectTokenRecord> {
  const current = await ownedToken(ctx, id);
  const input = parseInput(ctx, ObjectTokenUpdateSchema, rawInput);
  if (input.limit !== undefined && input.limit < current.signed_up) {
    throw new DomainError('INVALID', ctx.t('events:errors.tokenLimitBelowSignedUp', { signedUp: current.signed_up }), 'limit');
  }
  if (input.token && input.token !== current.token) {
    const taken = await ctx.db('object_tokens').where({ convention_id: current.convention_id, token: input.token }).first('id');
    if (taken) throw tokenTaken(ctx);
  }
  try {
    const [row] = await ctx
      .db('object_tokens')
      .where({ id: current.id })
      // the limit check is repeated in the statement, so a sign-up in between cannot be cut off
      .andWhere('signed_up', '<=', input.limit ?? current.limit)
      .update({ ...definedOnly({ token: input.token, limit: input.limit }), updated_at: ctx.db.fn.now() })
      .returning('*');
    if (!row) {
      const fresh = await ownedToken(ctx, id);
      throw new DomainError('INVALID', ctx.t('events:errors.tokenLimitBelowSignedUp', { signedUp: fresh.signed_up }), 'limit');
    }
    objectTokensOfConvention(ctx).clear(current.convention_id);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw tokenTaken(ctx);
    throw error;
  }
}

export async function deleteObjectToken(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const token = await ownedToken(ctx, id);
  await ctx.db('object_tokens').where({ id: token.id }).delete();
  objectTokensOfConvention(ctx).clear(token.convention_id);
  return { id: token.id };
}

/**
 * Signs up with an access key of a TOKEN convention: counts the sign-up unless the key's limit is reached.
 * One statement, so concurrent sign-ups can never pass the limit.
 */
export async function redeemObjectToken(ctx: ServiceContext, conventionSlug: string, token: string): Promise<ObjectTokenRecord> {
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', ctx.t('errors:unauthenticated'));
  const convention = await ctx.db('conventions').where({ slug: String(conventionSlug).toLowerCase() }).first('id');
  if (!convention) throw notFound(ctx, 'slug');
  const [row] = await ctx
    .db('object_tokens')
    .where({ convention_id: convention.id, token })
    .andWhereRaw('signed_up < "limit"')
    .increment('signed_up', 1)
    .returning('*');
  if (row) return row;
  const exists = await ctx.db('object_tokens').where({ convention_id: convention.id, token }).first('id');
  if (exists) throw new DomainError('INVALID', ctx.t('events:errors.tokenLimitReached'), 'token');
  throw new DomainError('INVALID', ctx.t('events:errors.tokenInvalid'), 'token');
}

/** Access keys are for the organiser's event team only (members with the event feature); others see none. */
export async function conventionTokens(ctx: ServiceContext, convention: ConventionRecord): Promise<ObjectTokenRecord[]> {
  const viewer = ctx.viewer;
  if (!viewer || viewer.organization?.id !== convention.organization_id || !hasFeature(viewer.features, 'event')) return [];
  return objectTokensOfConvention(ctx).load(convention.id);
}

// ---------------------------------------------------------------------------------------------------------
// Visitors (landing page, convention layout)

/** conventionBySlug(slug, lang): the convention a visitor opens, checked against its permission type. */
export async function conventionBySlug(ctx: ServiceContext, slug: string): Promise<ConventionRecord> {
  const row: ConventionRecord | undefined = await ctx.db('conventions').where({ slug: String(slug).toLowerCase() }).first();
  if (!row) throw notFound(ctx, 'slug');
  assertVisitorAccess(ctx, row);
  return row;
}

async function organizationIdBySlug(ctx: ServiceContext, orgSlug: string): Promise<string> {
  const org = await ctx.db('organizations').where({ slug: String(orgSlug).toLowerCase(), is_active: true }).first('id');
  if (!org) throw notFound(ctx, 'orgSlug');
  return org.id;
}

/** latestConvention(orgSlug): the organisation's active convention that started last (null when none). */
export async function latestConvention(ctx: ServiceContext, orgSlug: string): Promise<ConventionRecord | null> {
  const organizationId = await organizationIdBySlug(ctx, orgSlug);
  const row: ConventionRecord | undefined = await ctx
    .db('conventions')
    .where({ organization_id: organizationId, active: true })
    .orderByRaw('start_date desc nulls last, created_at desc')
    .first();
  if (!row) return null;
  assertVisitorAccess(ctx, row);
  return row;
}

/**
 * fetchLandingpageConvention(orgSlug): what the organisation's landing page shows: its ongoing convention,
 * else the next upcoming one (null when there is neither).
 */
export async function landingpageConvention(ctx: ServiceContext, orgSlug: string, now = new Date()): Promise<ConventionRecord | null> {
  const organizationId = await organizationIdBySlug(ctx, orgSlug);
  const rows: ConventionRecord[] = await ctx
    .db('conventions')
    .where({ organization_id: organizationId, active: true })
    .andWhere((q) => q.whereNull('end_date').orWhere('end_date', '>=', now))
    .orderByRaw('start_date asc nulls first, created_at asc')
    .select('*');
  const row = rows.find((r) => statusOf(r, now) === 'ONGOING') ?? rows.find((r) => statusOf(r, now) === 'UPCOMING');
  if (!row) return null;
  assertVisitorAccess(ctx, row);
  return row;
}

/** The translation of the language, else the other one, else the convention's own title. */
export function pickTranslation(
  translations: EventTranslationRecord[],
  language: Language,
): EventTranslationRecord | undefined {
  return translations.find((tr) => tr.language === language) ?? translations[0];
}
