import { z } from 'zod';
import { DEFAULT_PADDING, IMAGE_WIDTH_PERCENTS } from '../design';
import { alignment, defineBlock, line, linkUrl, oneOf, optionalFile } from './common';

/**
 * A picture, optionally a link (a web or e-mail address), in a share of the column's width. The border's radius
 * rounds the picture even without a border (the spec's image radii).
 */
export const imageBlock = defineBlock({
  type: 'IMAGE',
  icon: 'Image',
  padding: DEFAULT_PADDING.IMAGE,
  fields: {
    file: optionalFile,
    /** the picture's description (alt text) */
    text: line,
    url: linkUrl,
    openInNewWindow: z.boolean().default(false),
    widthPercent: oneOf(IMAGE_WIDTH_PERCENTS).default(100),
    position: alignment.default('Center'),
  },
});
