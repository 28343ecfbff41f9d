import type { LoaderFunctionArgs } from '@remix-run/node';
import type { Params } from '@remix-run/react';
import type { Guards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { invariantResponse, orNotFound } from '~/server/route-kit.server';
import { findReferencePoint, loadPreview } from '~/server/pages/stand.server';
import type { RequestContext } from '~/server/request-context.server';
import { legalInfo, standVisit } from '~/server/services/events/visit';

const standArgs = (params: Params) => ({
  conventionSlug: params.conventionslug ?? '',
  hallSlug: params.hallslug ?? '',
  standSlug: params.standslug ?? '',
  previewSlug: params.prevslug ?? null,
});

/** A stand page of a convention (or its preview by preview slug): the stand in the visitor's language. */
export async function loadStandPage(context: RequestContext, params: Params) {
  const args = standArgs(params);
  const { stand, approved } = await orNotFound(standVisit(context.service, args));
  const view = await loadPreview(context.service, stand, context.language, { fallback: true });
  const standPath = `${params.prevslug ? `/prev/${params.prevslug}` : ''}/convention/${args.conventionSlug}/hall/${args.hallSlug}/stand/${args.standSlug}`;
  return { ...view, approved, standPath };
}

/** A reference point of such a stand; 404 when the stand has none by that slug. */
export async function loadStandReferencePoint(context: RequestContext, params: Params) {
  const { stand } = await orNotFound(standVisit(context.service, standArgs(params)));
  const point = await findReferencePoint(context.service, stand.id, context.language, params.rpslug ?? '', { fallback: true });
  invariantResponse(point, 'Not Found', { status: 404 });
  return { point, language: context.language };
}

/** Imprint and data policy of the convention, a hall or a stand, whichever the route names. */
export async function loadLegal(context: RequestContext, params: Params) {
  const args = standArgs(params);
  const info = await orNotFound(
    legalInfo(context.service, {
      conventionSlug: args.conventionSlug,
      hallSlug: params.hallslug,
      standSlug: params.standslug,
      previewSlug: args.previewSlug,
    }),
  );
  return { info };
}

/** The loader of an imprint or data-policy page: its guards first, then the responsible organisation's texts. */
export function legalLoader(guards: Guards) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    await runGuards({ request, context, params }, guards);
    return loadLegal(context, params);
  };
}
