import type { LoaderFunctionArgs } from '@remix-run/node';
import type { Params } from '@remix-run/react';
import type { Guards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import type { RequestContext } from '~/server/request-context.server';
import { invariantResponse, orNotFound } from '~/server/route-kit.server';
import { pageLegal } from '~/server/services/content-pages/visit';
import { exhibitionLegal } from '~/server/services/events/exhibition-visit';
import { legalInfo, type LegalInfo } from '~/server/services/events/visit';
import type { PersonalizationLook } from '~/server/services/personalizations/look';

/** Which of the responsible organisation's texts a legal page shows. */
export type LegalKind = 'imprint' | 'dataPolicy';

/**
 * What a legal page belongs to: a convention, hall or stand (whichever slugs the route names), an in-house fair, or a
 * content page (spec 000 point 2).
 */
export type LegalSource = 'convention' | 'exhibition' | 'content';

const TITLE_KEYS = { imprint: 'visitor:shell.imprint', dataPolicy: 'visitor:shell.dataPolicy' } as const;

/**
 * The responsible organisation's texts (404 when the page does not exist or is hidden), the link back to the page,
 * and a content page's personalization look (its logo, favicon and colours head the legal page too).
 */
async function legalOf(
  source: LegalSource,
  context: RequestContext,
  request: Request,
  params: Params,
): Promise<{ info: LegalInfo; back: string; look?: PersonalizationLook | null }> {
  if (source === 'exhibition') {
    return { info: await orNotFound(exhibitionLegal(context.service, params.slug ?? '')), back: `/exhibition/${params.slug}` };
  }
  if (source === 'content') {
    // as visible as the page itself: the link's token comes along, and goes back with the visitor
    const token = new URL(request.url).searchParams.get('token');
    const legal = await pageLegal(context.service, { slug: params.slug ?? '', token });
    invariantResponse(legal, 'Not Found', { status: 404 });
    return { info: legal.info, look: legal.look, back: `/content/${encodeURIComponent(params.slug ?? '')}${token ? `?token=${encodeURIComponent(token)}` : ''}` };
  }
  const { conventionslug, hallslug, standslug } = params;
  const info = await orNotFound(
    legalInfo(context.service, { conventionSlug: conventionslug ?? '', hallSlug: hallslug, standSlug: standslug, previewSlug: params.prevslug ?? null }),
  );
  return { info, back: `/convention/${conventionslug}${hallslug ? `/hall/${hallslug}` : ''}${standslug ? `/stand/${standslug}` : ''}` };
}

/**
 * The loader of every imprint and data-policy page of a convention, hall, stand, in-house fair or content page: its
 * guards first, then the responsible organisation's texts, the way back and the page title.
 */
export function legalLoader(guards: Guards, kind: LegalKind, source: LegalSource) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    await runGuards({ request, context, params }, guards);
    const { info, back, look } = await legalOf(source, context, request, params);
    // only a content page's legal pages carry a look; the others' data stays as it was
    return { kind, info, back, title: context.service.t(TITLE_KEYS[kind]), ...(look === undefined ? {} : { look }) };
  };
}

/** The loader of the platform's own imprint and privacy policy (/imprint, /privacypolicy, /client/...): guards, then the title. */
export function platformLegalLoader(guards: Guards, kind: LegalKind) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    await runGuards({ request, context, params }, guards);
    return { title: context.service.t(kind === 'imprint' ? 'imprint.title' : 'privacy.title') };
  };
}
