import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { NodeView, StandPreviewData } from '~/server/pages/stand.server';
import { IMAGE_SIZES, imageSrcSet } from '~/lib/images';
import { safeHref } from '~/lib/safe-href';
import { useEffect, useRef } from 'react';
import { numberedName, POINT_CLASS, PointList, PointMarker, pointStyle, useSpreadSpots } from '~/components/visitor/point-marker';
import { initialScrollLeft } from '~/lib/point-layout';

/**
 * A panorama (2:1) is shown at a readable height and scrolls sideways: visitors pan with a swipe, the scroll bar
 * or the arrow keys (the region takes the focus). It starts scrolled to where its points are (issue 24 item 20:
 * on a phone they lay off-screen to the right). Other images fill the width.
 */
function Frame({ pano, label, pointXs, children }: { pano: boolean; label: string; pointXs: number[]; children: React.ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  const key = pointXs.join(',');
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const width = element.scrollWidth;
    element.scrollLeft = initialScrollLeft(
      pointXs.map((x) => (x / 100) * width),
      width,
      element.clientWidth,
    );
    // once per set of points: the visitor's own scrolling is left alone
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!pano) return <>{children}</>;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div ref={region} role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-md outline-none ring-brand-dark focus-visible:ring-4" data-pano-region>
      {children}
    </div>
  );
}

function NodeImage({
  node,
  standName,
  rpHref,
  vrHref,
  first,
}: {
  node: NodeView;
  standName: string;
  rpHref: (slug: string) => string;
  vrHref?: ((slug: string) => string) | undefined;
  /** the stand's first view is the page's main picture: the browser fetches it first */
  first: boolean;
}) {
  const { t } = useTranslation('events');
  // a point that leads nowhere (no reference point behind it) is not offered to visitors
  const points = node.points.filter((p) => p.kind === 'REFERENCE' && p.slug).sort((a, b) => a.order - b.order);
  // a reference point with a virtual room opens the room at the stand's /vr/{slug} where the page has that route
  const href = (p: NodeView['points'][number]) => (p.virtualRoomId && vrHref ? vrHref(p.slug!) : rpHref(p.slug!));
  // 44 px targets pushed apart where they would overlap (issue 24 item 20), numbered as in the list below
  const picture = useRef<HTMLDivElement>(null);
  const places = points.map((p) => ({ x: p.cx, y: p.cy }));
  const spots = useSpreadSpots(picture, places);
  return (
    <figure className="space-y-3">
      <Frame pano={node.type === 'PANO'} label={t('standPages.preview.panoLabel', { name: standName })} pointXs={points.map((p) => p.cx)}>
        <div ref={picture} className={node.type === 'PANO' ? 'relative inline-block aspect-[2/1] h-[min(60vh,28rem)] align-top' : 'relative'}>
          <img
            src={node.imageUrl ?? ''}
            srcSet={imageSrcSet(node.imageUrl)}
            sizes={node.type === 'PANO' ? IMAGE_SIZES.panorama : IMAGE_SIZES.wide}
            alt={t('standPages.preview.imageAlt', { type: t(`stand.nodeType.${node.type}`), name: standName })}
            width={node.type === 'PANO' ? 2048 : 1280}
            height={node.type === 'PANO' ? 1024 : 720}
            // React 18 knows no fetchPriority prop; the lower-case attribute reaches the DOM as it is
            {...(first ? { fetchpriority: 'high' } : { loading: 'lazy' as const })}
            className={node.type === 'PANO' ? 'block h-full w-full max-w-none rounded-md' : 'block aspect-video w-full rounded-md object-cover'}
          />
          {points.map((p, index) => {
            const { style, hidden } = pointStyle(spots, index, places[index]!);
            return (
              <Link
                key={p.id}
                to={href(p)}
                aria-label={numberedName(index + 1, t('standPages.preview.open', { name: p.name }))}
                data-point={p.id}
                data-room-point={p.virtualRoomId ? '' : undefined}
                className={`${POINT_CLASS} ${hidden ? 'hidden' : ''}`}
                style={style}
              >
                <PointMarker label={p.name} number={index + 1} size="small" />
              </Link>
            );
          })}
        </div>
      </Frame>
      {points.length ? (
        <figcaption>
          <PointList
            heading={t('standPages.preview.points')}
            data="stand"
            points={points.map((p) => ({
              id: p.id,
              link: (className: string) => (
                <Link to={href(p)} className={className}>
                  {p.name}
                </Link>
              ),
            }))}
          />
        </figcaption>
      ) : null}
    </figure>
  );
}

/**
 * How visitors see a stand in one language: its title and text, shop and chat, and its views (image and
 * panorama with their points, embedded pages). Reference points link to `rpHref(slug)`, those with a room to `vrHref(slug)`.
 */
export function StandView({
  data,
  rpHref,
  vrHref,
  titleAs: Title = 'h2',
}: {
  data: StandPreviewData;
  rpHref: (slug: string) => string;
  /** where a reference point with a virtual room leads (the stand's `/vr/{slug}`); without it such points use rpHref */
  vrHref?: (slug: string) => string;
  /** h1 where the stand is the page (visitor pages), h2 inside a frame */
  titleAs?: 'h1' | 'h2';
}) {
  const { t } = useTranslation(['events', 'common']);
  const { stand, nodes, language } = data;
  const shopHref = stand.shop ? safeHref(stand.shopUrl) : undefined;
  const chatHref = safeHref(stand.chatUrl);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Title className="text-xl font-semibold">{stand.title}</Title>
          {stand.description ? <p className="mt-1 whitespace-pre-line text-gray-700">{stand.description}</p> : null}
        </div>
        <div className="flex flex-wrap gap-3">
          {shopHref ? (
            <a href={shopHref} target="_blank" rel="noreferrer" className="rounded-md bg-brand-dark px-4 py-2 text-sm text-white">
              {t('standPages.preview.shop')}
            </a>
          ) : null}
          {stand.bookingPath ? (
            <a href={stand.bookingPath} className="rounded-md border border-brand-dark px-4 py-2 text-sm">
              {t('standPages.preview.book')}
            </a>
          ) : null}
          {chatHref ? (
            <a href={chatHref} target="_blank" rel="noreferrer" className="rounded-md border border-brand-dark px-4 py-2 text-sm">
              {t('standPages.preview.chat')}
            </a>
          ) : null}
        </div>
      </div>
      {nodes.length === 0 ? (
        <p className="text-gray-700">{t('standPages.preview.noNodes', { language: t(`common:languages.${language}`) })}</p>
      ) : (
        nodes.map((node) =>
          node.type === 'IFRAME' ? (
            <iframe
              key={node.id}
              src={safeHref(node.iframe)}
              title={t('standPages.preview.iframeTitle', { name: stand.name })}
              className="aspect-video w-full rounded-md border"
              sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
            />
          ) : node.imageUrl ? (
            <NodeImage key={node.id} node={node} standName={stand.name} rpHref={rpHref} vrHref={vrHref} first={node.id === nodes[0]?.id} />
          ) : null,
        )
      )}
    </div>
  );
}
