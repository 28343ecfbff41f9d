import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '~/components/ui/use-hydrated';
import { ContentImage } from './image';
import type { ContentViewNode } from './types';

/**
 * A SLIDESHOW (images): an accessible carousel (WAI-ARIA carousel pattern: a labelled region, previous and next
 * buttons, "Slide 2 of 5" announced). Before JavaScript has loaded, and without it, the slides are a plain list.
 */
export function Slideshow({ node }: { node: ContentViewNode }) {
  const { t } = useTranslation('contentview');
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const labelId = useId();
  const slides = node.children.filter((child) => child.fileUrl);
  if (!slides.length) return null;
  const label = node.name || t('slideshow.label');

  if (!hydrated || slides.length === 1) {
    return (
      <section aria-labelledby={labelId} data-content-type="SLIDESHOW">
        <h3 id={labelId} className="sr-only">
          {label}
        </h3>
        <ul className="space-y-4">
          {slides.map((slide) => (
            <li key={slide.id}>
              <ContentImage node={slide} className="w-full" />
            </li>
          ))}
        </ul>
      </section>
    );
  }

  const current = Math.min(index, slides.length - 1);
  const go = (step: number) => setIndex((current + step + slides.length) % slides.length);
  const button =
    'rounded-md border bg-white px-3 py-2 text-sm font-medium text-brand-dark outline-none ring-brand-pink hover:bg-brand-grey focus-visible:ring-4';
  return (
    <section aria-roledescription={t('slideshow.roledescription')} aria-labelledby={labelId} data-content-type="SLIDESHOW" data-slideshow-ready>
      <h3 id={labelId} className="sr-only">
        {label}
      </h3>
      <div className="flex items-center justify-between gap-2 pb-2">
        <button type="button" className={button} onClick={() => go(-1)} aria-controls={`${labelId}-slides`}>
          {t('slideshow.previous')}
        </button>
        <p className="text-sm text-gray-700" aria-live="polite" aria-atomic="true">
          {t('slideshow.position', { current: current + 1, count: slides.length })}
        </p>
        <button type="button" className={button} onClick={() => go(1)} aria-controls={`${labelId}-slides`}>
          {t('slideshow.next')}
        </button>
      </div>
      <div id={`${labelId}-slides`}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription={t('slideshow.slide')}
            aria-label={t('slideshow.position', { current: i + 1, count: slides.length })}
            hidden={i !== current}
          >
            <ContentImage node={slide} className="w-full" />
          </div>
        ))}
      </div>
    </section>
  );
}
