import type { z } from 'zod';
import { blockEnvelope, mapItems, type LayoutItem, type PageLayout } from '~/lib/content-pages/layout';
import { parseVideoUrl } from '~/lib/events';
import { isUuid } from '~/lib/ids';
import { isHttpUrl } from '~/lib/url';
import { createZodErrorMap } from '~/lib/validation-messages';
import type { ServiceContext } from '../../context.server';
import { sanitizeRichText } from '../content/sanitize';
import { DomainError, type FieldError } from '../errors';

/**
 * Every item's block content checked and cleaned on the server (issue 16): the block registry's schema (each
 * block's fields with the spec's defaults), rich text (`html`) through the content pool's sanitiser, embedded
 * pages https only, videos of recognised sites only, and every file a block names one of the page's organisation.
 */

/** The block registry's discriminated union once it has landed (app/lib/content-pages/blocks); the envelope until then. */
const BLOCK_SCHEMA: z.ZodTypeAny = blockEnvelope;

const HTML_FIELDS = ['html'];

type Content = Record<string, unknown>;

function urlIssue(ctx: ServiceContext, content: Content, path: string): FieldError | null {
  const url = typeof content.url === 'string' && content.url ? content.url : null;
  if (content.type === 'IFRAME' && url && !(isHttpUrl(url) && /^https:\/\//i.test(url))) {
    return { code: 'VALUE_IS_NOT_URL', field: `${path}.url`, message: ctx.t('pages:errors.iframeHttps') };
  }
  if (content.type === 'VIDEO' && url && !parseVideoUrl(url)) {
    return { code: 'INVALID', field: `${path}.url`, message: ctx.t('pages:errors.videoSite') };
  }
  return null;
}

/** The uuids anywhere in a block's content (file references; entry ids that are uuids name no file and pass). */
function uuidsIn(value: unknown, found: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (isUuid(value)) found.add(value.toLowerCase());
  } else if (Array.isArray(value)) value.forEach((v) => uuidsIn(v, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => uuidsIn(v, found));
  return found;
}

/** Ids of the stored files a layout's blocks name (thumbnail aside). */
export function layoutFileIds(layout: PageLayout): string[] {
  const found = new Set<string>();
  mapItems(layout, (item) => {
    uuidsIn(item.content, found);
    return item;
  });
  return [...found];
}

/**
 * The layout with every block parsed by its schema and cleaned; a DomainError listing every broken field
 * (paths from `contentLayouts`, e.g. `contentLayouts.rows.0.columns.1.item.content.url`) otherwise.
 */
export async function checkedBlocks(ctx: ServiceContext, layout: PageLayout, paths: Map<string, string>, organizationId: string): Promise<PageLayout> {
  const errors: FieldError[] = [];
  const errorMap = createZodErrorMap(ctx.t);
  const cleaned = mapItems(layout, (item: LayoutItem) => {
    const path = `${paths.get(item.id) ?? 'contentItems'}.content`;
    const result = BLOCK_SCHEMA.safeParse(item.content, { errorMap });
    if (!result.success) {
      for (const issue of result.error.issues) {
        errors.push({ code: 'INVALID', field: [path, ...issue.path].join('.'), message: issue.message });
      }
      return item;
    }
    const content = { ...(result.data as Content) };
    for (const field of HTML_FIELDS) if (typeof content[field] === 'string') content[field] = sanitizeRichText(content[field] as string);
    const urlProblem = urlIssue(ctx, content, path);
    if (urlProblem) errors.push(urlProblem);
    return { ...item, content: content as LayoutItem['content'] };
  });
  if (errors.length) throw DomainError.fromFieldErrors(errors);

  const ids = layoutFileIds(cleaned);
  if (ids.length) {
    const foreign = await ctx.db('files').whereIn('id', ids).whereRaw('organization_id is distinct from ?', [organizationId]).first('id');
    if (foreign) throw new DomainError('NOT_FOUND', ctx.t('pages:errors.fileNotFound'), 'contentItems');
  }
  return cleaned;
}
