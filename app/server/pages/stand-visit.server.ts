import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { Params } from '@remix-run/react';
import type { Guards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { invariantResponse, orNotFound } from '~/server/route-kit.server';
import { findReferencePoint, loadPreview } from '~/server/pages/stand.server';
import type { RequestContext } from '~/server/request-context.server';
import { standVisit } from '~/server/services/events/visit';
import { markStand } from '~/server/services/events/stand-marks';
import { bookmarkAction } from './bookmarks.server';

const standArgs = (params: Params) => ({
  conventionSlug: params.conventionslug ?? '',
  hallSlug: params.hallslug ?? '',
  standSlug: params.standslug ?? '',
  previewSlug: params.prevslug ?? null,
});

/** The stand's page path, under /prev/{prevslug} for a preview. */
const standPathOf = (params: Params) =>
  `${params.prevslug ? `/prev/${params.prevslug}` : ''}/convention/${params.conventionslug ?? ''}/hall/${params.hallslug ?? ''}/stand/${params.standslug ?? ''}`;

/**
 * A stand page of a convention (or its preview by preview slug): the stand in the visitor's language, and for a
 * logged-in visitor whether they marked it (issue 27: the hub's bookmarks; null: no toggle, as on a preview). That
 * mark is the viewer's own, so such a page is never shared with another viewer of the same audience.
 */
async function loadStandPage(context: RequestContext, params: Params) {
  const { stand, approved, marked } = await orNotFound(standVisit(context.service, standArgs(params)));
  const view = await loadPreview(context.service, stand, context.language, { fallback: true });
  const markable = Boolean(context.viewer) && !params.prevslug;
  if (markable) context.personal?.();
  return { ...view, approved, standPath: standPathOf(params), marked: markable ? marked : null };
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

/** The action of a stand page: the visitor marks the stand or takes the mark off (BookmarkToggle). */
export function standMarkAction(guards: Guards) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    await runGuards({ request, context, params }, guards);
    const { previewSlug: _preview, ...address } = standArgs(params);
    return bookmarkAction(context, await request.formData(), {
      fallback: standPathOf(params),
      work: (pressed) => markStand(context.service, address, pressed),
      toasts: { on: 'visitor:bookmarks.standMarked', off: 'visitor:bookmarks.standUnmarked' },
    });
  };
}
