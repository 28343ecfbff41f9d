import type { ServiceContext } from '../../context.server';
import { DomainError } from '../errors';
import { KEYED_KINDS, KINDS } from './registry';
import { accessState, type AccessState } from './rule';
import type { PathObject } from './types';

/**
 * The objects on a visitor path, outermost first, as the kinds declare them (a convention, its hall and the in-house
 * fairs of a stand there; an in-house fair; a room; a content group). NOT_FOUND (field `next`) when the path names
 * no such object.
 */
export async function objectsOnPath(ctx: ServiceContext, path: string): Promise<PathObject[]> {
  const missing = () => new DomainError('NOT_FOUND', ctx.t('access:errors.noObject'), 'next');
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) throw missing();
  let raw: string[];
  try {
    raw = new URL(path, 'http://same.site').pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  } catch {
    throw missing();
  }
  // a preview link (/prev/{previewSlug}/convention/...) names the same objects; its slug is case-sensitive
  const previewSlug = raw[0]?.toLowerCase() === 'prev' ? raw[1] : undefined;
  const [root, ...segments] = raw.slice(previewSlug ? 2 : 0).map((s) => s.toLowerCase());
  const kind = KEYED_KINDS.find((k) => KINDS[k].path?.roots.includes(root ?? ''));
  const objects = kind ? await KINDS[kind].path!.objects(ctx, segments, previewSlug) : null;
  if (!objects?.length) throw missing();
  return objects;
}

/** The objects on the path with the viewer's standing towards each (the /login and /token pages). */
export async function accessOfPath(ctx: ServiceContext, path: string): Promise<(PathObject & { access: AccessState })[]> {
  const objects = await objectsOnPath(ctx, path);
  const states = await Promise.all(objects.map((o) => accessState(ctx, o.kind, o)));
  return objects.map((o, i) => ({ ...o, access: states[i] }));
}
