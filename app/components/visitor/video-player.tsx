import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_THUMBNAIL, isPlaceholderThumbnail, playableVideo } from '~/lib/video';
import { IMAGE_SIZES, imageSrcSet } from '~/lib/images';
import { PlaySymbol } from './thumbnail-card';

/** An image that failed or turned out to be YouTube's 120x90 "no thumbnail" placeholder. */
const unusable = (img: HTMLImageElement) => img.naturalWidth === 0 || isPlaceholderThumbnail(img.naturalWidth, img.naturalHeight);

/**
 * The video player of stages, on-demand content and the welcome video (spec 000 point 4): the thumbnail first; a
 * click swaps in the embed, which starts playing at once and keeps the start time of the link. A missing
 * thumbnail or YouTube's 120x90 placeholder is replaced by a fallback. Without JavaScript the thumbnail links to
 * the video site.
 */
export function VideoPlayer({
  url,
  title,
  thumbnailUrl,
  priority = false,
}: {
  url: string;
  title: string;
  thumbnailUrl?: string | null;
  /** the page's main picture (a stage): the browser fetches it first */
  priority?: boolean;
}) {
  const { t } = useTranslation('visitor');
  const video = playableVideo(url, thumbnailUrl);
  // kept per link, so a client-side move to another stage starts over with its own thumbnail
  const [playing, setPlaying] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const thumbnail = video && failed !== video.thumbnailUrl ? video.thumbnailUrl : FALLBACK_THUMBNAIL;

  // the image may have loaded (or failed) before hydration, when no onLoad/onError handler was listening yet
  useEffect(() => {
    const img = image.current;
    if (video && img?.complete && img.src && !img.src.endsWith(FALLBACK_THUMBNAIL) && unusable(img)) setFailed(video.thumbnailUrl);
  }, [video?.thumbnailUrl]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new image needs the check
  // keyboard users keep their place: the player takes the focus of the link it replaces
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  if (!video) {
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-md bg-brand-dark p-4 text-center text-white">
        <p>{t('video.unavailable')}</p>
      </div>
    );
  }
  if (playing === video.url) {
    return (
      <iframe
        ref={frame}
        src={video.autoplayUrl}
        title={title}
        className="aspect-video w-full rounded-md border-0 bg-black"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        data-video-player
      />
    );
  }
  return (
    <a
      href={video.url}
      target="_blank"
      rel="noreferrer"
      onClick={(event) => {
        event.preventDefault();
        setPlaying(video.url);
      }}
      className="group relative block aspect-video w-full overflow-hidden rounded-md bg-brand-dark outline-none ring-brand-pink focus-visible:ring-4"
      aria-label={t('video.play', { title })}
      data-video-thumbnail
    >
      <img
        ref={image}
        src={thumbnail}
        srcSet={imageSrcSet(thumbnail)}
        sizes={IMAGE_SIZES.wide}
        alt=""
        width={640}
        height={360}
        // React 18 knows no fetchPriority prop; the lower-case attribute reaches the DOM as it is
        {...(priority ? { fetchpriority: 'high' } : {})}
        className="h-full w-full object-cover"
        onLoad={(event) => {
          if (thumbnail !== FALLBACK_THUMBNAIL && unusable(event.currentTarget)) setFailed(video.thumbnailUrl);
        }}
        onError={() => setFailed(video.thumbnailUrl)}
      />
      <PlaySymbol large />
    </a>
  );
}
