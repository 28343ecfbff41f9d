import type { AnalyticsPageKind } from '#db/models/index';

/**
 * What a visitor path names (issue 30): the slugs of its objects and the kind of page. Only visitor pages are
 * recorded (convention and its halls, stands, rooms, stages, content and info point; in-house fairs, stages,
 * virtual rooms and content pages of their own); any other path is null. Pure, so the recorder and its tests share it.
 */
export interface VisitorPath {
  kind: AnalyticsPageKind;
  path: string;
  convention?: string;
  hall?: string;
  stand?: string;
  stage?: string;
  exhibition?: string;
  content?: string;
  room?: string;
  /** a stand's reference point (/rp/, /vr/): the room of the stand funnel */
  point?: string;
}

const SLUG = /^[A-Za-z0-9][A-Za-z0-9_.~-]{0,119}$/;
const MAX_PATH = 500;

/** The visitor path of `raw` (a path, or a same-site address's path), or null when it is no recorded page. */
export function parseVisitorPath(raw: string | null | undefined): VisitorPath | null {
  if (!raw || raw.length > MAX_PATH || !raw.startsWith('/') || raw.startsWith('//')) return null;
  const path = raw.split(/[?#]/, 1)[0]!.replace(/\/+$/, '') || '/';
  let parts: string[];
  try {
    parts = path.split('/').slice(1).map((p) => decodeURIComponent(p));
  } catch {
    return null;
  }
  if (parts.some((p) => !SLUG.test(p))) return null;
  const [root, a, b, c, d, e, f, g] = parts;
  switch (root) {
    case 'convention': {
      if (!a) return null;
      const base = { path, convention: a };
      if (b === undefined) return { ...base, kind: 'convention' };
      if (b === 'hall' && c) {
        if (d === undefined) return { ...base, kind: 'hall', hall: c };
        if (d === 'stand' && e) {
          if (f === undefined) return { ...base, kind: 'stand', hall: c, stand: e };
          if ((f === 'rp' || f === 'vr') && g && parts.length === 8) return { ...base, kind: 'room', hall: c, stand: e, point: g };
        }
        return null;
      }
      if (b === 'stage' && c && parts.length === 4) return { ...base, kind: 'stage', stage: c };
      if (b === 'content' && c && parts.length === 4) return { ...base, kind: 'content', content: c };
      if (b === 'infopoint' && parts.length === 3) return { ...base, kind: 'infopoint' };
      if ((b === 'ondemand' || b === 'help') && parts.length <= 4) return { ...base, kind: 'other' };
      return null;
    }
    case 'exhibition': {
      if (!a) return null;
      if (b === undefined) return { path, kind: 'exhibition', exhibition: a };
      if (b === 'stage' && c && parts.length === 4) return { path, kind: 'stage', exhibition: a, stage: c };
      if (b === 'rp' && c && parts.length === 4) return { path, kind: 'room', exhibition: a, point: c };
      return null;
    }
    case 'stage':
      return a && parts.length === 2 ? { path, kind: 'stage', stage: a } : null;
    case 'virtual-room':
    case 'standalone-room':
      return a && parts.length === 2 ? { path, kind: 'room', room: a } : null;
    case 'content':
      return a && parts.length === 2 ? { path, kind: 'content', content: a } : null;
    default:
      return null;
  }
}
