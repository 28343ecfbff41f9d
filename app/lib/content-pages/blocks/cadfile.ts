import { z } from 'zod';
import { BRAND } from '../design';
import { boxFields, defineBlock, hexColor, line, optionalFile } from './common';

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

/** A 3D model (glb, gltf, stl) the visitor turns and zooms; a poster picture until the visitor starts it. */
export const cadfileBlock = defineBlock({
  type: 'CADFILE',
  icon: 'Box',
  schema: z.object({
    type: z.literal('CADFILE'),
    ...boxFields(),
    file: optionalFile,
    /** the poster picture shown until the visitor starts the viewer */
    backgroundImage: optionalFile,
    /** the viewer's background */
    infoBGColor: hexColor.default(BRAND.grey),
    /** what the model shows, for screen readers and above the poster */
    text: line,
  }),
  example: (t) => ({ text: t('pages:blocks.cadfile.exampleTitle') }),
});
