import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_SIZES, imageSrcSet } from '~/lib/images';

/**
 * A card of the visitor pages' grids (halls of the landing page, stands of a hall, on-demand recordings): a 16:9
 * thumbnail (or a plain area) and a text, the whole card one link. The first row loads at once, the rest lazily.
 */
export function ThumbnailCard({ to, thumbnailUrl, index, children }: { to: string; thumbnailUrl: string | null; index: number; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="group block h-full overflow-hidden rounded-lg bg-white shadow-sm outline-none ring-brand-pink transition hover:shadow-md focus-visible:ring-4"
    >
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
          className="aspect-video w-full object-cover"
        />
      ) : (
        <span aria-hidden="true" className="block aspect-video w-full bg-brand-dark/10" />
      )}
      {children}
    </Link>
  );
}

/** The grid the cards sit in: one column on phones, up to three on wide screens. */
export const CARD_GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** "Skip to content" for keyboard users, the first stop of every visitor layout. */
export function SkipLink() {
  const { t } = useTranslation('visitor');
  return (
    <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
      {t('shell.skipToContent')}
    </a>
  );
}
