/**
 * The content pages' design values (spec 001 point 9): one module for the block schemas (allowed values and
 * defaults) and the renderers (classes and inline styles). Pure data and functions, no React: the schemas run on
 * the server too. Sizes are steps of Tailwind's spacing scale (one step is 0.25 rem), as in the spec.
 */

/** Tailwind's spacing scale as the spec lists it: 0, 0.5, 1 to 8, 10, 12, 14, 16, 20, steps of 4 to 64, 72, 80, 96. */
export const SPACING_SCALE = [
  0, 0.5, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 72, 80, 96,
] as const;
export type Spacing = (typeof SPACING_SCALE)[number];
export const isSpacing = (value: number): value is Spacing => (SPACING_SCALE as readonly number[]).includes(value);
/** A spacing step in CSS (`4` is 1rem). */
export const spacingCss = (step: number) => `${step * 0.25}rem`;
/**
 * A horizontal spacing step that never pushes a phone's screen sideways: at most a twelfth of the viewport
 * (a hero's 40 steps are 10 rem on a desktop, 32 px at 390 px).
 */
export const inlineSpacingCss = (step: number) => (step === 0 ? '0' : `min(${spacingCss(step)}, 8vw)`);

export const RADII = ['none', 'sm', 'base', 'md', 'lg', 'xl', '2xl', '3xl', 'full'] as const;
export type Radius = (typeof RADII)[number];
export const RADIUS_CLASS: Record<Radius, string> = {
  none: 'rounded-none',
  sm: 'rounded-sm',
  base: 'rounded',
  md: 'rounded-md',
  lg: 'rounded-lg',
  xl: 'rounded-xl',
  '2xl': 'rounded-2xl',
  '3xl': 'rounded-3xl',
  full: 'rounded-full',
};

/** The spec's shadows sm to 2xl, and none (the default: a block has no shadow until one is chosen). */
export const SHADOWS = ['none', 'sm', 'base', 'md', 'lg', 'xl', '2xl'] as const;
export type Shadow = (typeof SHADOWS)[number];
export const SHADOW_CLASS: Record<Shadow, string> = {
  none: 'shadow-none',
  sm: 'shadow-sm',
  base: 'shadow',
  md: 'shadow-md',
  lg: 'shadow-lg',
  xl: 'shadow-xl',
  '2xl': 'shadow-2xl',
};

/** Alignment (spec 000 point 3 enumerations: Center, Left, Right). */
export const ALIGNMENTS = ['Left', 'Center', 'Right'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];
export const ALIGN_TEXT_CLASS: Record<Alignment, string> = { Left: 'text-left', Center: 'text-center', Right: 'text-right' };
export const ALIGN_FLEX_CLASS: Record<Alignment, string> = { Left: 'justify-start', Center: 'justify-center', Right: 'justify-end' };

/** Content borders: solid, dashed, dotted, none. */
export const BORDER_STYLES = ['solid', 'dashed', 'dotted', 'none'] as const;
export type BorderStyle = (typeof BORDER_STYLES)[number];
export const BORDER_WIDTHS = [1, 2, 4, 8] as const;
export type BorderWidth = (typeof BORDER_WIDTHS)[number];
/** A border when switched on: width 1, radius none, solid, black; the block then gets margins of 0.5. */
export const DEFAULT_BORDER = { width: 1, radius: 'none', style: 'solid', color: '#000000' } as const;
export const BORDER_MARGIN: Spacing = 0.5;

export const DIVIDER_WIDTHS = [1, 2, 4, 6, 8] as const;
export type DividerWidth = (typeof DIVIDER_WIDTHS)[number];

/** Carousel heights 48 to 176 spacing steps (12 rem to 44 rem), default 96. */
export const CAROUSEL_HEIGHTS = [48, 64, 80, 96, 112, 128, 144, 160, 176] as const;
export type CarouselHeight = (typeof CAROUSEL_HEIGHTS)[number];
export const DEFAULT_CAROUSEL_HEIGHT: CarouselHeight = 96;
/** The carousel on a phone: its height, but never more than three quarters of the screen's height. */
export const carouselHeightCss = (height: number) => `min(${spacingCss(height)}, 75vh)`;

/** Image widths in percent of the column: 25 to 100 (default 100). */
export const IMAGE_WIDTH_PERCENTS = [25, 50, 75, 100] as const;
export type ImageWidthPercent = (typeof IMAGE_WIDTH_PERCENTS)[number];

