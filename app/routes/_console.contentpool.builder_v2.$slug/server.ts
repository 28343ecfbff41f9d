import { columnOfItem, findColumn, type LayoutOp } from '~/components/content-pages/builder/state';
import { layoutItems, type PageLayout } from '~/lib/content-pages/layout';
import { PAGE_LANGUAGES, type PageLanguage } from '~/lib/schemas/content-pages';
import type { RequestContext } from '~/server/request-context.server';
import { isDomainError, type DomainError } from '~/server/services/errors';
import { editablePage, pageFiles, translationsOfPage } from '~/server/services/content-pages/pages';
import { tokenLink } from '~/server/services/content-pages/publish';
import { updateTranslation } from '~/server/services/content-pages/translations';

/**
 * The content page builder's server half (/contentpool/builder_v2/{slug}, issue 16): the page with the chosen
 * language's translation, and the no-JavaScript intents applied to the stored layout (the same operations as the
 * browser's, components/content-pages/builder/state.ts) and saved with the version the form was loaded with.
 */

export const builderPath = (slug: string, query: { lang?: string | null; item?: string | null } = {}) => {
  const search = new URLSearchParams();
  if (query.lang) search.set('language', query.lang);
  if (query.item) search.set('item', query.item);
  const text = search.toString();
  return `/contentpool/builder_v2/${encodeURIComponent(slug)}${text ? `?${text}` : ''}`;
};

export function languageOf(value: string | null | undefined, fallback: PageLanguage): PageLanguage {
  const upper = (value ?? '').toUpperCase();
  return PAGE_LANGUAGES.find((lang) => lang === upper) ?? fallback;
}

type ContentPage = Awaited<ReturnType<typeof editablePage>>;

export async function pageTranslations(context: RequestContext, page: ContentPage) {
  const translations = await translationsOfPage(context.service).load(page.id);
  return [...translations].sort((a, b) => a.language.localeCompare(b.language));
}

/** The loader's data: the page, the chosen language's translation (null when missing), the other language's item ids. */
export async function builderData(context: RequestContext, slug: string, url: URL) {
  const ctx = context.service;
  const page = await editablePage(ctx, { slug });
  const translations = await pageTranslations(context, page);
  const fallback = translations.find((tr) => tr.language === ctx.language)?.language ?? translations[0]?.language ?? 'DE';
  const language = languageOf(url.searchParams.get('language'), fallback as PageLanguage);
  const translation = translations.find((tr) => tr.language === language) ?? null;
  const other = translations.find((tr) => tr.language !== language) ?? null;
  const layout = (translation?.layout as PageLayout | undefined) ?? { rows: [] };
  const files = translation ? await pageFiles(ctx, layout) : {};
  const asked = url.searchParams.get('item');
  const selected = asked ? (findColumn(layout, asked)?.id ?? columnOfItem(layout, asked)?.id ?? null) : null;
  return {
    page: {
      id: page.id,
      slug: page.slug,
      state: page.state,
      link: tokenLink(ctx, page),
      publicPath: `/content/${encodeURIComponent(page.slug)}`,
    },
    languages: translations.map((tr) => tr.language as PageLanguage),
    language,
    translation: translation ? { id: translation.id, name: translation.name, version: translation.version, layout } : null,
    other: other
      ? { language: other.language as PageLanguage, items: Object.fromEntries(layoutItems(other.layout as PageLayout).map((item) => [item.id, item.content])) }
      : null,
    files,
    selected,
  };
}

/** The other language's item of the same id (translations copied from another keep the items' ids). */
export async function otherLanguageItem(context: RequestContext, page: ContentPage, language: PageLanguage, itemId: string) {
  const translations = await pageTranslations(context, page);
  const other = translations.find((tr) => tr.language !== language);
  if (!other) return null;
  return layoutItems(other.layout as PageLayout).find((item) => item.id === itemId) ?? null;
}

export type SaveOutcome = { ok: true; version: number } | { ok: false; error: DomainError };

/** Saves a layout to a translation with the version the editor started from (VERSION_CONFLICT when older). */
export async function saveLayout(context: RequestContext, translationId: string, baseVersion: number, layout: PageLayout, name?: string): Promise<SaveOutcome> {
  try {
    const saved = await updateTranslation(context.service, translationId, { baseVersion, contentLayouts: layout, ...(name ? { name } : {}) });
    return { ok: true, version: saved.version };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { ok: false, error };
  }
}

/** A field error of the service (`contentLayouts.rows.0.columns.1.item.content.url`) as the side form's field name. */
export function formFieldOf(field: string | null): string | null {
  const match = field ? /\.item\.content\.(.+)$/.exec(field) : null;
  return match ? `content.${match[1]}` : null;
}

export type { LayoutOp };
