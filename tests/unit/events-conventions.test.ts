import { describe, expect, it } from 'vitest';
import { conventionStatus, isVideoUrl, parseVideoUrl } from '~/lib/events';

describe('conventionStatus', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const day = 24 * 3600 * 1000;
  const at = (offsetDays: number) => new Date(now.getTime() + offsetDays * day);

  it('is ongoing for an active convention between its dates, and without dates', () => {
    expect(conventionStatus({ active: true, startDate: at(-1), endDate: at(2) }, now)).toBe('ONGOING');
    expect(conventionStatus({ active: true, startDate: null, endDate: null }, now)).toBe('ONGOING');
    expect(conventionStatus({ active: true, startDate: at(-1), endDate: null }, now)).toBe('ONGOING');
    expect(conventionStatus({ active: true, startDate: now, endDate: at(1) }, now)).toBe('ONGOING');
  });

  it('is upcoming for an active convention before its start', () => {
    expect(conventionStatus({ active: true, startDate: at(3), endDate: at(5) }, now)).toBe('UPCOMING');
    expect(conventionStatus({ active: true, startDate: at(0.01), endDate: null }, now)).toBe('UPCOMING');
  });

  it('is not active when inactive (whatever the dates) or over', () => {
    expect(conventionStatus({ active: false, startDate: at(-1), endDate: at(2) }, now)).toBe('NOT_ACTIVE');
    expect(conventionStatus({ active: false, startDate: at(3), endDate: at(5) }, now)).toBe('NOT_ACTIVE');
    expect(conventionStatus({ active: true, startDate: at(-5), endDate: at(-1) }, now)).toBe('NOT_ACTIVE');
    expect(conventionStatus({ active: true, startDate: null, endDate: at(-0.01) }, now)).toBe('NOT_ACTIVE');
  });
});

describe('parseVideoUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=90', 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=90'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s', 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=90'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=42'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=3600', 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=3600'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['  https://vimeo.com/76979871  ', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871#t=30s', 'https://player.vimeo.com/video/76979871#t=30s'],
    ['https://vimeo.com/76979871/abc123def0', 'https://player.vimeo.com/video/76979871?h=abc123def0'],
    ['https://player.vimeo.com/video/76979871?h=abc123', 'https://player.vimeo.com/video/76979871?h=abc123'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/event/1234567', 'https://vimeo.com/event/1234567/embed'],
  ])('recognises %s', (url, embedUrl) => {
    expect(parseVideoUrl(url)?.embedUrl).toBe(embedUrl);
  });

  it('names provider, id and start offset', () => {
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ?t=1h2m3s')).toEqual({
      provider: 'youtube',
      id: 'dQw4w9WgXcQ',
      start: 3723,
      embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=3723',
    });
    expect(parseVideoUrl('https://vimeo.com/76979871')).toMatchObject({ provider: 'vimeo', id: '76979871', start: null });
  });

  it.each([
    '',
    'not a url',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/channel/UC123',
    'https://youtu.be/',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'ftp://youtu.be/dQw4w9WgXcQ',
    'https://vimeo.com/about',
    'https://vimeo.com/user/videos',
    'https://player.vimeo.com/video/abc',
  ])('rejects %s', (url) => {
    expect(isVideoUrl(url)).toBe(false);
  });
});
