import type { ReactNode } from 'react';
import type { StandPreviewData } from '~/server/pages/stand.server';
import { StandView } from '~/components/stands/stand-view';

/**
 * The in-house fair's stand: its views in the visitor's language with their points, which open the reference
 * point pages of the fair. An opened reference point (`children`) sits beside the stand on very wide screens and
 * above its views otherwise.
 */
export function ExhibitionStand({
  slug,
  stand,
  titleAs,
  children,
}: {
  /** the fair's slug */
  slug: string;
  stand: StandPreviewData;
  titleAs: 'h1' | 'h2';
  children?: ReactNode;
}) {
  return (
    <div className={`grid grid-cols-1 gap-6 rounded-lg bg-white p-4 shadow-sm lg:p-6 ${children ? '2xl:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]' : ''}`}>
      <StandView data={stand} rpHref={(rp) => `/exhibition/${slug}/rp/${rp}`} titleAs={titleAs} />
      {children ? <div className="order-first 2xl:order-none">{children}</div> : null}
    </div>
  );
}
