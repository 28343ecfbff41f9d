import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { carouselHeightCss } from '~/lib/content-pages/design';
import { parseVideoUrl } from '~/lib/events';
import { VideoPlayer } from '~/components/visitor/video-player';
import { BlockBox, EmptyBlock } from '../block-box';
import { BlockPicture } from '../block-picture';
import { useBlockRender, type PageFile } from '../context';

const BUTTON_CLASS =
  'absolute top-1/2 z-10 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-brand-dark shadow outline-none ring-brand-pink hover:bg-white focus-visible:ring-2 disabled:opacity-40';

/**
 * Slides of pictures and videos in the block's height. A row that scrolls and snaps: swiping works without
 * JavaScript; the buttons move one slide, and the caption says which slide is shown.
 */
export function CarouselBlock({ content }: { content: BlockContentOf<'CAROUSEL'> }) {
  const { t } = useTranslation('pages');
  const { files } = useBlockRender();
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const slides = content.carouselMedia.flatMap((media) => {
    const image: PageFile | null = media.image ? files[media.image] ?? { id: media.image, url: `/files/${media.image}` } : null;
    const video = media.videoUrl && parseVideoUrl(media.videoUrl) ? media.videoUrl : null;
    return image || video ? [{ ...media, imageFile: image, video }] : [];
  });
  if (slides.length === 0) return <EmptyBlock type="CAROUSEL" label={t('blocks.carousel.label')} />;

  const go = (index: number) => {
    const list = track.current;
    const target = Math.max(0, Math.min(slides.length - 1, index));
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    list?.children[target]?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'nearest', inline: 'start' });
    setCurrent(target);
  };
  return (
    <BlockBox type="CAROUSEL" box={content}>
      <section className="relative" aria-roledescription="carousel" aria-label={t('blocks.carousel.region')}>
        <ul
          ref={track}
          // a scrolling region is reached by keyboard too (its arrow keys scroll it)
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain outline-none ring-inset ring-brand-pink [scrollbar-width:none] focus-visible:ring-2"
          style={{ height: carouselHeightCss(content.carouselHeight) }}
          onScroll={(event) => {
            const list = event.currentTarget;
            if (list.clientWidth > 0) setCurrent(Math.round(list.scrollLeft / list.clientWidth));
          }}
        >
          {slides.map((slide, index) => (
            <li
              key={slide.id}
              className="relative h-full w-full shrink-0 snap-start overflow-hidden bg-gray-100"
              aria-roledescription="slide"
              aria-label={t('blocks.carousel.slide', { n: index + 1, count: slides.length })}
            >
              {slide.video ? (
                <div className="flex h-full items-center justify-center bg-black">
                  <div className="aspect-video max-h-full w-full max-w-full">
                    <VideoPlayer url={slide.video} title={slide.text || t('blocks.video.title')} />
                  </div>
                </div>
              ) : slide.imageFile ? (
                <BlockPicture
                  file={slide.imageFile}
                  alt={slide.text}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  className="h-full w-full object-cover"
                />
              ) : null}
              {slide.text ? (
                <p
                  aria-hidden={slide.imageFile && !slide.video ? true : undefined}
                  className="absolute inset-x-0 bottom-0 break-words bg-black/60 px-4 py-2 text-white"
                >
                  {slide.text}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        {slides.length > 1 ? (
          <>
            <button
              type="button"
              className={`${BUTTON_CLASS} left-2`}
              onClick={() => go(current - 1)}
              disabled={current === 0}
              aria-label={t('blocks.carousel.previous')}
            >
              <ChevronLeft aria-hidden="true" className="h-6 w-6" />
            </button>
            <button
              type="button"
              className={`${BUTTON_CLASS} right-2`}
              onClick={() => go(current + 1)}
              disabled={current >= slides.length - 1}
              aria-label={t('blocks.carousel.next')}
            >
              <ChevronRight aria-hidden="true" className="h-6 w-6" />
            </button>
            <p className="sr-only" aria-live="polite">
              {t('blocks.carousel.slide', { n: current + 1, count: slides.length })}
            </p>
          </>
        ) : null}
      </section>
    </BlockBox>
  );
}
