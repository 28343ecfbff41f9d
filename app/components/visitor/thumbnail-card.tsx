import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_SIZES, imageSrcSet } from '~/lib/images';
import { FALLBACK_THUMBNAIL } from '~/lib/video';

/** The play symbol on a video's picture or placeholder (large on the video player's poster, small on a card). */
export function PlaySymbol({ large = false }: { large?: boolean }) {
  return (
    <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center" data-play-symbol>
      <span className={`flex ${large ? 'h-16 w-16' : 'h-12 w-12'} items-center justify-center rounded-full bg-brand-pink shadow-lg transition group-hover:scale-110`}>
        <svg viewBox="0 0 24 24" className={`${large ? 'ml-1 h-8 w-8' : 'ml-0.5 h-6 w-6'} fill-white`}>
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
    </span>
  );
}

/**
 * A card of the visitor pages' grids (halls of the landing page, stands of a hall, on-demand recordings): a 16:9
 * thumbnail (or a plain area) and a text, the whole card one link. The first row loads at once, the rest lazily.
 * A video's card carries a play symbol, over its picture or over the video placeholder.
 */
export function ThumbnailCard({
  to,
  thumbnailUrl,
  index,
  video = false,
  children,
}: {
  to: string;
  thumbnailUrl: string | null;
  index: number;
  video?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="group block h-full overflow-hidden rounded-lg bg-white shadow-sm outline-none ring-brand-pink transition hover:shadow-md focus-visible:ring-4"
    >
      <span className="relative block">
        {thumbnailUrl ? (
          <img
            src={thumbnailUrl}
            srcSet={imageSrcSet(thumbnailUrl)}
            sizes={IMAGE_SIZES.card}
            alt=""
            width={640}
            height={360}
            loading={index < 3 ? 'eager' : 'lazy'}
            // the first card is the page's main picture on phones (React 18 knows no fetchPriority prop)
            {...(index === 0 ? { fetchpriority: 'high' } : {})}
            className="block aspect-video w-full object-cover"
          />
        ) : video ? (
          <img src={FALLBACK_THUMBNAIL} alt="" width={640} height={360} className="block aspect-video w-full object-cover" data-video-placeholder />
        ) : (
          <span aria-hidden="true" className="block aspect-video w-full bg-brand-dark/10" />
        )}
        {video ? <PlaySymbol /> : null}
      </span>
      {children}
    </Link>
  );
}

/** The grid the cards sit in: one column on phones, up to three on wide screens. */
export const CARD_GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** A titled grid of cards, each the link to one page (a convention's halls, a hall's stands), or a note when it has none. */
export function CardGridSection({ id, heading, empty, cards }: { id: string; heading: string; empty: string; cards: { to: string; title: string; thumbnailUrl: string | null }[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-brand-dark">
        {heading}
      </h2>
      {cards.length ? (
        <ul className={CARD_GRID}>
          {cards.map((card, index) => (
            <li key={card.to}>
              <ThumbnailCard to={card.to} thumbnailUrl={card.thumbnailUrl} index={index}>
                <span className="block p-4 font-semibold text-brand-dark">{card.title}</span>
              </ThumbnailCard>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-gray-700">{empty}</p>
      )}
    </section>
  );
}

/** "Skip to content" for keyboard users, the first stop of every visitor layout. */
export function SkipLink() {
  const { t } = useTranslation('visitor');
  return (
    <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
      {t('shell.skipToContent')}
    </a>
  );
}
