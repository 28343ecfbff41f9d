import { z } from 'zod';
import { boxFields, defineBlock, fileId, line } from './common';

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

/**
 * A spin of pictures of one object: none yet (a new block, shown as a placeholder) or at least 70. Whether they
 * are of equal height the schema cannot know: the service checks it with `images360Issue` from the files' sizes.
 */
export const images360Block = defineBlock({
  type: 'IMAGES360',
  icon: 'Rotate3d',
  schema: z.object({
    type: z.literal('IMAGES360'),
    ...boxFields(),
    files: z
      .array(fileId)
      .max(IMAGES360_MAX)
      .refine((files) => files.length === 0 || files.length >= IMAGES360_MIN, {
        params: { i18n: 'images360Count', values: { min: IMAGES360_MIN } },
      })
      .default([]),
    /** what the spin shows, for screen readers */
    text: line,
  }),
  example: (t) => ({ text: t('pages:blocks.images360.exampleTitle') }),
});

/** What the service knows of each chosen file. */
export interface Images360File {
  id: string;
  width: number | null;
  height: number | null;
}

export type Images360IssueKind = 'TOO_FEW' | 'NOT_AN_IMAGE' | 'UNEQUAL_HEIGHT';

/**
 * Why these pictures cannot make a 360 view, or null: fewer than 70, one of them not a picture (no size), or
 * heights that differ. `key` names the message in the `validation` namespace, with `values` for it.
 */
export function images360Issue(
  files: readonly Images360File[]
): { kind: Images360IssueKind; key: string; values: Record<string, string | number>; fileId?: string } | null {
  if (files.length < IMAGES360_MIN) return { kind: 'TOO_FEW', key: 'images360Count', values: { min: IMAGES360_MIN } };
  const notAnImage = files.find((file) => !file.width || !file.height);
  if (notAnImage) return { kind: 'NOT_AN_IMAGE', key: 'images360NotImage', values: {}, fileId: notAnImage.id };
  const height = files[0]!.height!;
  const other = files.find((file) => file.height !== height);
  if (other) return { kind: 'UNEQUAL_HEIGHT', key: 'images360Height', values: { height, other: other.height! }, fileId: other.id };
  return null;
}
