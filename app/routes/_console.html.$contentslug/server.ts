import { contentSnippet } from '~/server/pages/content-snippet.server';
import { contentViewOf } from '~/server/pages/content-view.server';
import type { RequestContext } from '~/server/request-context.server';
import { invariantResponse } from '~/server/route-kit.server';
import { findGroup } from '~/server/services/content/visit';

/** A group of the current organisation as its HTML snippet; 404 for any other group. */
export async function contentSnippetOf(context: RequestContext, request: Request, slug: string) {
  const group = await findGroup(context.service, { slug });
  invariantResponse(group && group.organization_id === context.viewer?.organization?.id, 'Not Found', { status: 404 });
  const view = await contentViewOf(context.service, group, context.language);
  const origin = new URL(context.app.env.PUBLIC_URL ?? request.url).origin;
  const t = context.service.t;
  const html = contentSnippet(view, origin, {
    document: t('contentview:pdf.document'),
    embedded: t('contentview:iframe.title'),
    video: t('contentview:video.title'),
    download: (name) => t('contentview:pdf.download', { name, interpolation: { escapeValue: false } }),
    play: (title) => t('contentview:snippet.play', { title, interpolation: { escapeValue: false } }),
  });
  return { name: group.name, slug: group.slug, html };
}
