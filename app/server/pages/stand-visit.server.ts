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
 * logged-in visitor the mark toggle (issue 27: the hub's bookmarks; `mark` null: no toggle, as on a preview). The
 * page stays shared by the visitors of one audience (issue 26): while the visitor cache may keep it, the viewer's
 * own mark is left out (`marked` null) and the browser asks /resources/stand-mark for it; an answer made for this
 * viewer alone (after the toggle's form post, or without the cache) carries it.
 */
async function loadStandPage(context: RequestContext, params: Params) {
  const { stand, approved, hallStandId, marked } = await orNotFound(standVisit(context.service, standArgs(params)));
  const view = await loadPreview(context.service, stand, context.language, { fallback: true });
  const mark =
    context.viewer && !params.prevslug
      ? { hallStandId, marked: context.mayBeShared?.() ? null : marked }
      : null;
  return { ...view, approved, standPath: standPathOf(params), mark };
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
