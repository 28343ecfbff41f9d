import { BRAND } from '../design';
import { defineBlock, hexColor, line, optionalFile } from './common';

export { CAD_FORMATS, CAD_VIEWER, cadFormat, type CadFormat } from '../viewers';

/** A 3D model (glb, gltf, stl) the visitor turns and zooms; a poster picture until the visitor starts it. */
export const cadfileBlock = defineBlock({
  type: 'CADFILE',
  icon: 'Box',
  fields: {
    file: optionalFile,
    /** the poster picture shown until the visitor starts the viewer */
    backgroundImage: optionalFile,
    /** the viewer's background */
    infoBGColor: hexColor.default(BRAND.grey),
    /** what the model shows, for screen readers and above the poster */
    text: line,
  },
  example: (t) => ({ text: t('pages:blocks.cadfile.exampleTitle') }),
});
