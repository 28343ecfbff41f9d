import { DEFAULT_PADDING } from '../design';
import { defineBlock, httpsUrl, line } from './common';

/** An embedded page: https only, shown in a sandbox. */
export const iframeBlock = defineBlock({
  type: 'IFRAME',
  icon: 'AppWindow',
  padding: DEFAULT_PADDING.IFRAME,
  fields: {
    url: httpsUrl.nullable().default(null),
    /** the frame's title for screen readers */
    text: line,
  },
});
