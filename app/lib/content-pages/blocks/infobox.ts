import { z } from 'zod';
import { BRAND, DEFAULT_PADDING } from '../design';
import { boxFields, defineBlock, escapeHtml, hexColor, html, optionalColor } from './common';

/** A highlighted box of rich text (sanitised by the server) on its own background colour. */
export const infoboxBlock = defineBlock({
  type: 'INFOBOX',
  icon: 'Info',
  schema: z.object({
    type: z.literal('INFOBOX'),
    ...boxFields(DEFAULT_PADDING.INFOBOX),
    html,
    infoBGColor: hexColor.default(BRAND.grey),
    textColor: optionalColor,
  }),
  example: (t) => ({
    html: `<p><strong>${escapeHtml(t('pages:blocks.infobox.exampleTitle'))}</strong></p><p>${escapeHtml(
      t('pages:blocks.infobox.exampleBody')
    )}</p>`,
  }),
});
