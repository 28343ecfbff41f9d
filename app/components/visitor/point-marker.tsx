import { startTransition, useEffect, useMemo, useState, type RefObject } from 'react';
import { spreadSpots, type Spot } from '~/lib/point-layout';

/**
 * A clickable point on a picture (foyer points, a stand's reference points): a 44×44 px target (issue 24 item 20)
 * with a dot. From the `sm` width up the name shows below the dot on touch screens, where nothing can be hovered,
 * and on hover or keyboard focus elsewhere. On phones the dot shows the point's number instead and the page lists
 * the points by number below the picture (PointList), so names never cover the picture's signs or each other.
 * The link names the point itself (aria-label); pass POINT_CLASS to it and place it with pointStyle().
 */
export function PointMarker({ label, number, size = 'large' }: { label: string; number?: number; size?: 'large' | 'small' }) {
  return (
    <>
      <span
        aria-hidden="true"
        className={`flex items-center justify-center rounded-full border-2 border-white bg-brand-pink shadow-lg transition group-hover:scale-110 ${size === 'large' ? 'h-9 w-9' : 'h-9 w-9 sm:h-6 sm:w-6'}`}
      >
        {number !== undefined ? (
          <span className="text-sm font-bold leading-none text-white sm:hidden" data-point-number>
            {number}
          </span>
        ) : null}
        <span className={`rounded-full bg-white ${number !== undefined ? 'hidden sm:block' : ''} ${size === 'large' ? 'h-2.5 w-2.5' : 'h-1.5 w-1.5'}`} />
      </span>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-1/2 top-full z-10 mt-1 hidden max-w-[12rem] -translate-x-1/2 truncate whitespace-nowrap rounded bg-brand-dark/90 px-2 py-0.5 text-xs font-medium text-white shadow group-focus-visible:block sm:group-hover:block sm:[@media(hover:none)]:block"
        data-point-label
      >
        {label}
      </span>
    </>
  );
}

/**
 * The accessible name of a numbered point: the number its dot shows on phones comes first, so the visible text is
 * part of the name (WCAG 2.5.3) and matches the list below the picture.
 */
export const numberedName = (number: number, name: string) => `${number}. ${name}`;

/** The link around a PointMarker: a 44×44 px target centred on its spot, its name below it. */
export const POINT_CLASS =
  'group absolute flex h-11 w-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full outline-none ring-brand-dark focus-visible:ring-4';

/**
 * Where the points of a picture sit once the picture's size is known: pushed apart so no two 44 px targets
 * overlap (spreadSpots). `undefined` until measured (the server's render places them by their percentages), `null`
 * when the picture is too small to hold them (then they are offered by the list alone).
 */
export function useSpreadSpots(picture: RefObject<HTMLElement>, points: { x: number; y: number }[]): Spot[] | null | undefined {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const element = picture.current;
    if (!element) return;
    // a transition: after hydration the points move in tasks React can split (not in one task of the default lane)
    const measure = () =>
      startTransition(() => setSize((old) => (old && old.width === element.clientWidth && old.height === element.clientHeight ? old : { width: element.clientWidth, height: element.clientHeight })));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [picture]);
  const key = points.map((p) => `${p.x},${p.y}`).join(';');
  // worked out in the render that has the size (not in an effect and one more render after it)
  return useMemo(
    () => (!size || size.width === 0 || size.height === 0 ? undefined : spreadSpots(points, size.width, size.height)),
    // the points' positions are the key
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, size],
  );
}

/** The style (and whether to show it) of the `index`th point: its spread spot once measured, its percentages before. */
export function pointStyle(spots: Spot[] | null | undefined, index: number, point: { x: number; y: number }): { style: React.CSSProperties; hidden: boolean } {
  if (spots === null) return { style: {}, hidden: true };
  const spot = spots?.[index];
  return { style: spot ? { left: `${spot.x}px`, top: `${spot.y}px` } : { left: `${point.x}%`, top: `${point.y}%` }, hidden: false };
}

/**
 * The points of a picture as a numbered list of links (44 px tall), the numbers those on the picture's dots: on
 * phones it stands right below the picture (`phoneOnly`), on a stand at every width.
 */
export function PointList({ heading, points, phoneOnly = false, data }: { heading: string; points: { id: string; link: (className: string) => React.ReactNode }[]; phoneOnly?: boolean; data?: string }) {
  if (points.length === 0) return null;
  return (
    <div className={phoneOnly ? 'sm:hidden' : undefined} data-point-list={data ?? ''}>
      <h3 className="text-sm font-semibold">{heading}</h3>
      <ol className="mt-1 grid gap-1 sm:flex sm:flex-wrap sm:gap-x-4">
        {points.map((point, index) => (
          <li key={point.id} className="flex items-center gap-2">
            <span aria-hidden="true" className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-pink text-xs font-bold text-white">
              {index + 1}
            </span>
            {point.link('inline-flex min-h-11 items-center text-sm text-brand-dark underline underline-offset-2 outline-none ring-brand-dark focus-visible:ring-2')}
          </li>
        ))}
      </ol>
    </div>
  );
}
