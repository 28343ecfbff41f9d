import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { images360FrameMs, images360Step } from '~/lib/content-pages/viewers';
import { IMAGE_SIZES, imageSrcSet } from '~/lib/images';
import { BlockBox, EmptyBlock } from '../block-box';
import { BlockPicture } from '../block-picture';
import { useBlockRender } from '../context';

/** How far a drag moves for one picture (CSS pixels). */
const DRAG_STEP_PX = 8;

const BUTTON_CLASS =
  'flex h-10 w-10 items-center justify-center rounded-full bg-brand-dark text-white outline-none ring-brand-pink ring-offset-2 hover:bg-brand-dark/90 focus-visible:ring-2';

/**
 * The 360 viewer (spec 000 point 4): turns by itself, one cycle of 5,000 ms split evenly across the pictures,
 * unless the visitor prefers reduced motion; previous, play/pause and next buttons, dragging and the arrow keys
 * turn it, wrapping at both ends. Without JavaScript the first picture shows.
 */
export function Images360Block({ content }: { content: BlockContentOf<'IMAGES360'> }) {
  const { t } = useTranslation('pages');
  const { files } = useBlockRender();
  const pictures = content.files.map((id) => files[id] ?? { id, url: `/files/${id}`, width: null, height: null });
  const count = pictures.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const drag = useRef<{ x: number; index: number } | null>(null);
  const hintId = useId();

  // the viewer turns and loads its pictures only while it is on screen
  const box = useRef<HTMLElement>(null);
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const node = box.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true));
    observer.observe(node);
    return () => observer.disconnect();
  }, [count > 0]); // eslint-disable-line react-hooks/exhaustive-deps -- the figure exists once there are pictures
  // auto-play starts after hydration, and not for visitors who asked for less motion
  useEffect(() => {
    if (count > 0 && !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setPlaying(true);
  }, [count]);
  useEffect(() => {
    if (!playing || !onScreen || count === 0) return;
    const timer = window.setInterval(() => setIndex((i) => images360Step(i, 1, count)), images360FrameMs(count));
    return () => window.clearInterval(timer);
  }, [playing, onScreen, count]);
  // the pictures load once the viewer runs, so turning does not wait for each of them
  useEffect(() => {
    if (count === 0 || !onScreen) return;
    const preloaded = pictures.map((picture) => {
      const img = new Image();
      img.sizes = IMAGE_SIZES.wide;
      img.srcset = imageSrcSet(picture.url, picture.width) ?? '';
      img.src = picture.url;
      return img;
    });
    return () => preloaded.forEach((img) => img.removeAttribute('src'));
  }, [content.files.join(), onScreen]); // eslint-disable-line react-hooks/exhaustive-deps -- the list of files is the identity

  if (count === 0) return <EmptyBlock type="IMAGES360" label={t('blocks.images360.label')} />;
  const picture = pictures[index % count]!;
  const turn = (steps: number) => {
    setPlaying(false);
    setIndex((i) => images360Step(i, steps, count));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') turn(-1);
    else if (event.key === 'ArrowRight') turn(1);
    else if (event.key === 'Home') turn(-index);
    else if (event.key === 'End') turn(count - 1 - index);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, index };
    setPlaying(false);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const steps = Math.trunc((event.clientX - drag.current.x) / DRAG_STEP_PX);
    setIndex(images360Step(drag.current.index, -steps, count));
  };
  const label = content.text ? t('blocks.images360.region', { title: content.text }) : t('blocks.images360.regionUntitled');
  return (
    <BlockBox type="IMAGES360" box={content}>
      <figure ref={box} className="space-y-3" aria-label={label}>
        <div
          // the picture is the control, a slider over the pictures: focusable, turned by the arrow keys and by dragging
          tabIndex={0}
          role="slider"
          aria-label={label}
          aria-valuemin={1}
          aria-valuemax={count}
          aria-valuenow={index + 1}
          aria-valuetext={t('blocks.images360.position', { n: index + 1, count })}
          aria-describedby={hintId}
          className="cursor-grab touch-pan-y select-none outline-none ring-brand-pink focus-visible:ring-2 active:cursor-grabbing"
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          data-images360-frame={index}
        >
          <BlockPicture file={picture} loading="eager" draggable={false} className="pointer-events-none block h-auto w-full" />
        </div>
        <p id={hintId} className="sr-only">
          {t('blocks.images360.hint')}
        </p>
        <figcaption className="flex items-center justify-center gap-3">
          <button type="button" className={BUTTON_CLASS} onClick={() => turn(-1)} aria-label={t('blocks.images360.previous')}>
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <button
            type="button"
            className={BUTTON_CLASS}
            onClick={() => setPlaying((value) => !value)}
            aria-label={playing ? t('blocks.images360.pause') : t('blocks.images360.play')}
          >
            {playing ? <Pause aria-hidden="true" className="h-5 w-5" /> : <Play aria-hidden="true" className="h-5 w-5" />}
          </button>
          <button type="button" className={BUTTON_CLASS} onClick={() => turn(1)} aria-label={t('blocks.images360.next')}>
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
        </figcaption>
      </figure>
    </BlockBox>
  );
}
