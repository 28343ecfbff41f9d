import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Browser storage of the tour position per hall (spec 000 point 4: the index is kept in browser storage). */
export const tourStorageKey = (conventionSlug: string, hallSlug: string) => `hallTour:${conventionSlug}:${hallSlug}`;

/** Progress of the tour: step index divided by the number of stands, in percent (spec 001 point 9). */
export function tourProgress(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.round((Math.min(Math.max(index, 0), count) / count) * 100);
}

/**
 * Where a tour step leads: steps 1..n open that stand with the index in the link; anything outside ends the tour
 * and returns to the hall page (spec 000 point 4).
 */
export function tourHref(hallPath: string, standSlugs: string[], index: number): string {
  if (index < 1 || index > standSlugs.length) return `${hallPath}?tour=end`;
  return `${hallPath}/stand/${standSlugs[index - 1]}?tour=${index}`;
}

/** The `tour` query value as a step index: a number in 1..n, 0 for "end", null when there is no tour. */
export function parseTourIndex(value: string | null, count: number): number | null {
  if (value === null) return null;
  if (!/^\d+$/.test(value)) return 0;
  const index = Number(value);
  return index >= 1 && index <= count ? index : 0;
}

/** Keeps the position in session storage so the hall page can offer to continue; "end" clears it. */
function useStoredTour(key: string, index: number | null): number | null {
  const [stored, setStored] = useState<number | null>(null);
  useEffect(() => {
    try {
      if (index === 0) window.sessionStorage.removeItem(key);
      else if (index !== null) window.sessionStorage.setItem(key, String(index));
      const value = Number(window.sessionStorage.getItem(key));
      setStored(Number.isInteger(value) && value > 0 ? value : null);
    } catch {
      setStored(null);
    }
  }, [key, index]);
  return stored;
}

/**
 * The hall tour panel (spec 000 "Hall tour panel"): a progress bar, the list of steps (done or upcoming) and
 * back / next / start. Plain links carry the step in `?tour=`, so it works without JavaScript; with JavaScript the
 * position is also kept in session storage and the hall page offers to continue.
 */
export function HallTour({
  conventionSlug,
  hallSlug,
  hallTitle,
  stands,
  index,
}: {
  conventionSlug: string;
  hallSlug: string;
  hallTitle: string;
  stands: { slug: string; title: string }[];
  /** the step shown (1..n), 0 or null when the visitor is not on a tour step */
  index: number | null;
}) {
  const { t } = useTranslation('visitor');
  const hallPath = `/convention/${conventionSlug}/hall/${hallSlug}`;
  const slugs = stands.map((s) => s.slug);
  const stored = useStoredTour(tourStorageKey(conventionSlug, hallSlug), index);
  if (stands.length === 0) return null;
  const current = index && index > 0 ? index : 0;
  const progress = tourProgress(current, stands.length);
  const resumable = !current && stored && stored <= stands.length ? stored : null;
  const button =
    'inline-flex items-center justify-center rounded-md px-3 py-2 text-sm font-semibold outline-none ring-brand-pink focus-visible:ring-2';
  return (
    <aside aria-labelledby="tour-title" className="self-start rounded-lg bg-white p-4 shadow-sm">
      <h2 id="tour-title" className="text-base font-semibold text-brand-dark">
        {t('tour.title', { hall: hallTitle })}
      </h2>
      <div
        role="progressbar"
        aria-label={t('tour.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={t('tour.progressText', { index: current, count: stands.length, percent: progress })}
        className="mt-3 h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full bg-brand-pink transition-[width]" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-1 text-xs text-gray-700">{t('tour.progressText', { index: current, count: stands.length, percent: progress })}</p>
      <ol className="mt-3 space-y-1 text-sm">
        {stands.map((stand, i) => {
          const step = i + 1;
          const done = step <= current;
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
                className={`rounded outline-none ring-brand-pink hover:underline focus-visible:ring-2 ${step === current ? 'font-semibold text-brand-dark' : 'text-gray-800'}`}
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
              {t('tour.back')}
            </Link>
            <Link to={tourHref(hallPath, slugs, current + 1)} className={`${button} bg-brand-dark text-white`}>
              {current === stands.length ? t('tour.finish') : t('tour.next')}
            </Link>
          </>
        ) : (
          <>
            <Link to={tourHref(hallPath, slugs, 1)} className={`${button} bg-brand-dark text-white`}>
              {t('tour.start')}
            </Link>
            {resumable ? (
              <Link to={tourHref(hallPath, slugs, resumable)} className={`${button} border border-brand-dark text-brand-dark`}>
                {t('tour.resume', { index: resumable })}
              </Link>
            ) : null}
          </>
        )}
      </div>
    </aside>
  );
}
