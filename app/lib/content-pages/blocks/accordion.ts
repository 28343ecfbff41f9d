import { defineBlock, entries, line, optionalColor, paragraph } from './common';

export const ACCORDION_ITEMS_MAX = 50;

/** Questions and answers that open one by one (native details/summary: they work without JavaScript). */
export const accordionBlock = defineBlock({
  type: 'ACCORDION',
  icon: 'ListCollapse',
  fields: {
    accordionItems: entries({ headline: line, content: paragraph }, ACCORDION_ITEMS_MAX),
    textColor: optionalColor,
  },
  example: (t) => ({
    accordionItems: [1, 2, 3].map((n) => ({
      id: `example-${n}`,
      headline: t(`pages:blocks.accordion.exampleHeadline${n}`),
      content: t(`pages:blocks.accordion.exampleContent${n}`),
    })),
  }),
});
