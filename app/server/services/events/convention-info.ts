import type { Convention } from '#db/models/index';
import { safeHref } from '~/lib/url';
import type { ServiceContext } from '../../context.server';
import { linkedPage, linkedPageView, type LinkedPageView } from '../content-pages/pages';
import { isDomainError } from '../errors';
import { objectsOnPath } from '../access/index';
import { notFound } from './hall-common';
import { visibleConvention } from './halls';
import { organizationSummaryById } from './loaders';

/**
 * The organiser's information for visitors of a convention (spec 000 points 2 and 3: /infopoint, /help/{slug};
 * Convention.helpPage, organisation supportUrl and chatEnabled). The convention's access type applies, and an
 * inactive convention shows outsiders nothing of it (visibleConvention).
 */

export interface ConventionInfo {
  organizationName: string;
  /** the organiser's help text for visitors; '' when none */
  helpPage: string;
  /** the organiser's support page (http or https); '' when none */
  supportUrl: string;
  /** the organiser answers visitors in the chat */
  chatEnabled: boolean;
  /**
   * The slug of the convention's help page (/convention/{c}/help/{slug}): its help content page when one is published
   * (helpContentpage), else the convention's own slug when it has a help text; null: no help page.
   */
  helpSlug: string | null;
}

/** The convention's help content page (helpContentpage) as the viewer may see it: published, or any state for its editors. */
export async function helpContentPage(ctx: ServiceContext, convention: Pick<Convention, 'help_content_page_id'>) {
  return convention.help_content_page_id ? linkedPage(ctx, convention.help_content_page_id) : null;
}

/** Where the convention's help links lead (ConventionInfo.helpSlug). */
export async function helpSlugOf(ctx: ServiceContext, convention: Pick<Convention, 'slug' | 'help_page' | 'help_content_page_id'>): Promise<string | null> {
  const page = await helpContentPage(ctx, convention);
  return page?.slug ?? (convention.help_page.trim() ? convention.slug : null);
}

async function infoOf(ctx: ServiceContext, convention: Convention): Promise<ConventionInfo> {
  const [organization, helpSlug] = await Promise.all([organizationSummaryById(ctx).load(convention.organization_id), helpSlugOf(ctx, convention)]);
  return {
    organizationName: organization?.name ?? '',
    helpPage: convention.help_page.trim(),
    supportUrl: safeHref(organization?.support_url) ?? '',
    chatEnabled: Boolean(organization?.chat_enabled),
    helpSlug,
  };
}

export async function conventionInfo(ctx: ServiceContext, conventionSlug: string): Promise<ConventionInfo> {
  return infoOf(ctx, await visibleConvention(ctx, conventionSlug));
}

/**
 * /convention/{c}/help/{slug}: the convention's help page (issue 16): its help content page (helpContentpage, when
 * published) under that page's slug, in the visitor's language; else (and under the convention's own slug) its help
 * text with the organiser's contact. Any other slug is NOT_FOUND.
 */
export async function conventionHelpPage(
  ctx: ServiceContext,
  conventionSlug: string,
  helpSlug: string,
): Promise<{ info: ConventionInfo; page: LinkedPageView | null }> {
  const convention = await visibleConvention(ctx, conventionSlug);
  const slug = String(helpSlug).toLowerCase();
  const page = await linkedPageView(ctx, convention.help_content_page_id, ctx.language);
  if (page && page.slug === slug) return { info: await infoOf(ctx, convention), page };
  if (slug !== convention.slug) throw notFound(ctx, 'slug');
  return { info: await infoOf(ctx, convention), page: null };
}

/**
 * The convention an address below `/convention/{slug}` belongs to (slug and title in the viewer's language), for
 * the not-found page of an unknown address inside it; null for other addresses and unknown conventions.
 */
export async function conventionOfPath(ctx: ServiceContext, pathname: string): Promise<{ slug: string; title: string } | null> {
  const slug = /^\/convention\/([^/]+)/.exec(pathname)?.[1];
  if (!slug) return null;
  try {
    const [convention] = await objectsOnPath(ctx, `/convention/${slug}`);
    return convention ? { slug: convention.slug, title: convention.title } : null;
  } catch (error) {
    if (isDomainError(error) && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
