import { describe, expect, it } from 'vitest';
import { FALLBACK_THUMBNAIL, isPlaceholderThumbnail, playableVideo, videoInText } from '~/lib/video';

describe('playableVideo', () => {
  it('starts a YouTube embed at once and keeps the start time of the link', () => {
    const video = playableVideo('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=1m30s');
    expect(video).toEqual({
      url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=1m30s',
      autoplayUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ?start=90&autoplay=1',
      // never the video site's picture: the page would contact it before the visitor starts the video
      thumbnailUrl: FALLBACK_THUMBNAIL,
    });
    expect(playableVideo('https://youtu.be/aqz-KE-bpKQ')?.autoplayUrl).toBe('https://www.youtube.com/embed/aqz-KE-bpKQ?autoplay=1');
  });

  it('puts autoplay before the Vimeo time fragment, so both work', () => {
    expect(playableVideo('https://vimeo.com/76979871#t=45')?.autoplayUrl).toBe('https://player.vimeo.com/video/76979871?autoplay=1#t=45s');
    expect(playableVideo('https://vimeo.com/76979871/abcdef12')?.autoplayUrl).toBe('https://player.vimeo.com/video/76979871?h=abcdef12&autoplay=1');
  });

  it('shows the picture kept in our storage; without one the fallback', () => {
    expect(playableVideo('https://youtu.be/aqz-KE-bpKQ', '/files/abc')?.thumbnailUrl).toBe('/files/abc');
    expect(playableVideo('https://youtu.be/aqz-KE-bpKQ', null)?.thumbnailUrl).toBe(FALLBACK_THUMBNAIL);
    expect(playableVideo('https://vimeo.com/76979871')?.thumbnailUrl).toBe(FALLBACK_THUMBNAIL);
  });

  it('is null for links the player cannot play', () => {
    expect(playableVideo('')).toBeNull();
    expect(playableVideo('https://example.com/video.mp4')).toBeNull();
  });
});

describe('isPlaceholderThumbnail', () => {
  it("recognises YouTube's 120x90 placeholder only", () => {
    expect(isPlaceholderThumbnail(120, 90)).toBe(true);
    expect(isPlaceholderThumbnail(320, 180)).toBe(false);
    expect(isPlaceholderThumbnail(0, 0)).toBe(false);
  });
});

describe('videoInText', () => {
  it('finds the first recognised video link and returns the text without it', () => {
    expect(videoInText('Die Begrüßung (25 Minuten).\nhttps://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30')).toEqual({
      url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30',
      rest: 'Die Begrüßung (25 Minuten).',
    });
    expect(videoInText('Slides: https://example.com/a.pdf, video: https://vimeo.com/76979871.')).toEqual({
      url: 'https://vimeo.com/76979871',
      rest: 'Slides: https://example.com/a.pdf, video: .',
    });
  });

  it('is null without a video link', () => {
    expect(videoInText('Der Vortrag mit allen Folien.')).toBeNull();
    expect(videoInText('https://example.com/watch?v=aqz-KE-bpKQ')).toBeNull();
  });
});
