import type { ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';

/** One choice of the content page picker: the page's id and its name in the viewer's language (else any). */
export interface PageChoice {
  id: string;
  name: string;
}

/**
 * The organisation's published and private pages a console form may link (issue 16: wherever a content page can
 * be chosen), by name; one statement.
 */
export async function pageChoices(ctx: ServiceContext, organizationId: string): Promise<PageChoice[]> {
  const rows: { id: string; name: string }[] = await ctx.db
    .select(ctx.db.raw('distinct on (p.id) p.id, t.name'))
    .from('content_pages as p')
    .join('content_page_translations as t', 't.page_id', 'p.id')
    .where('p.organization_id', organizationId)
    .whereIn('p.state', ['PUBLISHED', 'PRIVATE'])
    .orderBy('p.id')
    .orderByRaw('(t.language = ?) desc', [ctx.language]);
  return rows.map((r) => ({ id: r.id, name: r.name })).sort((a, b) => a.name.localeCompare(b.name, ctx.language.toLowerCase()));
}

/**
 * A content page id a console form sets must name a page of the organisation; anything else is NOT_FOUND (nobody
 * learns that another organisation's page exists). Null or undefined pass (no page / unchanged).
 */
export async function assertOwnPage(ctx: ServiceContext, organizationId: string, id: string | null | undefined, field = 'contentPageId'): Promise<void> {
  if (id === null || id === undefined) return;
  assertId(ctx, id, field);
  const row = await ctx.db('content_pages').where({ id, organization_id: organizationId }).first('id');
  if (!row) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);
}
