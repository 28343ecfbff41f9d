import { z } from 'zod';
import { IMAGES360_MAX, IMAGES360_MIN } from '../viewers';
import { defineBlock, fileId, line } from './common';

export { IMAGES360_CYCLE_MS, IMAGES360_MAX, IMAGES360_MIN, images360FrameAt, images360FrameMs, images360Step } from '../viewers';

/**
 * A spin of pictures of one object: none yet (a new block, shown as a placeholder) or at least 70. Whether they
 * are of equal height the schema cannot know: the service checks it with `images360Issue` from the files' sizes.
 */
export const images360Block = defineBlock({
  type: 'IMAGES360',
  icon: 'Rotate3d',
  fields: {
    files: z
      .array(fileId)
      .max(IMAGES360_MAX)
      .refine((files) => files.length === 0 || files.length >= IMAGES360_MIN, {
        params: { i18n: 'images360Count', values: { min: IMAGES360_MIN } },
      })
      .default([]),
    /** what the spin shows, for screen readers */
    text: line,
  },
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
