import { z } from 'zod';
import { ContentPage, ContentPageTranslation } from '#db/models/index';
import { layoutIssues, pageLayoutShapeSchema, type LayoutColumn, type LayoutRow, type PageLayout } from '~/lib/content-pages/layout';
import {
  ContentPageTranslationCreateInput,
  ContentPageTranslationUpdateInput,
  type ContentItemInput,
  type PageLanguage,
  type ContentPageTranslationUpdateInput as UpdateInput,
} from '~/lib/schemas/content-pages';
import { createZodErrorMap } from '~/lib/validation-messages';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { requireContentEditor } from '../content/policy';
import { DomainError, type FieldError } from '../errors';
import { isUniqueViolation } from '../slugs';
import { parseInput } from '../validation';
import { checkedBlocks, layoutFileIds } from './blocks';
import { pageUse } from './file-uses';
import { recordFileUses } from '../access/files';
import { editablePage } from './pages';

/**
 * A page's translations (spec 001 point 7): the layout of one language saved in one call with optimistic
 * concurrency (the save names the version it started from; `UPDATE ... WHERE version = base` changes nothing when
 * someone saved in between, and the save is refused with VERSION_CONFLICT); a translation copied from another
 * language; a translation deleted (never the last one).
 */

const notFound = (ctx: ServiceContext, field = 'translationId') => new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);

/** A translation of a page of the current organisation, with its page; NOT_FOUND for anything else. */
export async function editableTranslation(ctx: ServiceContext, translationId: string): Promise<{ page: ContentPage; translation: ContentPageTranslation }> {
  const { organizationId } = requireContentEditor(ctx);
  assertId(ctx, translationId, 'translationId');
  const translation = await ContentPageTranslation.query(ctx.db)
    .joinRelated('page')
    .where('content_page_translations.id', translationId)
    .where('page.organization_id', organizationId)
    .select('content_page_translations.*')
    .first();
  if (!translation) throw notFound(ctx);
  const page = await ContentPage.query(ctx.db).findById(translation.page_id);
  if (!page) throw notFound(ctx);
  return { page, translation };
}

/** A column as the builder sends it: its item inline, or the id of one of `contentItems`. */
const columnInput: z.ZodType<unknown> = z.lazy(() =>
  z
    .object({
      id: z.unknown(),
      type: z.unknown().optional(),
      width: z.unknown().optional(),
      item: z.unknown().optional(),
      itemId: z.string().max(64).nullable().optional(),
      rows: z.array(rowInput).max(1000).optional(),
    })
    .passthrough(),
);
const rowInput: z.ZodType<unknown> = z.lazy(() => z.object({ columns: z.array(columnInput).max(1000) }).passthrough());
const layoutInput = z.object({ rows: z.array(rowInput).max(1000).default([]) }).passthrough();

type RawColumn = { itemId?: string | null; item?: unknown; rows?: RawRow[] } & Record<string, unknown>;
type RawRow = { columns: RawColumn[] } & Record<string, unknown>;

/**
 * The stored layout from the builder's two parts: `contentLayouts` (rows and columns; a column names its item by
 * `itemId` or carries it) and `contentItems` (the items with the builder's flags: a deleted item leaves its cell
 * empty). Structure problems are NESTABLE_ERROR (too deep, an item and rows in one column, an id twice).
 */
function assembled(ctx: ServiceContext, input: z.infer<typeof ContentPageTranslationUpdateInput>): { layout: PageLayout; paths: Map<string, string> } {
  const errorMap = createZodErrorMap(ctx.t);
  const raw = layoutInput.safeParse(input.contentLayouts ?? { rows: [] }, { errorMap });
  if (!raw.success) throw new DomainError('NESTABLE_ERROR', ctx.t('pages:errors.layout.invalid'), 'contentLayouts');
  const items = new Map<string, ContentItemInput>();
  for (const item of input.contentItems ?? []) items.set(item.id, item);
  const column = (c: RawColumn): Record<string, unknown> => {
    const { itemId, rows, ...rest } = c;
    let item = rest.item ?? null;
    if (itemId) {
      const named = items.get(itemId);
      if (!named) throw new DomainError('NESTABLE_ERROR', ctx.t('pages:errors.layout.unknownItem', { id: itemId }), 'contentLayouts');
      item = named.isDeleted ? null : { id: named.id, sort: named.sort ?? 0, content: named.content };
    }
    return { ...rest, item, rows: (rows ?? []).map(row) };
  };
  const row = (r: RawRow): Record<string, unknown> => ({ ...r, columns: r.columns.map(column) });
  const candidate = { rows: (raw.data.rows as RawRow[]).map(row) };

  const depthFirst = layoutIssues(candidateForDepth(candidate));
  const tooDeep = depthFirst.find((issue) => issue.code === 'TOO_DEEP');
  if (tooDeep) throw new DomainError('NESTABLE_ERROR', ctx.t('pages:errors.layout.TOO_DEEP'), `contentLayouts.${tooDeep.path}`);

  const parsed = pageLayoutShapeSchema.safeParse(candidate, { errorMap });
  if (!parsed.success) {
    const errors: FieldError[] = parsed.error.issues.map((issue) => ({
      code: 'INVALID',
      field: ['contentLayouts', ...issue.path].join('.'),
      message: issue.message,
    }));
    throw DomainError.fromFieldErrors(errors);
  }
  const issues = layoutIssues(parsed.data);
  if (issues.length) {
    throw DomainError.fromFieldErrors(
      issues.map((issue) => ({ code: 'NESTABLE_ERROR', field: `contentLayouts.${issue.path}`, message: ctx.t(`pages:errors.layout.${issue.code}`) })),
    );
  }
  const paths = new Map<string, string>();
  const walk = (rows: LayoutRow[], path: string) =>
    rows.forEach((r, i) =>
      r.columns.forEach((c: LayoutColumn, j) => {
        const here = `${path}${path ? '.' : ''}rows.${i}.columns.${j}`;
        if (c.item) paths.set(c.item.id, `contentLayouts.${here}.item`);
        walk(c.rows, here);
      }),
    );
  walk(parsed.data.rows, '');
  return { layout: parsed.data, paths };
}

