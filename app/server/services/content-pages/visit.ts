import { Personalization, type Language, type LogoPosition } from '#db/models/index';
import type { PageLayout } from '~/lib/content-pages/layout';
import type { ServiceContext } from '../../context.server';
import { isDomainError } from '../errors';
import { organizationLegal, type LegalInfo } from '../events/visit';
import { findFile, fileUrl } from '../files/files.server';
import { pageFiles, viewPage, type PageFileView } from './pages';

/**
 * A content page as its public address shows it (`/content/{slug}`, issue 16): the translation of the asked
 * language with the files its blocks name and its personalization's logo; a refused link says why.
 */

export interface ContentPageView {
  name: string;
  /** the language of the translation shown (the asked one, else the page's other one) */
  pageLanguage: Language;
  layout: PageLayout;
  files: Record<string, PageFileView>;
  logo: { url: string; alt: string; width: number; position: LogoPosition } | null;
  /** the personalization's favicon (spec 000 point 2) */
  favicon: string | null;
}

export type ContentPageAnswer =
  | { status: 'ok'; page: ContentPageView }
  | { status: 'stale-token'; message: string }
  | { status: 'missing' };

export async function contentPageView(ctx: ServiceContext, by: { slug: string; token: string | null; lang: Language }): Promise<ContentPageAnswer> {
  let visited;
  try {
    visited = await viewPage(ctx, { slug: by.slug, lang: by.lang, token: by.token });
  } catch (error) {
    if (isDomainError(error) && error.code === 'NOT_FOUND') {
      return error.field === 'token' ? { status: 'stale-token', message: error.message } : { status: 'missing' };
    }
    throw error;
  }
  const { page, translation } = visited;
  const layout = translation.layout as PageLayout;
  const [files, personalization] = await Promise.all([
    pageFiles(ctx, layout),
    page.personalization_id ? Personalization.query(ctx.db).findById(page.personalization_id) : Promise.resolve(undefined),
  ]);
  const [logoFile, faviconFile] = await Promise.all([
    personalization?.logo_id ? findFile(ctx, personalization.logo_id) : null,
    personalization?.favicon_id ? findFile(ctx, personalization.favicon_id) : null,
  ]);
  return {
    status: 'ok',
    page: {
      name: translation.name,
      pageLanguage: translation.language,
      layout,
      files,
      logo:
        personalization && logoFile
          ? { url: fileUrl(logoFile), alt: personalization.title, width: personalization.logo_width, position: personalization.logo_position }
          : null,
      favicon: faviconFile ? fileUrl(faviconFile) : null,
    },
  };
}

/**
 * The imprint and data policy of a page (`/content/{slug}/imprint`, `/datapolicy`): its personalization's texts,
 * else its organisation's; as visible as the page itself (the same token).
 */
export async function pageLegal(ctx: ServiceContext, by: { slug: string; token: string | null }): Promise<LegalInfo | null> {
  let page;
  try {
    ({ page } = await viewPage(ctx, { slug: by.slug, token: by.token }));
  } catch (error) {
    if (isDomainError(error) && error.code === 'NOT_FOUND') return null;
    throw error;
  }
  const [organization, personalization] = await Promise.all([
    organizationLegal(ctx, page.organization_id),
    page.personalization_id ? Personalization.query(ctx.db).findById(page.personalization_id) : Promise.resolve(undefined),
  ]);
  return {
    ...organization,
    imprint: personalization?.imprint?.trim() || organization.imprint,
    dataPrivacy: personalization?.data_privacy?.trim() || organization.dataPrivacy,
  };
}
