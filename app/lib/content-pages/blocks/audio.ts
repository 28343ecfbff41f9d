import { defineBlock, line, optionalFile } from './common';

/** An uploaded sound file with the browser's player. */
export const audioBlock = defineBlock({
  type: 'AUDIO',
  icon: 'Music',
  fields: {
    file: optionalFile,
    /** the recording's title, shown above the player and naming it for screen readers */
    text: line,
  },
  example: (t) => ({ text: t('pages:blocks.audio.exampleTitle') }),
});