/** The spec's default paddings per block, in spacing steps. */
export const DEFAULT_PADDING = {
  TEXT: { x: 0, y: 20 },
  IMAGE: { x: 0, y: 10 },
  IFRAME: { x: 4, y: 4 },
  HORIZONTALDIVIDER: { x: 4, y: 10 },
  INFOBOX: { x: 6, y: 6 },
  HERO: { x: 40, y: 16 },
  CONTACT: { x: 12, y: 12 },
  /** blocks the spec names no padding for */
  OTHER: { x: 0, y: 4 },
} as const satisfies Record<string, { x: Spacing; y: Spacing }>;
/** The hero's gap between headline, sub-headline and button. */
export const DEFAULT_HERO_GAP: Spacing = 24;

/** The brand colours (spec 001 point 9), the blocks' default colours. */
export const BRAND = {
  dark: '#283853',
  pink: '#e45364',
  /** the pink under white text: #e45364 reaches only 3.6:1 (WCAG AA needs 4.5:1), this one 5.6:1 */
  pinkButton: '#c22a3e',
  grey: '#f7f7f7',
  green: '#77bf70',
  red: '#e2001a',
  white: '#ffffff',
  black: '#000000',
} as const;

/** Link open modes of a PDF (spec enumerations: Download, Embed, TargetBlank). */
export const LINK_OPEN_MODES = ['Embed', 'TargetBlank', 'Download'] as const;
export type LinkOpenMode = (typeof LINK_OPEN_MODES)[number];

export const SOCIAL_NETWORKS = ['FACEBOOK', 'INSTAGRAM', 'LINKEDIN', 'TIKTOK', 'XING', 'YOUTUBE'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The feature icons (about 40, lucide-react names), default Rocket. The FEATURE renderer maps each to its icon. */
export const FEATURE_ICONS = [
  'Rocket',
  'Star',
  'Heart',
  'Check',
  'CircleCheck',
  'Shield',
  'ShieldCheck',
  'Lock',
  'Zap',
  'Sparkles',
  'Lightbulb',
  'Target',
  'Trophy',
  'Award',
  'Gift',
  'ThumbsUp',
  'Smile',
  'Users',
  'User',
  'Handshake',
  'Phone',
  'Mail',
  'MessageCircle',
  'Globe',
  'MapPin',
  'Calendar',
  'Clock',
  'Truck',
  'Package',
  'ShoppingCart',
  'CreditCard',
  'Euro',
  'ChartLine',
  'Leaf',
  'Recycle',
  'Settings',
  'Wrench',
  'Cpu',
  'Cloud',
  'Camera',
  'Music',
  'BookOpen',
] as const;
export type FeatureIcon = (typeof FEATURE_ICONS)[number];
export const DEFAULT_FEATURE_ICON: FeatureIcon = 'Rocket';

/** What every block shares: its box (spacing, background, border, shadow). */
export interface BoxValues {
  paddingXaxis: number;
  paddingYaxis: number;
  marginXaxis: number;
  marginYaxis: number;
  backgroundColor: string | null;
  hasBorder: boolean;
  border: { width: number; radius: Radius; style: BorderStyle; color: string };
  boxShadow: Shadow;
}

/** A block's box as classes and inline style (plain values, so this module stays free of React). */
export function boxStyle(box: BoxValues): { className: string; style: Record<string, string> } {
  const style: Record<string, string> = {
    paddingInline: inlineSpacingCss(box.paddingXaxis),
    paddingBlock: spacingCss(box.paddingYaxis),
  };
  const marginX = box.hasBorder && box.marginXaxis === 0 ? BORDER_MARGIN : box.marginXaxis;
  const marginY = box.hasBorder && box.marginYaxis === 0 ? BORDER_MARGIN : box.marginYaxis;
  if (marginX) style.marginInline = inlineSpacingCss(marginX);
  if (marginY) style.marginBlock = spacingCss(marginY);
  if (box.backgroundColor) style.backgroundColor = box.backgroundColor;
  if (box.hasBorder && box.border.style !== 'none') {
    style.borderWidth = `${box.border.width}px`;
    style.borderStyle = box.border.style;
    style.borderColor = box.border.color;
  }
  const className = [
    'min-w-0 max-w-full overflow-hidden',
    box.hasBorder ? RADIUS_CLASS[box.border.radius] : '',
    SHADOW_CLASS[box.boxShadow],
  ]
    .filter(Boolean)
    .join(' ');
  return { className, style };
}
