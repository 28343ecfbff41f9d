import { BRAND } from '../design';
import { alignment, defineBlock, hexColor, line, optionalFile } from './common';

/** A download button for an uploaded file. */
export const fileBlock = defineBlock({
  type: 'FILE',
  icon: 'FileDown',
  fields: {
    file: optionalFile,
    /** the button's label; empty: the file's name */
    text: line,
    btnColor: hexColor.default(BRAND.dark),
    btnTextColor: hexColor.default(BRAND.white),
    position: alignment.default('Left'),
  },
  example: (t) => ({ text: t('pages:blocks.file.exampleLabel') }),
});
