import { defineBlock, line, optionalFile, videoUrl } from './common';

/** A video of a recognised site: its picture first, the embed after a click (the stage player). */
export const videoBlock = defineBlock({
  type: 'VIDEO',
  icon: 'Video',
  fields: {
    url: videoUrl.nullable().default(null),
    /** our own picture of the video; none: the player's fallback (nothing is loaded from the video site before a click) */
    file: optionalFile,
    /** the video's title for screen readers */
    text: line,
  },
});
