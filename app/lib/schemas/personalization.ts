/**
 * Personalization rules (spec 001 point 5), isomorphic: colours as #rrggbb, the logo required, the logo's width,
 * and the WCAG check of white text on the primary colour (buttons and the header use it).
 */
export const LOGO_POSITIONS = ['LEFT', 'MIDDLE', 'RIGHT'] as const;
export type LogoPositionName = (typeof LOGO_POSITIONS)[number];
export const LOGO_WIDTH_MIN = 16;
export const LOGO_WIDTH_MAX = 1000;
export const LOGO_WIDTH_DEFAULT = 100;
export const TITLE_MAX = 200;
export const TEXT_MAX = 20_000;
/** WCAG 2 AA for normal text. */
export const CONTRAST_AA = 4.5;

export const isHexColor = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** White text on the primary colour fails WCAG AA: the form shows a warning (saving is still allowed). */
export const primaryContrastFails = (primary: string) => contrastRatio('#ffffff', primary) < CONTRAST_AA;
