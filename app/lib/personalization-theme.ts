/**
 * A personalization's colours as visitor pages use them (issue 24 item 4): the primary colour for the header and
 * footer bands, the secondary one for the main buttons, each with a text colour that stays readable on it (WCAG AA,
 * 4.5:1 for normal text), and a link colour readable on the page's light background. The server computes the theme
 * and renders it as CSS custom properties, so pages are in their colours without JavaScript. Server code and the
 * console use this module (colord); visitor pages' components use `~/lib/brand-theme`, which has no colour maths.
 */
import { colord } from 'colord';
import type { BrandTheme } from '~/lib/brand-theme';
import { isHexColor, passesAA } from '~/lib/schemas/personalization';

export type { BrandTheme } from '~/lib/brand-theme';

export const BRAND_DEFAULT_PRIMARY = '#283853';
export const BRAND_DEFAULT_SECONDARY = '#e45364';

/** Text colours tried on a coloured band, in turn: white, the brand's dark blue, then black (one always passes). */
const TEXT_ON_COLOR = ['#ffffff', '#283853', '#000000'] as const;
/** The lightest background links sit on (white pages and the gray-50 lead pages): a link must be readable on both. */
const PAGE_BACKGROUNDS = ['#ffffff', '#f9fafb'] as const;

/** The first text colour readable on `background`. */
export function readableOn(background: string): string {
  return TEXT_ON_COLOR.find((text) => passesAA(text, background)) ?? '#000000';
}

/** `color` itself when text in it is readable on every page background, else darkened step by step until it is. */
export function readableAsText(color: string): string {
  let candidate = colord(color);
  for (let step = 0; step < 40; step += 1) {
    const hex = candidate.toHex();
    if (PAGE_BACKGROUNDS.every((background) => passesAA(hex, background))) return hex;
    candidate = candidate.darken(0.03);
  }
  return BRAND_DEFAULT_PRIMARY;
}

/** The theme of a personalization's colours; a colour that is not #rrggbb falls back to the brand's. */
export function brandTheme(primaryColor: string, secondaryColor: string): BrandTheme {
  const primary = isHexColor(primaryColor) ? primaryColor.toLowerCase() : BRAND_DEFAULT_PRIMARY;
  const secondary = isHexColor(secondaryColor) ? secondaryColor.toLowerCase() : BRAND_DEFAULT_SECONDARY;
  return { primary, onPrimary: readableOn(primary), secondary, onSecondary: readableOn(secondary), link: readableAsText(primary) };
}
