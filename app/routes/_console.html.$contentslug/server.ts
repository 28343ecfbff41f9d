import { toLanguage, type Language } from '~/lib/language';
import { getT } from '~/server/i18n.server';
import { contentSnippet } from '~/server/pages/content-snippet.server';
import { contentViewOf } from '~/server/pages/content-view.server';
import type { RequestContext } from '~/server/request-context.server';
import { invariantResponse } from '~/server/route-kit.server';
import { isCurrentMember } from '~/server/services/access/membership';
import { findGroup } from '~/server/services/content/visit';

/**
 * A group of the current organisation as its HTML snippet in the language asked for (?language=DE|EN, else the
 * editor's): LOCALIZED objects and the snippet's own words follow it. 404 for any other organisation's group.
 */
export async function contentSnippetOf(context: RequestContext, request: Request, slug: string) {
  const group = await findGroup(context.service, { slug });
  invariantResponse(group && isCurrentMember(context.viewer, group.organization_id), 'Not Found', { status: 404 });
  const url = new URL(request.url);
  const language: Language = toLanguage(url.searchParams.get('language')) ?? context.language;
  const view = await contentViewOf(context.service, group, language);
  const origin = new URL(context.app.env.PUBLIC_URL ?? request.url).origin;
  const t = getT(language);
  const html = contentSnippet(view, origin, {
    document: t('contentview:pdf.document'),
    embedded: t('contentview:iframe.title'),
    video: t('contentview:video.title'),
    download: (name) => t('contentview:pdf.download', { name, interpolation: { escapeValue: false } }),
    play: (title) => t('contentview:snippet.play', { title, interpolation: { escapeValue: false } }),
  });
  return { name: group.name, slug: group.slug, language, html };
}
