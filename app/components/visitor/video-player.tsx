import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_THUMBNAIL, isPlaceholderThumbnail, playableVideo } from '~/lib/video';

/**
 * The video player of stages and the welcome video (spec 000 point 4): the thumbnail first; a click swaps in the
 * embed, which starts playing at once and keeps the start time of the link. A missing thumbnail or YouTube's
 * 120x90 placeholder is replaced by a fallback. Without JavaScript the thumbnail links to the video site.
 */
export function VideoPlayer({ url, title, thumbnailUrl }: { url: string; title: string; thumbnailUrl?: string | null }) {
  const { t } = useTranslation('visitor');
  const video = playableVideo(url, thumbnailUrl);
  const [playing, setPlaying] = useState(false);
  const [thumbnail, setThumbnail] = useState(video?.thumbnailUrl ?? FALLBACK_THUMBNAIL);
  if (!video) {
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-md bg-brand-dark p-4 text-center text-white">
        <p>{t('video.unavailable')}</p>
      </div>
    );
  }
  if (playing) {
    return (
      <iframe
        src={video.autoplayUrl}
        title={title}
        className="aspect-video w-full rounded-md border-0 bg-black"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
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
        setPlaying(true);
      }}
      className="group relative block aspect-video w-full overflow-hidden rounded-md bg-brand-dark outline-none ring-brand-pink focus-visible:ring-4"
      aria-label={t('video.play', { title })}
      data-video-thumbnail
    >
      <img
        src={thumbnail}
        alt=""
        width={640}
        height={360}
        className="h-full w-full object-cover"
        onLoad={(event) => {
          const img = event.currentTarget;
          if (isPlaceholderThumbnail(img.naturalWidth, img.naturalHeight)) setThumbnail(FALLBACK_THUMBNAIL);
        }}
        onError={() => setThumbnail(FALLBACK_THUMBNAIL)}
      />
      <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-pink shadow-lg transition group-hover:scale-110">
          <svg viewBox="0 0 24 24" className="ml-1 h-8 w-8 fill-white">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
      </span>
    </a>
  );
}
