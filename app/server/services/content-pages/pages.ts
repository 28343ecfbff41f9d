import DataLoader from 'dataloader';
import { ContentPage, ContentPageTag, ContentPageTranslation, Publicsite, type ContentTag, type Language } from '#db/models/index';
import { blockDefaults } from '~/lib/content-pages/blocks';
import { EMPTY_LAYOUT, type PageLayout } from '~/lib/content-pages/layout';
import { buildTemplate, type TemplateKey } from '~/lib/content-pages/templates';
import { isUuid } from '~/lib/ids';
import {
  ContentPageCreateInput,
  ContentPageCreateWithSlugInput,
  ContentPageUpdateInput,
  type ContentPageCreateWithSlugInput as CreateWithSlugInput,
  type ContentPageCreateInput as CreateInput,
  type ContentPageUpdateInput as UpdateInput,
} from '~/lib/schemas/content-pages';
import { defineLoader, inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { tagsOfOwners } from '../content/groups';
import { deleteUnlessUsed, linkingFoyers, linkingPoints } from '../content/in-use';
import { requireContentEditor } from '../content/policy';
import { DomainError } from '../errors';
import { findFile, fileUrl } from '../files/files.server';
import { assertOwnPersonalization } from '../personalizations/personalizations';
import { freeSlug, isUniqueViolation } from '../slugs';
import { parseInput } from '../validation';
import { layoutFileIds } from './blocks';
import { pageUse } from './file-uses';
import { recordFileUses } from '../access/files';
import { pageVisibility } from './policy';

/**
 * Content pages (spec 000 points 3 and 4, 001 point 7; issue 16): an organisation's pages, listed, created (empty,
 * from a template, with a chosen slug), updated, duplicated and deleted by its content editors; read by visitors
 * as their state and token allow (policy.ts). Translations and their layouts: translations.ts; publication and
 * QR codes: publish.ts.
 */

const notFound = (ctx: ServiceContext, field = 'id') => new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page for GraphQL: `contentPage(slug, lang)` hands the translation it picked along. */
export type ContentPageParent = ContentPage & { asked_translation?: ContentPageTranslation };

export interface ContentPageList {
  items: ContentPage[];
  totalCount: number;
  hasNextPage: boolean;
}

/** The current organisation's pages, newest first; by search text (slug or a translation's name) and tag. */
export async function listPages(
  ctx: ServiceContext,
  options: { search?: string | null; tagId?: string | null; first?: number | null; offset?: number | null } = {},
): Promise<ContentPageList> {
  const { organizationId } = requireContentEditor(ctx);
  const first = Math.min(Math.max(options.first ?? 25, 1), 100);
  const offset = Math.max(options.offset ?? 0, 0);
  const base = ContentPage.query(ctx.db).where('content_pages.organization_id', organizationId);
  const search = options.search?.trim();
  if (search) {
    const like = likePattern(search);
    base.where((q) =>
      q.where('content_pages.slug', 'ilike', like).orWhereExists(
        ContentPageTranslation.query(ctx.db).whereColumn('content_page_translations.page_id', 'content_pages.id').where('name', 'ilike', like),
      ),
    );
  }
  if (options.tagId) {
    if (!isUuid(options.tagId)) return { items: [], totalCount: 0, hasNextPage: false };
    base.whereExists(ContentPageTag.query(ctx.db).whereColumn('content_page_tags.page_id', 'content_pages.id').where('tag_id', options.tagId));
  }
  const totalCount = await base.clone().resultSize();
  const rows = await base.clone().orderBy('content_pages.created_at', 'desc').orderBy('content_pages.id').limit(first + 1).offset(offset);
  return { items: rows.slice(0, first), totalCount, hasNextPage: rows.length > first };
}

/** A page of the current organisation for editing, by id or slug; NOT_FOUND for anything else (another organisation's looks missing). */
export async function editablePage(ctx: ServiceContext, by: { id?: string | null; slug?: string | null }): Promise<ContentPage> {
  const { organizationId } = requireContentEditor(ctx);
  if (by.id) assertId(ctx, by.id);
  else if (!by.slug) throw notFound(ctx);
  const page = await ContentPage.query(ctx.db).findOne(by.id ? { id: by.id, organization_id: organizationId } : { slug: by.slug!, organization_id: organizationId });
  if (!page) throw notFound(ctx, by.id ? 'id' : 'slug');
  return page;
}

export interface VisitedPage {
  page: ContentPage;
  /** the translation of the asked language, else the first there is */
  translation: ContentPageTranslation;
}

/**
 * A page as a visitor opens it at `/content/{slug}` (GraphQL `contentPage(slug, lang, token)`): its editors in any
 * state, anyone else when published with the current token (members of its organisation without one). A link with
 * an old token (the page was unpublished since) is NOT_FOUND with its own message; so is any page the viewer may
 * not see, so nothing about it leaks.
 */
export async function viewPage(ctx: ServiceContext, by: { slug: string; lang?: Language | null; token?: string | null }): Promise<VisitedPage> {
  const page = await visiblePage(ctx, by);
  const translations = await translationsOfPage(ctx).load(page.id);
  const translation = translations.find((tr) => tr.language === (by.lang ?? ctx.language)) ?? translations[0];
  if (!translation) throw notFound(ctx, 'lang');
  return { page, translation };
}

/**
 * The page by slug (or id) that the viewer may see at its own address with the token: the rule of viewPage, whose
 * NOT_FOUND answers it gives (an old token with its own message at `token`).
 */
export async function visiblePage(ctx: ServiceContext, by: { id?: string | null; slug?: string | null; token?: string | null }): Promise<ContentPage> {
  const field = by.id ? 'id' : 'slug';
  const page = by.id
    ? isUuid(by.id)
      ? await ContentPage.query(ctx.db).findById(by.id.toLowerCase())
      : undefined
    : by.slug
      ? await ContentPage.query(ctx.db).findOne({ slug: by.slug.toLowerCase() })
      : undefined;
  if (!page) throw notFound(ctx, field);
  const seen = pageVisibility(ctx.viewer, page, by.token);
  if (seen === 'stale-token') throw new DomainError('NOT_FOUND', ctx.t('pages:errors.linkInvalid'), 'token');
  if (seen === 'hidden') throw notFound(ctx, field);
  return page;
}

/** A page shown inside another object (a convention's or foyer's link), by id: published, or any state for its editors. */
export async function linkedPage(ctx: ServiceContext, id: string): Promise<ContentPage | null> {
  if (!isUuid(id)) return null;
  const page = await pageById(ctx).load(id.toLowerCase());
  if (!page) return null;
  return page.state === 'PUBLISHED' || pageVisibility(ctx.viewer, page, null) === 'visible' ? page : null;
}

/** What a visitor reads of a linked page: its translation (the asked language, else the other one) with its files. */
export interface LinkedPageView {
  slug: string;
  name: string;
  pageLanguage: Language;
  layout: PageLayout;
  files: Record<string, PageFileView>;
}

/**
 * linkedPage with what its renderer needs (an inactive convention's page, its help page; issue 16): null when the
 * page is gone, not published (its editors excepted) or has no translation.
 */
export async function linkedPageView(ctx: ServiceContext, id: string | null | undefined, lang: Language): Promise<LinkedPageView | null> {
  const page = id ? await linkedPage(ctx, id) : null;
  if (!page) return null;
  const translations = await translationsOfPage(ctx).load(page.id);
  const translation = translations.find((tr) => tr.language === lang) ?? translations[0];
  if (!translation) return null;
  const layout = translation.layout as PageLayout;
  return { slug: page.slug, name: translation.name, pageLanguage: translation.language, layout, files: await pageFiles(ctx, layout) };
}

async function createWith(ctx: ServiceContext, organizationId: string, slug: string, language: Language, name: string | undefined, template?: TemplateKey) {
  const layout: PageLayout = template ? buildTemplate(template, (type) => blockDefaults(type)) : EMPTY_LAYOUT;
  return inTransaction(ctx, async (tx) => {
    const page = await ContentPage.query(tx.db).insert({ organization_id: organizationId, slug }).returning('*');
    await ContentPageTranslation.query(tx.db).insert({
      page_id: page.id,
      language,
      name: name?.trim() || ctx.t('pages:defaultName'),
      layout,
    });
    return page;
  });
}

function slugTaken(ctx: ServiceContext) {
  return new DomainError('UNIQUE', ctx.t('pages:errors.slugTaken'), 'slug');
}

/** A new private page with one translation (spec 001 point 7: create (language)); the slug comes from its name. */
export async function createPage(ctx: ServiceContext, input: CreateInput): Promise<ContentPage> {
  const { organizationId } = requireContentEditor(ctx);
  const values = parseInput(ctx, ContentPageCreateInput, input);
  const name = values.name?.trim() || ctx.t('pages:defaultName');
  for (let attempt = 0; ; attempt += 1) {
    const slug = await freeSlug(ctx, 'content_pages', name, 'page');
    try {
      return await createWith(ctx, organizationId, slug, values.language, values.name, values.template);
    } catch (error) {
      // another page took the slug in between: take the next free one
      if (!isUniqueViolation(error, 'content_pages_slug_unique') || attempt >= 2) throw error;
    }
  }
}

/** Like createPage, with the slug chosen (UNIQUE when another page, of any organisation, has it). */
export async function createPageWithSlug(ctx: ServiceContext, input: CreateWithSlugInput): Promise<ContentPage> {
  const { organizationId } = requireContentEditor(ctx);
  const values = parseInput(ctx, ContentPageCreateWithSlugInput, input);
  if (await ContentPage.query(ctx.db).findOne({ slug: values.slug })) throw slugTaken(ctx);
  try {
    return await createWith(ctx, organizationId, values.slug, values.language, values.name, values.template);
  } catch (error) {
    if (isUniqueViolation(error, 'content_pages_slug_unique')) throw slugTaken(ctx);
    throw error;
  }
}

async function assertOwnFile(ctx: ServiceContext, organizationId: string, fileId: string, field: string) {
  const file = await ctx.db('files').where({ id: fileId, organization_id: organizationId }).first('id', 'width', 'height');
  if (!file) throw notFound(ctx, field);
  if (!file.width || !file.height) throw new DomainError('INVALID', ctx.t('pages:errors.thumbnailImage'), field);
}

async function setTags(ctx: ServiceContext, page: ContentPage, texts: string[]) {
  const unique = [...new Map(texts.map((text) => [text.trim().toLowerCase(), text.trim()])).values()];
  await ContentPageTag.query(ctx.db).where({ page_id: page.id }).delete();
  if (!unique.length) return;
  const tags = (await ctx
    .db('content_tags')
    .insert(unique.map((text) => ({ organization_id: page.organization_id, type: 'CONTENT', text })))
    .onConflict(['organization_id', 'type', 'text'])
    .merge(['updated_at'])
    .returning('id')) as { id: string }[];
  await ctx.db('content_page_tags').insert(tags.map((tag) => ({ page_id: page.id, tag_id: tag.id }))).onConflict(['page_id', 'tag_id']).ignore();
}

/**
 * Changes a page's settings (spec 001 point 7: update): slug, thumbnail (a picture of the organisation),
 * personalization and publicsite (the organisation's own, else NOT_FOUND), lead default, tags, and the name of one
 * translation (`language`, default the viewer's). Left-out fields keep their value; null clears a reference.
 */
export async function updatePage(ctx: ServiceContext, id: string, input: UpdateInput): Promise<ContentPage> {
  const page = await editablePage(ctx, { id });
  const values = parseInput(ctx, ContentPageUpdateInput, input);
  const org = page.organization_id;
  if (values.thumbnailId) await assertOwnFile(ctx, org, values.thumbnailId, 'thumbnailId');
  if (values.personalizationId) await assertOwnPersonalization(ctx, org, values.personalizationId);
  if (values.publicsiteId && !(await Publicsite.query(ctx.db).findOne({ id: values.publicsiteId, organization_id: org }))) {
    throw notFound(ctx, 'publicsiteId');
  }
  if (values.slug && values.slug !== page.slug && (await ContentPage.query(ctx.db).findOne({ slug: values.slug }))) throw slugTaken(ctx);
  const patch: Partial<ContentPage> = {};
  if (values.slug !== undefined) patch.slug = values.slug;
  if (values.thumbnailId !== undefined) patch.thumbnail_id = values.thumbnailId;
  if (values.personalizationId !== undefined) patch.personalization_id = values.personalizationId;
  if (values.publicsiteId !== undefined) patch.publicsite_id = values.publicsiteId;
  if (values.leadDefault !== undefined) patch.lead_default = values.leadDefault;
  try {
    return await inTransaction(ctx, async (tx) => {
      const updated = Object.keys(patch).length ? await ContentPage.query(tx.db).patchAndFetchById(page.id, patch) : page;
      if (values.tags) await setTags(tx, page, values.tags);
      if (values.name !== undefined) {
        const language = values.language ?? ctx.language;
        const changed = await ContentPageTranslation.query(tx.db).where({ page_id: page.id, language }).patch({ name: values.name });
        if (!changed) throw notFound(ctx, 'language');
      }
      if (values.thumbnailId) await recordFileUses(tx, pageUse(page), [values.thumbnailId]);
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'content_pages_slug_unique')) throw slugTaken(ctx);
    throw error;
  }
}

/** Where a page is still linked: conventions (page, help page), foyer points, stand reference points, on-demand items. */
export async function pageUsages(ctx: ServiceContext, pageId: string): Promise<string[]> {
  // in turn: asked inside deleteUnlessUsed's transaction, whose one connection runs one statement at a time
  const conventions: { name: string }[] = await ctx
    .db('conventions')
    .where('content_page_id', pageId)
    .orWhere('help_content_page_id', pageId)
    .select('slug as name');
  const foyerPoints = await linkingFoyers(ctx, 'CONTENTPAGE', pageId);
  const points = await linkingPoints(ctx, 'content_page_id', pageId);
  const onDemand: { name: string }[] = await ctx.db('on_demand_contents').where('content_page_id', pageId).select('title as name');
  const opts = { interpolation: { escapeValue: false } };
  return [
    ...conventions.map((c) => ctx.t('pages:usedBy.convention', { name: c.name, ...opts })),
    ...foyerPoints.map((c) => ctx.t('pages:usedBy.foyerPoint', { name: c.name, ...opts })),
    ...points.map((p) => ctx.t('pages:usedBy.point', { name: p.name, stand: p.stand, ...opts })),
    ...onDemand.map((o) => ctx.t('pages:usedBy.onDemand', { name: o.name, ...opts })),
  ];
}

/**
 * Deletes a page with its translations and tags, unless something still links it (the spec's rule for content in
 * use, 001 point 8): then INVALID naming every place, and nothing is deleted.
 */
export async function deletePage(ctx: ServiceContext, id: string): Promise<string> {
  const page = await editablePage(ctx, { id });
  return deleteUnlessUsed(ctx, ContentPage, page.id, pageUsages, 'pages:errors.inUse');
}

/** A private copy of a page: every translation (layout included, version 1), tags, settings; a new slug and global id. */
export async function duplicatePage(ctx: ServiceContext, id: string): Promise<ContentPage> {
  const page = await editablePage(ctx, { id });
  return inTransaction(ctx, async (tx) => {
    const slug = await freeSlug(tx, 'content_pages', `${page.slug}-${ctx.t('pages:copySlug')}`, 'page');
    const copy = await ContentPage.query(tx.db)
      .insert({
        organization_id: page.organization_id,
        slug,
        thumbnail_id: page.thumbnail_id,
        personalization_id: page.personalization_id,
        publicsite_id: page.publicsite_id,
        lead_default: false,
      })
      .returning('*');
    const translations = await ContentPageTranslation.query(tx.db).where({ page_id: page.id });
    if (translations.length) {
      await ContentPageTranslation.query(tx.db).insert(
        translations.map((tr) => ({
          page_id: copy.id,
          language: tr.language,
          name: ctx.t('pages:copyName', { lng: tr.language.toLowerCase(), name: tr.name, interpolation: { escapeValue: false } }).slice(0, 200),
          layout: tr.layout,
        })),
      );
    }
    await tx.db.raw('insert into content_page_tags (page_id, tag_id) select ?, tag_id from content_page_tags where page_id = ?', [copy.id, page.id]);
    return copy;
  });
}

/** Pages by id, one query per request. No access check: callers decide (linkedPage). */
export const pageById = defineLoader(
  (ctx: ServiceContext) =>
    new DataLoader<string, ContentPage | null>(async (ids) => {
      const rows = await ContentPage.query(ctx.db).whereIn('id', ids as string[]);
      return ids.map((id) => rows.find((row) => row.id === id) ?? null);
    }),
);

/** Translations of pages (DE before EN), one query per request. */
export const translationsOfPage = defineLoader(
  (ctx: ServiceContext) =>
    new DataLoader<string, ContentPageTranslation[]>(async (pageIds) => {
      const rows = await ContentPageTranslation.query(ctx.db).whereIn('page_id', pageIds as string[]).orderBy('language');
      return pageIds.map((id) => rows.filter((row) => row.page_id === id));
    }),
);

/** Tags of pages, one query per request. */
export const tagsOfPage = defineLoader(
  (ctx: ServiceContext) => new DataLoader<string, ContentTag[]>((pageIds) => tagsOfOwners(ctx, 'content_page_tags', 'page_id', pageIds)),
);

/** What a page's renderer knows of a file its blocks name (app/components/content-pages/context.tsx `PageFile`). */
export interface PageFileView {
  id: string;
  url: string;
  filename: string;
  mimeType: string;
  width: number | null;
  height: number | null;
}

/**
 * The files a page's layout names, as far as the viewer may see them (the check of /files/{id}), in one query: the
 * renderers need names, types and sizes (a PDF's label, a 3D model's format, a 360 view's frames).
 */
export async function pageFiles(ctx: ServiceContext, layout: PageLayout): Promise<Record<string, PageFileView>> {
  const ids = layoutFileIds(layout);
  const files = await Promise.all(ids.map((id) => findFile(ctx, id)));
  const found: Record<string, PageFileView> = {};
  for (const file of files) {
    if (file) found[file.id] = { id: file.id, url: fileUrl(file), filename: file.filename, mimeType: file.mime_type, width: file.width, height: file.height };
  }
  return found;
}
