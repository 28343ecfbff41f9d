import { Exhibition, Stage } from '#db/models/index';
import {
  ExhibitionCreateSchema,
  ExhibitionUpdateSchema,
  type CreateByNameInput,
  type ExhibitionCreateInput,
  type ExhibitionUpdateInput,
} from '~/lib/schemas/events';
import type { ServiceContext } from '../../context.server';
import { DomainError, type FieldError } from '../errors';
import { parseInput } from '../validation';
import { assertAccess } from '../access/index';
import { checkedVideo } from './conventions';
import {
  assertSlugFree,
  createByNameColumns,
  definedOnly,
  freeSlug,
  notFound,
  ownedRow,
  ownRowBySlug,
  ownRowsQuery,
  requireEventMember,
  slugExists,
  withUniqueError,
} from './hall-common';
import { isUuid } from '~/lib/ids';
import { rememberVideoThumbnail } from './video-thumbnails';
import { exhibitionBySlugLoader } from './visitor-loaders';

export async function listExhibitions(ctx: ServiceContext): Promise<Exhibition[]> {
  return ownRowsQuery(ctx, 'exhibitions').orderBy([{ column: 'created_at', order: 'desc' }, 'id']).select('*');
}

export async function exhibitionNames(ctx: ServiceContext): Promise<{ id: string; name: string }[]> {
  return ownRowsQuery(ctx, 'exhibitions').orderBy('name').select('id', 'name');
}

/**
 * fetchExhibition(id or slug): for the builder and for visitors of /exhibition/{slug}. Members of the owning
 * organisation always see it, others by its permission type.
 */
export async function fetchExhibition(ctx: ServiceContext, idOrSlug: string): Promise<Exhibition> {
  const key = String(idOrSlug);
  // by slug as the visitor pages read it (with its organiser, stage and stand in the same statement)
  const row: Exhibition | null | undefined = isUuid(key)
    ? await ctx.db('exhibitions').where({ id: key }).first()
    : await exhibitionBySlugLoader(ctx).load(key.toLowerCase());
  if (!row) throw notFound(ctx, 'id');
  await assertAccess(ctx, 'exhibition', row);
  return row;
}

/** /exhibition/{slug}: an in-house fair for its visitors, by slug only, checked against its permission type. */
export async function exhibitionForVisitor(ctx: ServiceContext, slug: string): Promise<Exhibition> {
  const row = await exhibitionBySlugLoader(ctx).load(String(slug).toLowerCase());
  if (!row) throw notFound(ctx, 'slug');
  await assertAccess(ctx, 'exhibition', row);
  return row;
}

/** One of the organisation's own in-house fairs by slug (the console); any other is NOT_FOUND. */
export async function ownExhibitionBySlug(ctx: ServiceContext, slug: string): Promise<Exhibition> {
  return ownRowBySlug(ctx, 'exhibitions', String(slug).toLowerCase());
}

/** The stand and stage of an exhibition must be the organisation's own. */
async function checkedRefs(ctx: ServiceContext, organizationId: string, input: { standId?: string | null; stageId?: string | null }) {
  const errors: FieldError[] = [];
  if (input.standId) {
    const stand = await ctx.db('base_stands').where({ id: input.standId, organization_id: organizationId }).first('id');
    if (!stand) errors.push({ code: 'NOT_FOUND', field: 'standId', message: ctx.t('errors:notFound') });
  }
  if (input.stageId) {
    await ownedRow(ctx, Stage, input.stageId, organizationId, 'stageId').catch((error: DomainError) => errors.push(...error.errors));
  }
  return errors;
}

export async function createExhibitionByName(ctx: ServiceContext, rawInput: CreateByNameInput): Promise<Exhibition> {
  return insertExhibition(ctx, await createByNameColumns(ctx, rawInput, 'exhibitions', 'hausmesse', 'name'));
}

async function insertExhibition(ctx: ServiceContext, values: Record<string, unknown>): Promise<Exhibition> {
  const [row] = await withUniqueError(() => slugExists(ctx), () => ctx.db('exhibitions').insert(values).returning('*'));
  return row;
}

export async function createExhibition(ctx: ServiceContext, rawInput: ExhibitionCreateInput): Promise<Exhibition> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, ExhibitionCreateSchema, rawInput);
  const errors = await checkedRefs(ctx, organizationId, input);
  try {
    checkedVideo(ctx, input.video, 'video');
    if (input.slug) await assertSlugFree(ctx, 'exhibitions', input.slug);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    errors.push(...error.errors);
  }
  if (errors.length) throw DomainError.fromFieldErrors(errors);
  const slug = input.slug ?? (await freeSlug(ctx, 'exhibitions', input.name, 'hausmesse'));
  const created = await insertExhibition(ctx, {
    organization_id: organizationId,
    name: input.name,
    slug,
    ...definedOnly({
      video: input.video,
      meeting: input.meeting,
      permission_type: input.permissionType,
      stand_id: input.standId,
      stage_id: input.stageId,
    }),
  });
  await rememberVideoThumbnail(ctx, organizationId, created.video);
  return created;
}

/** exhibitionUpdate and mutateExhibitionUpdate(id, input). */
export async function updateExhibition(ctx: ServiceContext, id: string, rawInput: ExhibitionUpdateInput): Promise<Exhibition> {
  const { organizationId } = requireEventMember(ctx);
  const current = await ownedRow(ctx, Exhibition, id, organizationId);
  const input = parseInput(ctx, ExhibitionUpdateSchema, rawInput);
  const errors = await checkedRefs(ctx, organizationId, input);
  if (errors.length) throw DomainError.fromFieldErrors(errors);
  checkedVideo(ctx, input.video, 'video');
  if (input.slug && input.slug !== current.slug) await assertSlugFree(ctx, 'exhibitions', input.slug, {}, id);
  return withUniqueError(() => slugExists(ctx), async () => {
    const [row] = await ctx
      .db('exhibitions')
      .where({ id: current.id })
      .update({
        ...definedOnly({
          name: input.name,
          slug: input.slug,
          video: input.video,
          meeting: input.meeting,
          permission_type: input.permissionType,
          stand_id: input.standId,
          stage_id: input.stageId,
        }),
        updated_at: ctx.db.fn.now(),
      })
      .returning('*');
    if (input.video) await rememberVideoThumbnail(ctx, organizationId, row.video);
    return row;
  });
}

export async function deleteExhibition(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const { organizationId } = requireEventMember(ctx);
  const exhibition = await ownedRow(ctx, Exhibition, id, organizationId);
  await ctx.db('exhibitions').where({ id: exhibition.id }).delete();
  return { id: exhibition.id };
}
