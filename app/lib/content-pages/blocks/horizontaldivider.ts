import { BRAND, DEFAULT_PADDING, DIVIDER_WIDTHS } from '../design';
import { defineBlock, hexColor, oneOf } from './common';

/** A horizontal line in one of the divider widths (1, 2, 4, 6, 8 px). */
export const horizontaldividerBlock = defineBlock({
  type: 'HORIZONTALDIVIDER',
  icon: 'Minus',
  padding: DEFAULT_PADDING.HORIZONTALDIVIDER,
  fields: {
    dividerColor: hexColor.default(BRAND.dark),
    dividerWidth: oneOf(DIVIDER_WIDTHS).default(1),
  },
});
