import { Publicsite } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { assertOwnPersonalization } from '../personalizations/personalizations';
import { freeSlug } from '../slugs';
import { requireContentEditor } from './policy';

export const PUBLICSITE_NAME_MAX = 200;

export interface PublicsiteInput {
  name?: string | null;
  /** null removes it; left out keeps it */
  personalizationId?: string | null;
}

async function checkedColumns(ctx: ServiceContext, organizationId: string, input: PublicsiteInput, current?: Publicsite) {
  const name = (input.name ?? current?.name ?? '').trim();
  if (!name) throw new DomainError('REQUIRED', ctx.t('content:publicsite.errors.nameRequired'), 'name');
  if (name.length > PUBLICSITE_NAME_MAX) {
    throw new DomainError('INVALID', ctx.t('content:publicsite.errors.nameTooLong', { max: PUBLICSITE_NAME_MAX }), 'name');
  }
  const personalizationId = input.personalizationId !== undefined ? input.personalizationId : (current?.personalization_id ?? null);
  if (personalizationId) await assertOwnPersonalization(ctx, organizationId, personalizationId);
  return { name, personalization_id: personalizationId };
}

/** The current organisation's publicsites (content feature), by name. */
export async function listPublicsites(ctx: ServiceContext): Promise<Publicsite[]> {
  const { organizationId } = requireContentEditor(ctx);
  return Publicsite.query(ctx.db).where({ organization_id: organizationId }).orderByRaw('lower(name), created_at');
}

export async function ownPublicsite(ctx: ServiceContext, by: { id?: string | null; slug?: string | null }): Promise<Publicsite> {
  const { organizationId } = requireContentEditor(ctx);
  if (by.id) assertId(ctx, by.id);
  const found = await Publicsite.query(ctx.db).findOne(
    by.id ? { id: by.id, organization_id: organizationId } : { slug: by.slug ?? '', organization_id: organizationId },
  );
  if (!found) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), by.id ? 'id' : 'slug');
  return found;
}

export async function createPublicsite(ctx: ServiceContext, input: PublicsiteInput): Promise<Publicsite> {
  const { organizationId } = requireContentEditor(ctx);
  const columns = await checkedColumns(ctx, organizationId, input);
  return Publicsite.query(ctx.db)
    .insert({ ...columns, organization_id: organizationId, slug: await freeSlug(ctx, 'publicsites', columns.name, 'site') })
    .returning('*');
}

export async function updatePublicsite(ctx: ServiceContext, id: string, input: PublicsiteInput): Promise<Publicsite> {
  const current = await ownPublicsite(ctx, { id });
  return Publicsite.query(ctx.db).patchAndFetchById(current.id, await checkedColumns(ctx, current.organization_id, input, current));
}

export async function deletePublicsite(ctx: ServiceContext, id: string): Promise<string> {
  const current = await ownPublicsite(ctx, { id });
  await Publicsite.query(ctx.db).deleteById(current.id);
  return current.id;
}
