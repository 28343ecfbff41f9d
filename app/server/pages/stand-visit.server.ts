import type { LoaderFunctionArgs } from '@remix-run/node';
import type { Params } from '@remix-run/react';
import type { Guards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { invariantResponse, orNotFound } from '~/server/route-kit.server';
import { findReferencePoint, loadPreview } from '~/server/pages/stand.server';
import type { RequestContext } from '~/server/request-context.server';
import { standVisit } from '~/server/services/events/visit';

const standArgs = (params: Params) => ({
  conventionSlug: params.conventionslug ?? '',
  hallSlug: params.hallslug ?? '',
  standSlug: params.standslug ?? '',
  previewSlug: params.prevslug ?? null,
});

/** The stand's page path, under /prev/{prevslug} for a preview. */
const standPathOf = (params: Params) =>
  `${params.prevslug ? `/prev/${params.prevslug}` : ''}/convention/${params.conventionslug ?? ''}/hall/${params.hallslug ?? ''}/stand/${params.standslug ?? ''}`;

/** A stand page of a convention (or its preview by preview slug): the stand in the visitor's language. */
async function loadStandPage(context: RequestContext, params: Params) {
  const { stand, approved } = await orNotFound(standVisit(context.service, standArgs(params)));
  const view = await loadPreview(context.service, stand, context.language, { fallback: true });
  return { ...view, approved, standPath: standPathOf(params) };
}

/**
 * A reference point of such a stand; 404 when the stand has none by that slug. The panel closes back to the stand,
 * content pages open under the convention.
 */
async function loadStandReferencePoint(context: RequestContext, params: Params) {
  const { stand } = await orNotFound(standVisit(context.service, standArgs(params)));
  const point = await findReferencePoint(context.service, stand.id, context.language, params.rpslug ?? '', { fallback: true });
  invariantResponse(point, 'Not Found', { status: 404 });
  return { point, language: context.language, closeHref: standPathOf(params), pageBase: `/convention/${params.conventionslug ?? ''}` };
}

/** The loader of a stand page or its preview: the route's guards, then the stand. */
export function standPageLoader(guards: Guards) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    await runGuards({ request, context, params }, guards);
    return loadStandPage(context, params);
  };
}

/** The loader of a stand's reference point or its preview's: the route's guards, then the point. */
export function standReferencePointLoader(guards: Guards) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    await runGuards({ request, context, params }, guards);
    return loadStandReferencePoint(context, params);
  };
}
