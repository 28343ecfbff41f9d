/** Pure event rules shared by services, GraphQL and pages: convention status and video links. */

export const CONVENTION_STATUSES = ['ONGOING', 'UPCOMING', 'NOT_ACTIVE'] as const;
export type ConventionStatus = (typeof CONVENTION_STATUSES)[number];

/**
 * A convention is shown as ongoing, upcoming or not active (spec 000 point 4). Inactive conventions are not
 * active whatever their dates; an active one is upcoming before its start, not active after its end, and
 * ongoing otherwise (also when it has no dates at all).
 */
export function conventionStatus(
  convention: { active: boolean; startDate: Date | null; endDate: Date | null },
  now: Date = new Date(),
): ConventionStatus {
  if (!convention.active) return 'NOT_ACTIVE';
  if (convention.startDate && now < convention.startDate) return 'UPCOMING';
  if (convention.endDate && now > convention.endDate) return 'NOT_ACTIVE';
  return 'ONGOING';
}

export interface VideoLink {
  provider: 'youtube' | 'vimeo';
  id: string;
  /** start offset in seconds, when the link names one */
  start: number | null;
  /** the link to put into an iframe */
  embedUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);

/** "90", "90s", "1m30s", "1h2m3s" -> seconds; anything else -> null. */
function parseOffset(value: string | null | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || !match[0]) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

function youtube(id: string | undefined, start: number | null): VideoLink | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const embedUrl = `https://www.youtube.com/embed/${id}${start ? `?start=${start}` : ''}`;
  return { provider: 'youtube', id, start, embedUrl };
}

function vimeo(id: string | undefined, hash: string | null, start: number | null, event = false): VideoLink | null {
  if (!id || !/^\d+$/.test(id)) return null;
  if (event) return { provider: 'vimeo', id, start: null, embedUrl: `https://vimeo.com/event/${id}/embed` };
  const query = hash && /^[0-9a-f]+$/i.test(hash) ? `?h=${hash}` : '';
  return { provider: 'vimeo', id, start, embedUrl: `https://player.vimeo.com/video/${id}${query}${start ? `#t=${start}s` : ''}` };
}

/**
 * Recognises YouTube (watch, youtu.be, embed, live, shorts, with t= / start= offsets) and Vimeo (page, player,
 * unlisted hash, live event) links (spec 001 point 5: video links must match a recognised video site).
 */
export function parseVideoUrl(raw: string): VideoLink | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  const params = url.searchParams;
  const hashParams = new URLSearchParams(url.hash.slice(1));
  const start = parseOffset(params.get('t') ?? params.get('start') ?? hashParams.get('t'));

  if (host === 'youtu.be') return parts.length === 1 ? youtube(parts[0], start) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') return youtube(params.get('v') ?? undefined, start);
    if (parts.length === 2 && ['embed', 'live', 'shorts', 'v'].includes(parts[0])) return youtube(parts[1], start);
    return null;
  }
  if (host === 'player.vimeo.com') {
    return parts.length === 2 && parts[0] === 'video' ? vimeo(parts[1], params.get('h'), start) : null;
  }
  if (VIMEO_HOSTS.has(host)) {
    if (parts[0] === 'event') return parts.length <= 3 ? vimeo(parts[1], null, null, true) : null;
    if (parts.length === 1) return vimeo(parts[0], null, start);
    if (parts.length === 2 && /^\d+$/.test(parts[0])) return vimeo(parts[0], parts[1], start);
    if (parts.length === 3 && parts[0] === 'channels') return vimeo(parts[2], null, start);
    return null;
  }
  return null;
}

export const isVideoUrl = (raw: string): boolean => parseVideoUrl(raw) !== null;
