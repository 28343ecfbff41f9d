import { parseVideoUrl } from './events';

/** The product's welcome video, shown when a convention has none of its own (spec 000 convention layout). */
export const DEFAULT_WELCOME_VIDEO = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

/**
 * Shown instead of a missing thumbnail and of YouTube's 120x90 "no thumbnail" placeholder (spec 000 point 4). It
 * carries no play symbol of its own: the player and the cards draw one over it.
 */
export const FALLBACK_THUMBNAIL = '/images/video-fallback.svg';

/** YouTube answers an unknown thumbnail with this placeholder size instead of an error. */
export const isPlaceholderThumbnail = (width: number, height: number): boolean => width === 120 && height === 90;

export interface PlayableVideo {
  /** the link as entered, to open on the video site without JavaScript */
  url: string;
  /** the iframe link that starts playing at once, keeping the start time of the link */
  autoplayUrl: string;
  thumbnailUrl: string;
}

/**
 * The player's view of a video link; null when the link is not a recognised video. The picture is ours (the
 * object's own, or the video's picture the server kept when the link was saved), else the placeholder: the page
 * never loads anything from the video site before the visitor starts the video.
 */
export function playableVideo(url: string, thumbnailUrl?: string | null): PlayableVideo | null {
  const video = parseVideoUrl(url);
  if (!video) return null;
  const [base, hash] = video.embedUrl.split('#');
  const autoplayUrl = `${base}${base!.includes('?') ? '&' : '?'}autoplay=1${hash ? `#${hash}` : ''}`;
  return { url, autoplayUrl, thumbnailUrl: thumbnailUrl || FALLBACK_THUMBNAIL };
}

/**
 * The first recognised video link (YouTube, Vimeo) in a text, and the text without it: on-demand content names
 * its recording by a link in its title or description.
 */
export function videoInText(text: string): { url: string; rest: string } | null {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    if (parseVideoUrl(url)) {
      const rest = `${text.slice(0, match.index)}${text.slice(match.index! + url.length)}`.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
      return { url, rest };
    }
  }
  return null;
}
