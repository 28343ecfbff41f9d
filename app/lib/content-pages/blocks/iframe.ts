import { z } from 'zod';
import { DEFAULT_PADDING } from '../design';
import { boxFields, defineBlock, httpsUrl, line } from './common';

/** An embedded page: https only, shown in a sandbox. */
export const iframeBlock = defineBlock({
  type: 'IFRAME',
  icon: 'AppWindow',
  schema: z.object({
    type: z.literal('IFRAME'),
    ...boxFields(DEFAULT_PADDING.IFRAME),
    url: httpsUrl.nullable().default(null),
    /** the frame's title for screen readers */
    text: line,
  }),
});
