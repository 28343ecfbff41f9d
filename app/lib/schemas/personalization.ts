/**
 * Personalization rules (spec 001 point 5), isomorphic: colours as #rrggbb, the logo required, the logo's width,
 * and the WCAG check of white text on the primary colour (buttons and the header use it).
 */
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { z } from 'zod';

extend([a11yPlugin]);

export const LOGO_POSITIONS = ['LEFT', 'MIDDLE', 'RIGHT'] as const;
export type LogoPositionName = (typeof LOGO_POSITIONS)[number];
export const LOGO_WIDTH_MIN = 16;
export const LOGO_WIDTH_MAX = 1000;
export const LOGO_WIDTH_DEFAULT = 100;
export const TITLE_MAX = 200;
export const TEXT_MAX = 20_000;

export const isHexColor = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/** The WCAG 2 contrast ratio of two colours (1 to 21), by colord's a11y plugin. */
export function contrastRatio(a: string, b: string): number {
  return colord(a).contrast(b);
}

/** Whether `text` on `background` passes WCAG AA for normal text (4.5:1). */
export const passesAA = (text: string, background: string) => colord(text).isReadable(background, { level: 'AA', size: 'normal' });

/** White text on the primary colour fails WCAG AA: the form shows a warning (saving is still allowed). */
export const primaryContrastFails = (primary: string) => isHexColor(primary) && !passesAA('#ffffff', primary);

/**
 * The page forms of /personalizations (isomorphic: the action and the browser parse the same). Values are
 * checked by the service, which answers each rule with its code at its field; the forms only bound the size.
 */
export const PersonalizationCreateForm = z.object({
  intent: z.literal('create'),
  title: z.string().max(TITLE_MAX * 2).default(''),
});

export const PersonalizationSettingsForm = z.object({
  intent: z.literal('settings'),
  title: z.string().max(TITLE_MAX * 2).default(''),
  logoPosition: z.string().max(10).default('LEFT'),
  logoWidth: z.string().max(10).default(''),
  primaryColor: z.string().max(20).default(''),
  secondaryColor: z.string().max(20).default(''),
  imprint: z.string().max(TEXT_MAX * 2).default(''),
  dataPrivacy: z.string().max(TEXT_MAX * 2).default(''),
});