/** Only rows, columns and ids: the depth is judged before anything else (a 7-level layout is refused as such). */
function candidateForDepth(candidate: { rows: unknown[] }): PageLayout {
  const row = (r: unknown): LayoutRow => {
    const columns = Array.isArray((r as RawRow)?.columns) ? (r as RawRow).columns : [];
    return { id: String((r as RawRow)?.id ?? ''), type: 'ROW', columns: columns.map(column) };
  };
  const column = (c: RawColumn): LayoutColumn => ({
    id: String(c?.id ?? ''),
    type: 'COL',
    width: 'N8',
    item: null,
    rows: Array.isArray(c?.rows) ? c.rows.map(row) : [],
  });
  return { rows: candidate.rows.map(row) };
}

function versionConflict(ctx: ServiceContext, current: number) {
  return new DomainError('VERSION_CONFLICT', ctx.t('pages:errors.versionConflict', { version: current }), 'baseVersion');
}

/**
 * Saves one language of a page: name and layout, every block checked and cleaned (blocks.ts). `baseVersion` is the
 * version the editor loaded; when someone saved since, nothing is written and VERSION_CONFLICT says so.
 */
export async function updateTranslation(ctx: ServiceContext, translationId: string, input: UpdateInput): Promise<ContentPageTranslation> {
  const { page, translation } = await editableTranslation(ctx, translationId);
  const values = parseInput(ctx, ContentPageTranslationUpdateInput, input);
  if (values.baseVersion !== translation.version) throw versionConflict(ctx, translation.version);
  const { layout, paths } = assembled(ctx, values);
  const cleaned = await checkedBlocks(ctx, layout, paths, page.organization_id);
  return inTransaction(ctx, async (tx) => {
    const [saved] = (await ContentPageTranslation.query(tx.db)
      .patch({
        layout: cleaned,
        version: tx.db.raw('version + 1') as unknown as number,
        ...(values.name !== undefined ? { name: values.name } : {}),
      })
      .where({ id: translation.id, version: values.baseVersion })
      .returning('*')) as unknown as ContentPageTranslation[];
    if (!saved) {
      const current = await ContentPageTranslation.query(tx.db).findById(translation.id);
      if (!current) throw notFound(ctx);
      throw versionConflict(ctx, current.version);
    }
    await recordFileUses(tx, pageUse(page), layoutFileIds(cleaned));
    // the editor's draft of this translation is saved now (issue 24 item 7); others' drafts are stale by the version
    if (ctx.viewer) await tx.db('content_page_drafts').where({ translation_id: translation.id, user_id: ctx.viewer.userId }).delete();
    return saved;
  });
}

/** A translation in `toLang` copied from `fromLang` (name and layout; spec 000 point 4). */
export async function createTranslation(ctx: ServiceContext, input: { pageId: string; fromLang: PageLanguage; toLang: PageLanguage }): Promise<ContentPageTranslation> {
  requireContentEditor(ctx);
  assertId(ctx, input.pageId, 'pageId');
  const values = parseInput(ctx, ContentPageTranslationCreateInput, input);
  const page = await editablePage(ctx, { id: values.pageId });
  const source = await ContentPageTranslation.query(ctx.db).findOne({ page_id: page.id, language: values.fromLang });
  if (!source) throw notFound(ctx, 'fromLang');
  const exists = () => new DomainError('UNIQUE', ctx.t('pages:errors.translationExists'), 'toLang');
  if (await ContentPageTranslation.query(ctx.db).findOne({ page_id: page.id, language: values.toLang })) throw exists();
  try {
    return await ContentPageTranslation.query(ctx.db)
      .insert({ page_id: page.id, language: values.toLang, name: source.name, layout: source.layout as PageLayout })
      .returning('*');
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
}

/** Deletes a translation; the last one of a page stays (INVALID). */
export async function deleteTranslation(ctx: ServiceContext, translationId: string): Promise<string> {
  const { page, translation } = await editableTranslation(ctx, translationId);
  return inTransaction(ctx, async (tx) => {
    await ContentPage.query(tx.db).findById(page.id).forUpdate();
    const count = await ContentPageTranslation.query(tx.db).where({ page_id: page.id }).resultSize();
    if (count <= 1) throw new DomainError('INVALID', ctx.t('pages:errors.lastTranslation'), 'translationId');
    await ContentPageTranslation.query(tx.db).deleteById(translation.id);
    return translation.id;
  });
}
