import crypto from 'node:crypto';
import type { ModelClass } from 'objection';
import type { BaseModel, TranslationModel } from '#db/models/index';
import type { Language } from '~/lib/language';
import {
  CreateByNameSchema,
  EventTranslationSchema,
  type CreateByNameInput,
  type EventTranslationInput,
  type TranslationPatchInput,
} from '~/lib/schemas/events';
import type { TranslationUpdateInput } from '~/lib/schemas/stands';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { requireMember } from '../access/membership';
import { DomainError, type FieldError } from '../errors';
import { freeSlug, withUniqueError } from '../slugs';
import { parseInput } from '../validation';

/**
 * Shared by the halls, stands, nodes, points and foyer services: who may act (a member of an organisation with
 * the event feature, spec 001 point 6), NOT_FOUND for everything outside their organisation, slugs, images and
 * translations.
 */
export function requireEventMember(ctx: ServiceContext): { organizationId: string; userId: string } {
  const { viewer, organizationId } = requireMember(ctx, { feature: 'event' });
  return { organizationId, userId: viewer.userId };
}

export function notFound(ctx: ServiceContext, field: string | null = null): DomainError {
  return new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);
}

/** A slug in use, in the halls side's words (halls, stands, points). */
export const slugTaken = (ctx: ServiceContext) => new DomainError('UNIQUE', ctx.t('events:standErrors.slugTaken'), 'slug');

/** A slug in use, in the conventions side's words (conventions, stages, exhibitions, on-demand content). */
export const slugExists = (ctx: ServiceContext) => new DomainError('UNIQUE', ctx.t('events:errors.slugExists'), 'slug');

/**
 * The row of the model with that id that belongs to the organisation; anything else (unknown, malformed or of
 * another organisation) is NOT_FOUND, so nobody learns that someone else's object exists.
 */
export async function ownedRow<C extends typeof BaseModel>(
  ctx: ServiceContext,
  model: C,
  id: string,
  organizationId: string,
  field = 'id',
): Promise<InstanceType<C>> {
  assertId(ctx, id, field);
  const row = await (model as unknown as ModelClass<BaseModel>).query(ctx.db).findOne({ id, organization_id: organizationId });
  if (!row) throw notFound(ctx, field);
  return row as InstanceType<C>;
}

/** `ownedRow` in the viewer's organisation, once the viewer passed `requireEventMember`. */
export async function ownEventRow<C extends typeof BaseModel>(ctx: ServiceContext, model: C, id: string, field = 'id'): Promise<InstanceType<C>> {
  const { organizationId } = requireEventMember(ctx);
  return ownedRow(ctx, model, id, organizationId, field);
}

/**
 * The row of a child table (a translation, a schedule entry ...) whose parent row, reached through
 * `parentColumn`, belongs to the organisation; anything else is NOT_FOUND like `ownedRow`.
 */
export async function ownedChildRow<T = { id: string }>(
  ctx: ServiceContext,
  table: string,
  parentColumn: string,
  parentTable: string,
  id: string,
  organizationId: string,
  field: string | null = 'id',
): Promise<T> {
  assertId(ctx, id);
  const row = await ctx
    .db(`${table} as c`)
    .join(`${parentTable} as p`, 'p.id', `c.${parentColumn}`)
    .where({ 'c.id': id, 'p.organization_id': organizationId })
    .first('c.*');
  if (!row) throw notFound(ctx, field);
  return row;
}

/** The rows of `table` that belong to the viewer's organisation, as a query to order and select. */
export function ownRowsQuery(ctx: ServiceContext, table: string) {
  const { organizationId } = requireEventMember(ctx);
  return ctx.db(table).where({ organization_id: organizationId });
}

/** The viewer's organisation's row of `table` with that slug (the console's pages by slug); else NOT_FOUND on `slug`. */
export async function ownRowBySlug<T>(ctx: ServiceContext, table: string, slug: string): Promise<T> {
  const row = await ownRowsQuery(ctx, table).where({ slug }).first();
  if (!row) throw notFound(ctx, 'slug');
  return row;
}

