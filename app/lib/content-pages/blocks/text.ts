import { DEFAULT_PADDING } from '../design';
import { defineBlock, escapeHtml, html, optionalColor } from './common';

/** Rich text: HTML sanitised by the server when saved, shown as it is stored. */
export const textBlock = defineBlock({
  type: 'TEXT',
  icon: 'Type',
  padding: DEFAULT_PADDING.TEXT,
  fields: {
    html,
    textColor: optionalColor,
  },
  example: (t) => ({
    html: `<h2>${escapeHtml(t('pages:blocks.text.exampleTitle'))}</h2><p>${escapeHtml(t('pages:blocks.text.exampleBody'))}</p>`,
  }),
});
