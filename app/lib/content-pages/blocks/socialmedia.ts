import { z } from 'zod';
import { BRAND, SOCIAL_NETWORKS } from '../design';
import { httpUrl } from '../../url';
import { alignment, defineBlock, entries, hexColor } from './common';

export const SOCIAL_LINKS_MAX = 12;

/** Links to the organisation's profiles on the spec's networks. */
export const socialmediaBlock = defineBlock({
  type: 'SOCIALMEDIA',
  icon: 'Share2',
  fields: {
    socialLinks: entries({ type: z.enum(SOCIAL_NETWORKS), link: httpUrl() }, SOCIAL_LINKS_MAX),
    position: alignment.default('Center'),
    iconColor: hexColor.default(BRAND.white),
    iconBgColor: hexColor.default(BRAND.dark),
  },
  example: () => ({
    socialLinks: (['LINKEDIN', 'INSTAGRAM', 'YOUTUBE'] as const).map((type, i) => ({
      id: `example-${i + 1}`,
      type,
      link: 'https://example.com/',
    })),
  }),
});
