/**
 * The 360 and 3D viewers' constants and arithmetic (spec 001 point 9), without zod: the visitor pages' renderers
 * import them, and the block schemas (blocks/images360.ts, blocks/cadfile.ts) re-export them.
 */

/** A 360 view needs at least 70 pictures (spec 001 point 5; the placeholder set has 72). */
export const IMAGES360_MIN = 70;
export const IMAGES360_MAX = 720;
/** One turn of the auto-play takes 5,000 ms, split evenly across the pictures (spec 001 point 9). */
export const IMAGES360_CYCLE_MS = 5000;

/** How long the auto-play shows each of `count` pictures. */
export function images360FrameMs(count: number): number {
  return count > 0 ? IMAGES360_CYCLE_MS / count : IMAGES360_CYCLE_MS;
}

/** The picture `steps` away from `index` (negative: backwards), wrapping at both ends. */
export function images360Step(index: number, steps: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + steps) % count) + count) % count;
}

/** The picture `elapsedMs` after auto-play started at `start`. */
export function images360FrameAt(start: number, elapsedMs: number, count: number): number {
  return images360Step(start, Math.floor(elapsedMs / images360FrameMs(count)), count);
}

/** 3D formats (spec 001 point 9). */
export const CAD_FORMATS = ['glb', 'gltf', 'stl'] as const;
export type CadFormat = (typeof CAD_FORMATS)[number];
/** The viewer's limits (spec 001 point 9): zoom 0.1 to 10, field of view 50; resize debounce 5 ms. */
export const CAD_VIEWER = { minZoom: 0.1, maxZoom: 10, fov: 50, resizeDebounceMs: 5 } as const;

/** The 3D format of a stored file, from its name (or MIME type), or null when it is none of glb, gltf, stl. */
export function cadFormat(filename: string | null | undefined, mimeType?: string | null): CadFormat | null {
  const extension = filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (extension && (CAD_FORMATS as readonly string[]).includes(extension)) return extension as CadFormat;
  if (mimeType === 'model/gltf-binary') return 'glb';
  if (mimeType === 'model/gltf+json') return 'gltf';
  if (mimeType === 'model/stl' || mimeType === 'application/sla') return 'stl';
  return null;
}
