import type { Params } from '@remix-run/react';
import { invariantResponse, orNotFound } from '~/server/route-kit.server';
import { findReferencePoint, loadPreview } from '~/server/pages/stand.server';
import type { RequestContext } from '~/server/request-context.server';
import { exhibitionStand, requiredExhibitionStand } from '~/server/services/events/exhibition-visit';

/** The in-house fair's stand in the visitor's language (views of the other language when it has none); null when none. */
export async function loadExhibitionStand(context: RequestContext, params: Params) {
  const stand = await orNotFound(exhibitionStand(context.service, params.slug ?? ''));
  return { stand: stand ? await loadPreview(context.service, stand, context.language, { fallback: true }) : null };
}

/** A reference point of the fair's stand, with the stand it sits on; 404 when the stand has no point by that slug. */
export async function loadExhibitionReferencePoint(context: RequestContext, params: Params) {
  const stand = await orNotFound(requiredExhibitionStand(context.service, params.slug ?? ''));
  const [view, point] = await Promise.all([
    loadPreview(context.service, stand, context.language, { fallback: true }),
    findReferencePoint(context.service, stand.id, context.language, params.rpslug ?? '', { fallback: true }),
  ]);
  invariantResponse(point, 'Not Found', { status: 404 });
  return { stand: view, point, language: context.language };
}
