import { BRAND, DEFAULT_PADDING } from '../design';
import { defineBlock, escapeHtml, hexColor, html, optionalColor } from './common';

/** A highlighted box of rich text (sanitised by the server) on its own background colour. */
export const infoboxBlock = defineBlock({
  type: 'INFOBOX',
  icon: 'Info',
  padding: DEFAULT_PADDING.INFOBOX,
  fields: {
    html,
    infoBGColor: hexColor.default(BRAND.grey),
    textColor: optionalColor,
  },
  example: (t) => ({
    html: `<p><strong>${escapeHtml(t('pages:blocks.infobox.exampleTitle'))}</strong></p><p>${escapeHtml(
      t('pages:blocks.infobox.exampleBody')
    )}</p>`,
  }),
});
