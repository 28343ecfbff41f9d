import type { BlockContent, BlockType } from './blocks';
import { BRAND, DEFAULT_BORDER, DEFAULT_PADDING, type Spacing } from './design';

/** The defaults of the box every block has (`boxFields` in blocks/common.ts): its spec paddings, the rest alike. */
function box(padding: { x: Spacing; y: Spacing } = DEFAULT_PADDING.OTHER, backgroundColor: string | null = null) {
  return {
    paddingXaxis: padding.x,
    paddingYaxis: padding.y,
    marginXaxis: 0,
    marginYaxis: 0,
    backgroundColor,
    hasBorder: false,
    border: { ...DEFAULT_BORDER },
    boxShadow: 'none',
    showExample: false,
  } as const;
}

/**
 * Every block's defaults as plain data (what `BLOCKS[type].defaults()` gives), so the visitor pages can fill in a
 * stored block's missing fields without loading zod and the schemas. Written from the schemas;
 * tests/unit/content-page-blocks.test.tsx fails when the two differ.
 */
export const BLOCK_DEFAULT_VALUES: { readonly [T in BlockType]: Extract<BlockContent, { type: T }> } = {
  ACCORDION: {
    type: 'ACCORDION',
    ...box(),
    accordionItems: [],
    textColor: null,
  },
  AUDIO: {
    type: 'AUDIO',
    ...box(),
    file: null,
    text: '',
  },
  CADFILE: {
    type: 'CADFILE',
    ...box(),
    file: null,
    backgroundImage: null,
    infoBGColor: '#f7f7f7',
    text: '',
  },
  CAROUSEL: {
    type: 'CAROUSEL',
    ...box(),
    carouselMedia: [],
    carouselHeight: 96,
  },
  CONTACT: {
    type: 'CONTACT',
    ...box(DEFAULT_PADDING.CONTACT),
    contact: {
      company: '',
      street: '',
      houseNo: '',
      postalCode: '',
      city: '',
      phone: '',
      email: '',
    },
    textColor: null,
  },
  FEATURE: {
    type: 'FEATURE',
    ...box(),
    features: [],
    iconBgColor: '#e45364',
    iconColor: '#ffffff',
    textColor: null,
    position: 'Left',
  },
  FILE: {
    type: 'FILE',
    ...box(),
    file: null,
    text: '',
    btnColor: '#283853',
    btnTextColor: '#ffffff',
    position: 'Left',
  },
  HERO: {
    type: 'HERO',
    ...box(DEFAULT_PADDING.HERO, BRAND.dark),
    backgroundImage: null,
    headline: {
      text: '',
      color: '#ffffff',
      position: 'Center',
    },
    subHeadline: {
      text: '',
      color: '#ffffff',
      position: 'Center',
    },
    heroGap: 24,
    text: '',
    url: null,
    openInNewWindow: false,
    btnColor: '#c22a3e',
    btnTextColor: '#ffffff',
  },
  HORIZONTALDIVIDER: {
    type: 'HORIZONTALDIVIDER',
    ...box(DEFAULT_PADDING.HORIZONTALDIVIDER),
    dividerColor: '#283853',
    dividerWidth: 1,
  },
  IFRAME: {
    type: 'IFRAME',
    ...box(DEFAULT_PADDING.IFRAME),
    url: null,
    text: '',
  },
  IMAGE: {
    type: 'IMAGE',
    ...box(DEFAULT_PADDING.IMAGE),
    file: null,
    text: '',
    url: null,
    openInNewWindow: false,
    widthPercent: 100,
    position: 'Center',
  },
  IMAGES360: {
    type: 'IMAGES360',
    ...box(),
    files: [],
    text: '',
  },
  INFOBOX: {
    type: 'INFOBOX',
    ...box(DEFAULT_PADDING.INFOBOX),
    html: '',
    infoBGColor: '#f7f7f7',
    textColor: null,
  },
  PDF: {
    type: 'PDF',
    ...box(),
    file: null,
    pdfView: 'Embed',
    text: '',
  },
  SOCIALMEDIA: {
    type: 'SOCIALMEDIA',
    ...box(),
    socialLinks: [],
    position: 'Center',
    iconColor: '#ffffff',
    iconBgColor: '#283853',
  },
  TEXT: {
    type: 'TEXT',
    ...box(DEFAULT_PADDING.TEXT),
    html: '',
    textColor: null,
  },
  VIDEO: {
    type: 'VIDEO',
    ...box(),
    url: null,
    file: null,
    text: '',
  },
};
