import { Readable } from 'node:stream';
import { UPLOAD_SUFFIX, uploadPurposeOf } from '~/components/content-pages/builder/fields';
import { columnOfItem, findColumn, type LayoutOp } from '~/components/content-pages/builder/state';
import { isBlockType } from '~/lib/content-pages/blocks';
import { layoutItems, type PageLayout } from '~/lib/content-pages/layout';
import { PAGE_LANGUAGES, type PageLanguage } from '~/lib/schemas/content-pages';
import type { RequestContext } from '~/server/request-context.server';
import { drain, formKindOf, parseMultipartForm, readForm, readTextPart } from '~/server/posted-form.server';
import { isDomainError, type DomainError } from '~/server/services/errors';
import { uploadFile } from '~/server/services/files/files.server';
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
  // the page's title: this language's name, else another language's (a language not made yet still names the page)
  const title = translation?.name || translations.find((tr) => tr.name)?.name || page.slug;
  return {
    title,
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

export interface BuilderPost {
  formData: FormData;
  /** files that could not be stored, by their field (`content.file`), in the user's language */
  uploadErrors: Record<string, string>;
}

/**
 * Reads the builder's post. The item form posts as multipart: a file chosen at a file field (`content.file.__upload`,
 * `content.carouselMedia.0.image.__upload`, several at `content.files.__upload`) is stored through the files service
 * and its id set at that field (appended to the 360 view's list), so uploads work without JavaScript.
 */
export async function readBuilderPost(request: Request, context: RequestContext): Promise<BuilderPost> {
  if (formKindOf(request.headers.get('content-type')) !== 'multipart') return { formData: await readForm(request), uploadErrors: {} };
  const fields = new Map<string, string>();
  const stored: { field: string; id: string }[] = [];
  const uploadErrors: Record<string, string> = {};
  const formData = await parseMultipartForm(request, async ({ name, filename, contentType, data }) => {
    if (filename === undefined) {
      const text = await readTextPart(data);
      fields.set(name, text);
      return text;
    }
    const field = name.endsWith(UPLOAD_SUFFIX) ? name.slice(0, -UPLOAD_SUFFIX.length) : null;
    const type = fields.get('blockType');
    if (!filename || !field || !field.startsWith('content.') || fields.get('intent') !== 'edit' || !isBlockType(type) || uploadErrors[field]) {
      await drain(data);
      return undefined;
    }
    try {
      const file = await uploadFile(context.service, {
        stream: Readable.from(data),
        filename,
        declaredMimeType: contentType,
        forOrg: null,
        purpose: uploadPurposeOf(type, field.slice('content.'.length)),
      });
      stored.push({ field, id: file.id });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      uploadErrors[field] = error.message;
      await drain(data).catch(() => undefined);
    }
    return undefined;
  });
  for (const { field, id } of stored) {
    if (field === 'content.files') {
      const current = formData.get(field);
      formData.set(field, `${typeof current === 'string' ? current : ''}\n${id}`);
    } else formData.set(field, id);
  }
  return { formData, uploadErrors };
}
