/**
 * A personalization's theme as visitor pages paint with it (issue 24 item 4): the values the server computed
 * (`~/lib/personalization-theme`) become CSS custom properties on the page's wrapper, and the classes below use
 * them. No colour maths here, so a visitor page's bundle stays small.
 */
import type { CSSProperties } from 'react';

export interface BrandTheme {
  primary: string;
  /** a text colour readable on the primary colour (WCAG AA) */
  onPrimary: string;
  secondary: string;
  /** a text colour readable on the secondary colour (WCAG AA) */
  onSecondary: string;
  /** the primary colour where it is readable as text on the page, else the same hue darkened until it is */
  link: string;
}

/** The theme as the CSS custom properties a page's wrapper carries (undefined without a personalization). */
export function brandThemeStyle(theme: BrandTheme | null | undefined): CSSProperties | undefined {
  if (!theme) return undefined;
  return {
    '--brand-primary': theme.primary,
    '--brand-on-primary': theme.onPrimary,
    '--brand-secondary': theme.secondary,
    '--brand-on-secondary': theme.onSecondary,
    '--brand-link': theme.link,
  } as CSSProperties;
}

/**
 * Tailwind classes that paint with the theme's properties; without them (no personalization) each falls back to the
 * page's own look.
 */
export const BRAND_CLASSES = {
  /** a header or footer band in the primary colour */
  band: 'bg-[color:var(--brand-primary,#ffffff)] text-[color:var(--brand-on-primary,#111827)]',
  /** a main button in the secondary colour (with `buttonClassName('individual')`; without a theme the standard pink) */
  button:
    'bg-[color:var(--brand-secondary,#c22a3e)] text-[color:var(--brand-on-secondary,#ffffff)] shadow-sm hover:brightness-95 focus-visible:outline-[color:var(--brand-primary,#e45364)]',
  /** a border (with a width class) in the primary colour, grey without a theme */
  accentBorder: 'border-l-[color:var(--brand-primary,#e5e7eb)]',
  /** a link in the readable primary colour */
  link: 'text-[color:var(--brand-link,#283853)]',
} as const;
