import type { Convention } from '#db/models/index';
import { safeHref } from '~/lib/url';
import type { ServiceContext } from '../../context.server';
import { isDomainError } from '../errors';
import { objectsOnPath } from './access';
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
}

async function infoOf(ctx: ServiceContext, convention: Convention): Promise<ConventionInfo> {
  const organization = await organizationSummaryById(ctx).load(convention.organization_id);
  // helpContentpage (a content page as help) waits for the content pages of a later issue; until then the
  // help text is the convention's help_page
  return {
    organizationName: organization?.name ?? '',
    helpPage: convention.help_page.trim(),
    supportUrl: safeHref(organization?.support_url) ?? '',
    chatEnabled: Boolean(organization?.chat_enabled),
  };
}

export async function conventionInfo(ctx: ServiceContext, conventionSlug: string): Promise<ConventionInfo> {
  return infoOf(ctx, await visibleConvention(ctx, conventionSlug));
}

/**
 * /convention/{c}/help/{slug}: the convention's help page. Until content pages exist, the only help page of a
 * convention is its own help text, named by the convention's slug; any other slug is NOT_FOUND.
 */
export async function conventionHelpPage(ctx: ServiceContext, conventionSlug: string, helpSlug: string): Promise<ConventionInfo> {
  const convention = await visibleConvention(ctx, conventionSlug);
  if (String(helpSlug).toLowerCase() !== convention.slug) throw notFound(ctx, 'slug');
  return infoOf(ctx, convention);
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
