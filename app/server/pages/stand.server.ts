import type { LoaderFunctionArgs } from '@remix-run/node';
import type { BaseStand } from '#db/models/index';
import type { Guards } from '~/lib/guards';
import type { Language } from '~/lib/language';
import type { ServiceContext } from '~/server/context.server';
import type { ContentView } from '~/components/content/types';
import { linkedContentView } from '~/server/pages/content-view.server';
import { fileUrl } from '~/server/services/files/files.server';
import { linkedPage } from '~/server/services/content-pages/pages';
import { nodesOf, pointsOf, textsOf } from '~/server/services/events/relations';
import { runGuards } from '~/server/guards.server';
import { orNotFound } from '~/server/route-kit.server';
import { standBySlug } from '~/server/services/events/stands';
import { bookingPathOf } from '~/server/services/hub';

export interface PointView {
  id: string;
  cx: number;
  cy: number;
  kind: 'POINT' | 'REFERENCE';
  name: string;
  slug: string | null;
  order: number;
  contentPageId: string | null;
  /** the content pool group the reference point shows */
  contentGroupId: string | null;
  /** the virtual room the reference point opens (issue 17): visitors go to the stand's `/vr/{slug}` instead of `/rp/{slug}` */
  virtualRoomId: string | null;
  translations: { language: Language; title: string; description: string }[];
}

export interface NodeView {
  id: string;
  type: 'IMAGE' | 'IFRAME' | 'PANO';
  language: Language;
  imageUrl: string | null;
  iframe: string | null;
  points: PointView[];
}

/** The stand's nodes (all languages, or one) with their points and the points' texts, batched per level. */
export async function loadNodes(ctx: ServiceContext, standId: string, language?: Language): Promise<NodeView[]> {
  const nodes = (await nodesOf(ctx, { id: standId })).filter((n) => !language || n.language === language);
  const points = await Promise.all(nodes.map((n) => pointsOf(ctx, n)));
  const texts = await Promise.all(points.map((list) => Promise.all(list.map((p) => textsOf(ctx, 'point', p.id)))));
  return nodes.map((node, i) => ({
    id: node.id,
    type: node.type,
    language: node.language,
    imageUrl: node.image_id ? fileUrl({ id: node.image_id }) : null,
    iframe: node.iframe,
    points: points[i]!.map((p, j) => ({
      id: p.id,
      cx: Number(p.cx),
      cy: Number(p.cy),
      kind: p.kind,
      name: p.name,
      slug: p.slug,
      order: p.order,
      contentPageId: p.content_page_id,
      contentGroupId: p.content_group_id ?? null,
      virtualRoomId: p.virtual_room_id ?? null,
      translations: texts[i]![j]!.map((tr) => ({ language: tr.language, title: tr.title, description: tr.description })),
    })),
  }));
}

export interface StandPreviewData {
  stand: { slug: string; name: string; title: string; description: string; shop: boolean; shopUrl: string; chatUrl: string; bookingPath: string | null };
  language: Language;
  nodes: NodeView[];
}

/**
 * What a visitor sees of the stand in the current language: its texts and the nodes of that language. With
 * `fallback` (visitor pages), a stand without views in the visitor's language shows those of the other language
 * rather than nothing.
 */
export async function loadPreview(
  ctx: ServiceContext,
  stand: BaseStand,
  language: Language,
  options: { fallback?: boolean } = {},
): Promise<StandPreviewData> {
  const [translations, all, booking] = await Promise.all([textsOf(ctx, 'stand', stand.id), loadNodes(ctx, stand.id), bookingPathOf(ctx, stand.organization_id)]);
  const own = all.filter((n) => n.language === language);
  const nodes = own.length || !options.fallback ? own : all;
  const text = translations.find((tr) => tr.language === language);
  return {
    stand: {
      slug: stand.slug,
      name: stand.name,
      title: text?.title || stand.name,
      description: text?.description ?? '',
      shop: stand.shop,
      shopUrl: stand.shop_url,
      chatUrl: stand.chat_url,
      bookingPath: booking,
    },
    language,
    nodes,
  };
}

/** The loader of the console's stand previews (/stand/preview/{standslug}, /stand/standpreview/{standslug}). */
export function standPreviewLoader(guards: Guards) {
  return async ({ request, context, params }: LoaderFunctionArgs) => {
    await runGuards({ request, context, params }, guards);
    const stand = await orNotFound(standBySlug(context.service, params.standslug ?? ''));
    return loadPreview(context.service, stand, context.language);
  };
}

export interface ReferencePointView {
  name: string;
  title: string;
  description: string;
  contentPageId: string | null;
  /** the slug of the linked content page when this viewer may open it (published, or any state for its editors) */
  contentPageSlug: string | null;
  /** the linked content group rendered for this visitor; null when none is linked or its access type keeps them out */
  content: ContentView | null;
}

/**
 * One reference point of a stand by slug, with its text in the language (empty when it has none there). A slug is
 * unique per node; the views of the language come first. Null when the stand has no such point.
 */
export async function findReferencePoint(
  ctx: ServiceContext,
  standId: string,
  language: Language,
  rpSlug: string,
  options: { fallback?: boolean } = {},
): Promise<ReferencePointView | null> {
  const nodes = await loadNodes(ctx, standId);
  const ordered = [...nodes.filter((n) => n.language === language), ...nodes.filter((n) => n.language !== language)];
  const point = ordered.flatMap((n) => n.points).find((p) => p.kind === 'REFERENCE' && p.slug === rpSlug);
  if (!point) return null;
  // visitors read the other language's text rather than nothing; the console preview shows what is missing
  const text = point.translations.find((tr) => tr.language === language) ?? (options.fallback ? point.translations[0] : undefined);
  // the linked group: a constant number of statements however big its tree (content-view.server.ts)
  const [content, page] = await Promise.all([
    point.contentGroupId ? linkedContentView(ctx, point.contentGroupId, language) : null,
    point.contentPageId ? linkedPage(ctx, point.contentPageId) : null,
  ]);
  return {
    name: point.name,
    title: text?.title ?? '',
    description: text?.description ?? '',
    contentPageId: point.contentPageId,
    contentPageSlug: page?.slug ?? null,
    content,
  };
}
