import { ContentPage, type Language } from '#db/models/index';
import type { PageLayout } from '~/lib/content-pages/layout';
import type { BrandTheme } from '~/lib/brand-theme';
import type { ServiceContext } from '../../context.server';
import { isDomainError } from '../errors';
import { organizationLegal, type LegalInfo } from '../events/visit';
import { visitorLook, type PersonalizationLook } from '../personalizations/look';
import { isPageLiked } from './likes';
import { pageFiles, translationsOfPage, viewPage, type PageFileView } from './pages';
import { mayEditPage, mayShowLinkedPage } from './policy';

/**
 * A content page as its public address shows it (`/content/{slug}`, issue 16): the translation of the asked
 * language with the files its blocks name and its personalization's look (the page's own, else the organisation's
 * default as it is now: issue 24 item 5); a refused link says why.
 */

export interface ContentPageView {
  name: string;
  /** the language of the translation shown (the asked one, else the page's other one) */
  pageLanguage: Language;
  layout: PageLayout;
  files: Record<string, PageFileView>;
  logo: PersonalizationLook['logo'];
  /** the personalization's favicon (spec 000 point 2) */
  favicon: string | null;
  /** the personalization's colours (issue 24 item 4), null without a personalization */
  theme: BrandTheme | null;
  /** the logged-in visitor liked the page (issue 27: the hub's bookmarks); null for anonymous visitors */
  liked: boolean | null;
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
  const [files, look, liked] = await Promise.all([
    pageFiles(ctx, layout),
    visitorLook(ctx, page.organization_id, page.personalization_id),
    ctx.viewer ? isPageLiked(ctx, page.id) : null,
  ]);
  return {
    status: 'ok',
    page: {
      name: translation.name,
      pageLanguage: translation.language,
      layout,
      files,
      logo: look?.logo ?? null,
      favicon: look?.favicon ?? null,
      theme: look?.theme ?? null,
      liked,
    },
  };
}

/**
 * The imprint and data policy of a page (`/content/{slug}/imprint`, `/datapolicy`): its personalization's texts
 * (the page's own, else the organisation's default), else its organisation's; with the personalization's look; as
 * visible as the page itself (the same token).
 */
export async function pageLegal(ctx: ServiceContext, by: { slug: string; token: string | null }): Promise<{ info: LegalInfo; look: PersonalizationLook | null } | null> {
  let page;
  try {
    ({ page } = await viewPage(ctx, { slug: by.slug, token: by.token }));
  } catch (error) {
    if (isDomainError(error) && error.code === 'NOT_FOUND') return null;
    throw error;
  }
  const [organization, look] = await Promise.all([organizationLegal(ctx, page.organization_id), visitorLook(ctx, page.organization_id, page.personalization_id)]);
  return {
    info: { ...organization, imprint: look?.imprint || organization.imprint, dataPrivacy: look?.dataPrivacy || organization.dataPrivacy },
    look,
  };
}

/**
 * A content page inside a convention (`/convention/{c}/content/{slug}`; issue 16: wherever a page can be chosen,
 * the visitor side opens it). The convention's access type has been checked by the route's guard; the page must be
 * published (its editors see every state) and linked by the convention: its page or help page, a foyer point, an
 * on-demand item or a reference point of a stand in one of its halls. Anything else is null (not found), so no page
 * leaks through a convention it has nothing to do with, not even another published page of the host (its address
 * needs the page's token; issue 25, hole 2).
 */
export async function conventionContentPage(
  ctx: ServiceContext,
  by: { conventionSlug: string; slug: string; lang: Language },
): Promise<{ name: string; pageLanguage: Language; layout: PageLayout; files: Record<string, PageFileView> } | null> {
  const convention = await ctx.db('conventions').where({ slug: by.conventionSlug }).first('id', 'organization_id', 'content_page_id', 'help_content_page_id');
  const page = convention && by.slug ? await ContentPage.query(ctx.db).findOne({ slug: by.slug.toLowerCase() }) : undefined;
  if (!convention || !page || !mayShowLinkedPage(ctx.viewer, page)) return null;
  const linked =
    // the host's editors preview any of their pages inside their convention
    (page.organization_id === convention.organization_id && mayEditPage(ctx.viewer, page)) ||
    page.id === convention.content_page_id ||
    page.id === convention.help_content_page_id ||
    Boolean(
      await ctx.db
        .select(ctx.db.raw('1'))
        .from('foyer_points as fp')
        .join('image_foyers as f', 'f.id', 'fp.foyer_id')
        .where({ 'f.convention_id': convention.id, 'fp.target_type': 'CONTENTPAGE', 'fp.target_id': page.id })
        .union((q) => q.select(ctx.db.raw('1')).from('on_demand_contents').where({ convention_id: convention.id, content_page_id: page.id }))
        .union((q) =>
          q
            .select(ctx.db.raw('1'))
            .from('points as p')
            .join('stand_nodes as n', 'n.id', 'p.node_id')
            .join('hall_stands as hs', 'hs.stand_id', 'n.stand_id')
            .join('convention_halls as ch', 'ch.hall_id', 'hs.hall_id')
            .where({ 'ch.convention_id': convention.id, 'p.content_page_id': page.id }),
        )
        .first(),
    );
  if (!linked) return null;
  const translations = await translationsOfPage(ctx).load(page.id);
  const translation = translations.find((tr) => tr.language === by.lang) ?? translations[0];
  if (!translation) return null;
  const layout = translation.layout as PageLayout;
  return { name: translation.name, pageLanguage: translation.language, layout, files: await pageFiles(ctx, layout) };
}
