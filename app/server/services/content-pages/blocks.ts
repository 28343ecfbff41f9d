import { blockFileIds, blockSchema, cadFormat, images360Issue, type BlockContent } from '~/lib/content-pages/blocks';
import { mapItems, type LayoutItem, type PageLayout } from '~/lib/content-pages/layout';
import { parseVideoUrl } from '~/lib/events';
import { isHttpUrl } from '~/lib/url';
import { createZodErrorMap } from '~/lib/validation-messages';
import type { ServiceContext } from '../../context.server';
import { sanitizeRichText } from '../content/sanitize';
import { DomainError, type FieldError } from '../errors';

/**
 * Every item's block content checked and cleaned on the server (issue 16): the block registry's schema
 * (app/lib/content-pages/blocks: each block's fields with the spec's defaults), rich text (`html`) through the
 * content pool's sanitiser, embedded pages https only, videos of recognised sites only (both VALUE_IS_NOT_URL, the
 * spec's code for links), every file a block names one of the page's organisation, a 3D model a glb, gltf or stl
 * file, and a 360 view at least 70 pictures of equal height.
 */

/** Link fields: a broken one is the spec's VALUE_IS_NOT_URL. */
const URL_FIELDS = new Set(['url', 'videoUrl', 'link']);

function urlIssue(ctx: ServiceContext, content: BlockContent, path: string): FieldError | null {
  const url = 'url' in content && typeof content.url === 'string' && content.url ? content.url : null;
  if (content.type === 'IFRAME' && url && !(isHttpUrl(url) && /^https:\/\//i.test(url))) {
    return { code: 'VALUE_IS_NOT_URL', field: `${path}.url`, message: ctx.t('pages:errors.iframeHttps') };
  }
  if (content.type === 'VIDEO' && url && !parseVideoUrl(url)) {
    return { code: 'VALUE_IS_NOT_URL', field: `${path}.url`, message: ctx.t('pages:errors.videoSite') };
  }
  return null;
}

/** Ids of the stored files a layout's blocks name (thumbnail aside). */
export function layoutFileIds(layout: PageLayout): string[] {
  const found = new Set<string>();
  mapItems(layout, (item) => {
    const parsed = blockSchema.safeParse(item.content);
    if (parsed.success) blockFileIds(parsed.data).forEach((id) => found.add(id.toLowerCase()));
    return item;
  });
  return [...found];
}

interface FileFacts {
  id: string;
  organization_id: string | null;
  filename: string;
  mime_type: string;
  width: number | null;
  height: number | null;
}

/**
 * The layout with every block parsed by its schema and cleaned; a DomainError listing every broken field
 * (paths from `contentLayouts`, e.g. `contentLayouts.rows.0.columns.1.item.content.url`) otherwise.
 */
export async function checkedBlocks(ctx: ServiceContext, layout: PageLayout, paths: Map<string, string>, organizationId: string): Promise<PageLayout> {
  const errors: FieldError[] = [];
  const errorMap = createZodErrorMap(ctx.t);
  const blocks: { path: string; content: BlockContent }[] = [];
  const cleaned = mapItems(layout, (item: LayoutItem) => {
    const path = `${paths.get(item.id) ?? 'contentItems'}.content`;
    const result = blockSchema.safeParse(item.content, { errorMap });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const last = issue.path[issue.path.length - 1];
        const code = typeof last === 'string' && URL_FIELDS.has(last) ? 'VALUE_IS_NOT_URL' : 'INVALID';
        errors.push({ code, field: [path, ...issue.path].join('.'), message: issue.message });
      }
      return item;
    }
    const content = { ...result.data } as BlockContent;
    if ('html' in content && typeof content.html === 'string') content.html = sanitizeRichText(content.html);
    const problem = urlIssue(ctx, content, path);
    if (problem) errors.push(problem);
    blocks.push({ path, content });
    return { ...item, content: content as unknown as LayoutItem['content'] };
  });
  if (errors.length) throw DomainError.fromFieldErrors(errors);

  const ids = [...new Set(blocks.flatMap((b) => blockFileIds(b.content).map((id) => id.toLowerCase())))];
  const files = new Map<string, FileFacts>();
  if (ids.length) {
    const rows = (await ctx.db('files').whereIn('id', ids).select('id', 'organization_id', 'filename', 'mime_type', 'width', 'height')) as FileFacts[];
    rows.forEach((row) => files.set(row.id, row));
  }
  for (const { path, content } of blocks) {
    for (const id of blockFileIds(content)) {
      const file = files.get(id.toLowerCase());
      if (!file || file.organization_id !== organizationId) errors.push({ code: 'NOT_FOUND', field: path, message: ctx.t('pages:errors.fileNotFound') });
    }
    if (content.type === 'CADFILE' && content.file) {
      const file = files.get(content.file.toLowerCase());
      if (file && !cadFormat(file.filename, file.mime_type)) {
        errors.push({ code: 'FILE_TYPE_NOT_ALLOWED', field: `${path}.file`, message: ctx.t('pages:errors.cadFormat') });
      }
    }
    if (content.type === 'IMAGES360' && content.files.length) {
      const issue = images360Issue(content.files.map((id) => files.get(id.toLowerCase()) ?? { id, width: null, height: null }));
      if (issue) errors.push({ code: 'INVALID', field: `${path}.files`, message: ctx.t(`validation:${issue.key}`, issue.values) });
    }
  }
  if (errors.length) throw DomainError.fromFieldErrors(errors);
  return cleaned;
}