/** Runs every check and gathers the field errors of those that fail, so a form shows them all at once. */
export async function collectFieldErrors(checks: (() => unknown)[]): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const check of checks) {
    try {
      await check();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      errors.push(...error.errors);
    }
  }
  return errors;
}

export { freeSlug, isUniqueViolation, withUniqueError } from '../slugs';

export async function assertSlugFree(
  ctx: ServiceContext,
  table: string,
  slug: string,
  scope: Record<string, unknown> = {},
  exceptId?: string,
): Promise<void> {
  const query = ctx.db(table).where({ ...scope, slug });
  if (exceptId) query.whereNot('id', exceptId);
  if (await query.first('id')) throw slugTaken(ctx);
}

/** An unguessable slug for preview links (128 random bits). */
export function previewSlug(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** Drops undefined values, so a patch only touches the fields it names. */
export function definedOnly(patch: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
}

/** A text of an events object in one language, as the translation loaders and writes answer it. */
export type TranslationRow = Pick<TranslationModel, 'id' | 'language' | 'title' | 'description'>;

const TRANSLATION_COLUMNS = ['id', 'language', 'title', 'description'];

/** Creates the translation of a language; a second one for the same language is UNIQUE. */
export async function createTranslation(
  ctx: ServiceContext,
  table: string,
  parent: Record<string, string>,
  input: { language: Language; title: string; description: string },
  existsMessage = 'events:standErrors.translationExists',
): Promise<TranslationRow> {
  const exists = () => new DomainError('UNIQUE', ctx.t(existsMessage), 'language');
  if (await ctx.db(table).where({ ...parent, language: input.language }).first('id')) throw exists();
  return withUniqueError(exists, async () => {
    const [row] = await ctx.db(table).insert({ ...parent, ...input }).returning(TRANSLATION_COLUMNS);
    return row;
  });
}

export async function updateTranslation(
  ctx: ServiceContext,
  table: string,
  id: string,
  input: TranslationUpdateInput | TranslationPatchInput,
): Promise<TranslationRow> {
  const [row] = await ctx
    .db(table)
    .where({ id })
    .update({ ...definedOnly({ title: input.title, description: input.description }), updated_at: ctx.db.fn.now() })
    .returning(TRANSLATION_COLUMNS);
  return row;
}

/**
 * Inserts a convention or stage with its texts in one transaction; a slug taken meanwhile is UNIQUE on `slug`.
 */
export async function insertWithTranslations<T extends { id: string }>(
  ctx: ServiceContext,
  table: string,
  translationTable: string,
  parentColumn: string,
  values: Record<string, unknown>,
  translations: EventTranslationInput[] = [],
): Promise<T> {
  return withUniqueError(() => slugExists(ctx), () =>
    inTransaction(ctx, async (tx) => {
      const [row] = await tx.db(table).insert(values).returning('*');
      const parsed = translations.map((tr) => EventTranslationSchema.parse(tr));
      await upsertTranslations(tx, translationTable, { [parentColumn]: row.id }, parsed);
      return row as T;
    }),
  );
}

/**
 * The columns of a console "create by name" box (conventions, stages, in-house fairs): the name as the object's
 * title (or name) and a free slug made from it, in the viewer's organisation.
 */
export async function createByNameColumns(
  ctx: ServiceContext,
  rawInput: CreateByNameInput,
  table: string,
  fallbackSlug: string,
  nameColumn: 'title' | 'name' = 'title',
): Promise<Record<string, string>> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, CreateByNameSchema, rawInput);
  const slug = await freeSlug(ctx, table, input.name, fallbackSlug);
  return { [nameColumn]: input.name, slug, organization_id: organizationId };
}

/** Inserts or replaces the translations of a row per language. */
export async function upsertTranslations(
  ctx: ServiceContext,
  table: string,
  parent: Record<string, string>,
  translations: { language: Language; title: string; description: string }[],
): Promise<void> {
  for (const tr of translations) {
    await ctx
      .db(table)
      .insert({ ...parent, ...tr })
      .onConflict([...Object.keys(parent), 'language'])
      .merge({ title: tr.title, description: tr.description, updated_at: ctx.db.fn.now() });
  }
}
