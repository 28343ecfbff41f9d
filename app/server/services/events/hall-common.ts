import crypto from 'node:crypto';
import type { ModelClass } from 'objection';
import type { BaseModel, TranslationModel } from '#db/models/index';
import type { Language } from '~/lib/language';
import type { TranslationUpdateInput } from '~/lib/schemas/stands';
import type { ServiceContext } from '../../context.server';
import { assertId, requireFeature, requireOrganization } from '../authz';
import { DomainError } from '../errors';
import { isUniqueViolation } from '../slugs';

/**
 * Shared by the halls, stands, nodes, points and foyer services: who may act (a member of an organisation with
 * the event feature, spec 001 point 6), NOT_FOUND for everything outside their organisation, slugs, images and
 * translations.
 */
export function requireEventMember(ctx: ServiceContext): { organizationId: string; userId: string } {
  const { viewer, organizationId } = requireOrganization(ctx);
  requireFeature(ctx, 'event');
  return { organizationId, userId: viewer.userId };
}

export function notFound(ctx: ServiceContext, field: string | null = null): DomainError {
  return new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);
}

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

export { freeSlug, isUniqueViolation } from '../slugs';

export async function assertSlugFree(
  ctx: ServiceContext,
  table: string,
  slug: string,
  scope: Record<string, unknown> = {},
  exceptId?: string,
): Promise<void> {
  const query = ctx.db(table).where({ ...scope, slug });
  if (exceptId) query.whereNot('id', exceptId);
  if (await query.first('id')) throw new DomainError('UNIQUE', ctx.t('events:standErrors.slugTaken'), 'slug');
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
): Promise<TranslationRow> {
  const exists = await ctx.db(table).where({ ...parent, language: input.language }).first('id');
  if (exists) throw new DomainError('UNIQUE', ctx.t('events:standErrors.translationExists'), 'language');
  try {
    const [row] = await ctx.db(table).insert({ ...parent, ...input }).returning(TRANSLATION_COLUMNS);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('UNIQUE', ctx.t('events:standErrors.translationExists'), 'language');
    throw error;
  }
}

export async function updateTranslation(
  ctx: ServiceContext,
  table: string,
  id: string,
  input: TranslationUpdateInput,
): Promise<TranslationRow> {
  const [row] = await ctx
    .db(table)
    .where({ id })
    .update({ ...definedOnly({ title: input.title, description: input.description }), updated_at: ctx.db.fn.now() })
    .returning(TRANSLATION_COLUMNS);
  return row;
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
