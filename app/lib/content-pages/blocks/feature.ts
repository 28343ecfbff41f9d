import { z } from 'zod';
import { BRAND, DEFAULT_FEATURE_ICON, FEATURE_ICONS } from '../design';
import { alignment, defineBlock, entries, hexColor, optionalColor, paragraph } from './common';

export const FEATURES_MAX = 24;

/** A list of features, each with one of the feature icons (default Rocket) and a short text. */
export const featureBlock = defineBlock({
  type: 'FEATURE',
  icon: 'Sparkles',
  fields: {
    features: entries({ text: paragraph, icon: z.enum(FEATURE_ICONS).default(DEFAULT_FEATURE_ICON) }, FEATURES_MAX),
    iconBgColor: hexColor.default(BRAND.pink),
    iconColor: hexColor.default(BRAND.white),
    textColor: optionalColor,
    position: alignment.default('Left'),
  },
  example: (t) => ({
    features: (['Rocket', 'ShieldCheck', 'Leaf'] as const).map((icon, i) => ({
      id: `example-${i + 1}`,
      icon,
      text: t(`pages:blocks.feature.exampleText${i + 1}`),
    })),
  }),
});
