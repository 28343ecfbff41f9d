export const LANGUAGES = ['DE', 'EN'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Locale = 'de' | 'en';

export const FALLBACK_LANGUAGE: Language = 'EN';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Accepts "de", "DE", "de-DE" and returns the supported language, or null. */
export function toLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const first = value.trim().split(/[-_]/)[0]?.toUpperCase();
  return isLanguage(first) ? first : null;
}

export const toLocale = (language: Language): Locale => language.toLowerCase() as Locale;

/** The BCP 47 locale react-aria formats with (German pages use German conventions, English ones British). */
export const toAriaLocale = (locale: string | undefined): string => (locale === 'de' ? 'de-DE' : 'en-GB');

/** The browser's language is the first entry of Accept-Language (highest quality wins). */
export function browserLanguageOf(acceptLanguage: string | null | undefined): string | null {
  if (!acceptLanguage) return null;
  const entries = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((e) => e.tag && e.tag !== '*' && e.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return entries[0]?.tag ?? null;
}

export interface LanguageSources {
  /** ?lang= of the request */
  query?: string | null;
  /** the logged-in user's persisted default language */
  userLanguage?: string | null;
  /** the language a visitor without account picked in the switcher (cookie) */
  cookie?: string | null;
  /** the Accept-Language header */
  acceptLanguage?: string | null;
}

/**
 * Language detection (spec 000 point 1, 001 point 9): a lang query parameter first, then the user's default
 * language, then the visitor's own choice, then the first part of the browser language upper-cased if
 * supported, else EN. A browser language of de or de-DE therefore gives German.
 */
export function detectLanguage(sources: LanguageSources): Language {
  return (
    toLanguage(sources.query) ??
    toLanguage(sources.userLanguage) ??
    toLanguage(sources.cookie) ??
    toLanguage(browserLanguageOf(sources.acceptLanguage)) ??
    FALLBACK_LANGUAGE
  );
}
