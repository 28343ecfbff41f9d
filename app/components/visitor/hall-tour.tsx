import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Browser storage of the tour position per hall (spec 000 point 4: the index is kept in browser storage). */
export const tourStorageKey = (conventionSlug: string, hallSlug: string) => `hallTour:${conventionSlug}:${hallSlug}`;

/** The `tour` query value of the hall page after the last stand: the tour is complete. */
export const TOUR_DONE = 'done';

/**
 * Where the visitor stands in the tour: a step 1..n, `done` after the last stand, 0 when the tour was left (its
 * position is forgotten), null when there is no tour in the address.
 */
export type TourPosition = number | typeof TOUR_DONE | null;

/** Progress of the tour: step index divided by the number of stands, in percent (spec 001 point 9). */
export function tourProgress(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.round((Math.min(Math.max(index, 0), count) / count) * 100);
}

/**
 * Where a tour step leads: steps 1..n open that stand with the index in the link; after the last stand the hall
 * page says the tour is complete; before the first one it is the hall page, where the tour can be continued.
 */
export function tourHref(hallPath: string, standSlugs: string[], index: number): string {
  if (index < 1) return hallPath;
  if (index > standSlugs.length) return `${hallPath}?tour=${TOUR_DONE}`;
  return `${hallPath}/stand/${standSlugs[index - 1]}?tour=${index}`;
}

/** The `tour` query value: a step in 1..n, `done`, 0 for "left" or anything unknown, null when there is no tour. */
export function parseTourIndex(value: string | null, count: number): TourPosition {
  if (value === null) return null;
  if (value === TOUR_DONE) return count > 0 ? TOUR_DONE : 0;
  if (!/^\d+$/.test(value)) return 0;
  const index = Number(value);
  return index >= 1 && index <= count ? index : 0;
}

/** A stored position: a step or `done`; null when nothing (valid) is kept. */
function readStored(value: string | null, count: number): Exclude<TourPosition, 0> {
  if (value === TOUR_DONE) return TOUR_DONE;
  const index = Number(value);
  return Number.isInteger(index) && index >= 1 && index <= count ? index : null;
}

/**
 * Keeps the position in session storage, so the hall page shows the progress and offers to continue: a step or
 * the completed tour is written, a left tour (0) is forgotten, a visit to the hall page itself keeps it.
 */
function useStoredTour(key: string, position: TourPosition, count: number): Exclude<TourPosition, 0> {
  const [stored, setStored] = useState<Exclude<TourPosition, 0>>(null);
  useEffect(() => {
    try {
      if (position === 0) window.sessionStorage.removeItem(key);
      else if (position !== null) window.sessionStorage.setItem(key, String(position));
      setStored(readStored(window.sessionStorage.getItem(key), count));
    } catch {
      setStored(null);
    }
  }, [key, position, count]);
  return stored;
}

/**
 * The hall tour panel (spec 000 "Hall tour panel"): a progress bar, the list of steps (done or upcoming) and
 * back / next / start. Plain links carry the step in `?tour=`, so it works without JavaScript; with JavaScript the
 * position is also kept in session storage, so the hall page shows the progress and offers to continue. After the
 * last stand the hall page says the tour is complete and keeps it at 100 %.
 */
export function HallTour({
  conventionSlug,
  hallSlug,
  hallTitle,
  stands,
  position,
}: {
  conventionSlug: string;
  hallSlug: string;
  hallTitle: string;
  stands: { slug: string; title: string }[];
  /** from the address: the step shown (1..n), `done`, 0 (left) or null (the hall's own pages) */
  position: TourPosition;
}) {
  const { t } = useTranslation('visitor');
  const hallPath = `/convention/${conventionSlug}/hall/${hallSlug}`;
  const slugs = stands.map((s) => s.slug);
  const stored = useStoredTour(tourStorageKey(conventionSlug, hallSlug), position, stands.length);
  if (stands.length === 0) return null;
  const current = typeof position === 'number' && position > 0 ? position : 0;
  // what the visitor has done so far: the step shown, else the completed tour or the position kept from before
  const reached = position === TOUR_DONE ? TOUR_DONE : current || (position === null ? stored : null);
  const visited = reached === TOUR_DONE ? stands.length : (reached ?? 0);
  const progress = tourProgress(visited, stands.length);
  const resumable = !current && typeof reached === 'number' ? reached : null;
  const progressText =
    reached === TOUR_DONE
      ? t('tour.completeProgress', { count: stands.length, percent: progress })
      : t('tour.progressText', { index: visited, count: stands.length, percent: progress });
  const button =
    'inline-flex items-center justify-center rounded-md px-3 py-2 text-sm font-semibold outline-none ring-brand-pink focus-visible:ring-2';
  return (
    <aside aria-labelledby="tour-title" className="self-start rounded-lg bg-white p-4 shadow-sm" data-hall-tour>
      <h2 id="tour-title" className="text-base font-semibold text-brand-dark">
        {t('tour.title', { hall: hallTitle })}
      </h2>
      <div
        role="progressbar"
        aria-label={t('tour.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={progressText}
        className="mt-3 h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full bg-brand-pink transition-[width]" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-1 text-xs text-gray-700">{progressText}</p>
      {reached === TOUR_DONE ? (
        <p role="status" className="mt-3 rounded-md border-l-4 border-[#77bf70] bg-green-50 p-2 text-sm text-gray-900">
          {t('tour.complete', { count: stands.length, hall: hallTitle })}
        </p>
      ) : null}
      <ol className="mt-3 space-y-1 text-sm">
        {stands.map((stand, i) => {
          const step = i + 1;
          const done = step <= visited;
          return (
            <li key={stand.slug} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-[10px] font-bold ${done ? 'bg-[#77bf70] text-white' : 'border border-gray-400 text-gray-600'}`}
              >
                {done ? '✓' : step}
              </span>
              <Link
                to={tourHref(hallPath, slugs, step)}
                aria-current={step === current ? 'step' : undefined}
                className={`min-w-0 rounded outline-none ring-brand-pink hover:underline focus-visible:ring-2 ${step === current ? 'font-semibold text-brand-dark' : 'text-gray-800'}`}
              >
                {stand.title}
                <span className="sr-only"> ({done ? t('tour.done') : t('tour.upcoming')})</span>
              </Link>
            </li>
          );
        })}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        {current ? (
          <>
            <Link to={tourHref(hallPath, slugs, current - 1)} className={`${button} border border-brand-dark text-brand-dark`}>
              {current === 1 ? t('tour.backToHall') : t('tour.back')}
            </Link>
            <Link to={tourHref(hallPath, slugs, current + 1)} className={`${button} bg-brand-dark text-white`}>
              {current === stands.length ? t('tour.finish') : t('tour.next')}
            </Link>
          </>
        ) : (
          <>
            {resumable ? (
              <Link to={tourHref(hallPath, slugs, resumable)} className={`${button} bg-brand-dark text-white`}>
                {t('tour.resume', { index: resumable })}
              </Link>
            ) : null}
            <Link
              to={tourHref(hallPath, slugs, 1)}
              className={`${button} ${resumable ? 'border border-brand-dark text-brand-dark' : 'bg-brand-dark text-white'}`}
            >
              {reached === TOUR_DONE || resumable ? t('tour.restart') : t('tour.start')}
            </Link>
          </>
        )}
      </div>
    </aside>
  );
}
