import { z } from 'zod';
import { BRAND, DEFAULT_HERO_GAP, DEFAULT_PADDING } from '../design';
import { alignment, defineBlock, hexColor, line, linkUrl, optionalFile, spacing } from './common';

const heading = (color: string) =>
  z.object({ text: line, color: hexColor.default(color), position: alignment.default('Center') }).default({});

/** A page's opening: headline, sub-headline and a button over a background picture or colour. */
export const heroBlock = defineBlock({
  type: 'HERO',
  icon: 'PanelTop',
  padding: DEFAULT_PADDING.HERO,
  fields: {
    backgroundColor: hexColor.nullable().default(BRAND.dark),
    backgroundImage: optionalFile,
    headline: heading(BRAND.white),
    subHeadline: heading(BRAND.white),
    heroGap: spacing(DEFAULT_HERO_GAP),
    /** the button's label; no button without label and link */
    text: line,
    url: linkUrl,
    openInNewWindow: z.boolean().default(false),
    btnColor: hexColor.default(BRAND.pinkButton),
    btnTextColor: hexColor.default(BRAND.white),
  },
  example: (t, defaults) => {
    return {
      headline: { ...defaults.headline, text: t('pages:blocks.hero.exampleHeadline') },
      subHeadline: { ...defaults.subHeadline, text: t('pages:blocks.hero.exampleSubHeadline') },
      text: t('pages:blocks.hero.exampleButton'),
    };
  },
});
