/**
 * A clickable point on a picture (foyer points, a stand's reference points): a dot with its name. The name shows
 * below the dot on touch screens, where nothing can be hovered, and on hover or keyboard focus elsewhere. The link
 * names the point itself (aria-label); pass POINT_CLASS to it and place it with `left`/`top` in percent.
 */
export function PointMarker({ label, size = 'large' }: { label: string; size?: 'large' | 'small' }) {
  return (
    <>
      <span
        aria-hidden="true"
        className={`flex items-center justify-center rounded-full border-2 border-white bg-brand-pink shadow-lg transition group-hover:scale-110 ${size === 'large' ? 'h-9 w-9' : 'h-6 w-6'}`}
      >
        <span className={`rounded-full bg-white ${size === 'large' ? 'h-2.5 w-2.5' : 'h-1.5 w-1.5'}`} />
      </span>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-1/2 top-full mt-1 hidden max-w-[12rem] -translate-x-1/2 truncate whitespace-nowrap rounded bg-brand-dark/90 px-2 py-0.5 text-xs font-medium text-white shadow group-hover:block group-focus-visible:block [@media(hover:none)]:block"
        data-point-label
      >
        {label}
      </span>
    </>
  );
}

/** The link around a PointMarker: centred on its spot, its name below it. */
export const POINT_CLASS =
  'group absolute flex -translate-x-1/2 -translate-y-1/2 flex-col items-center rounded-full outline-none ring-brand-dark focus-visible:ring-4';
