import { getCountries } from 'libphonenumber-js';
import { isLanguage, LANGUAGES, toLocale, type Language } from '~/lib/language';
import type { ServiceContext } from '../../context.server';
import { DomainError } from '../errors';

export interface LanguageOption {
  code: Language;
  name: string;
}

export interface CountryOption {
  code: string;
  name: string;
}

/** The interface languages, each named in its own language. */
export function listLanguages(ctx: ServiceContext): LanguageOption[] {
  return LANGUAGES.map((code) => ({ code, name: ctx.t(`common:languages.${code}`) }));
}

const countryNameCache = new Map<Language, CountryOption[]>();

/**
 * Country codes offered in address forms: every ISO 3166 region that has a phone numbering plan, named in the
 * viewer's language and sorted by that name. DE comes first because it is the default.
 */
export function listCountryCodes(ctx: ServiceContext): CountryOption[] {
  const cached = countryNameCache.get(ctx.language);
  if (cached) return cached;
  const locale = toLocale(ctx.language);
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  const options = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => (a.code === 'DE' ? -1 : b.code === 'DE' ? 1 : collator.compare(a.name, b.name)));
  countryNameCache.set(ctx.language, options);
  return options;
}

export function isOfferedCountry(code: string): boolean {
  return (getCountries() as string[]).includes(code);
}

/** The viewer's default language, or the detected one for a visitor without account. */
export function defaultLanguage(ctx: ServiceContext): Language {
  return ctx.viewer?.defaultLanguage ?? ctx.language;
}

/**
 * Persists the viewer's default language. Only DE and EN are accepted (spec 001 point 5); anything else
 * is an INVALID error. Without a logged-in user nothing can be persisted (UNAUTHENTICATED).
 */
export async function persistDefaultLanguage(ctx: ServiceContext, value: string): Promise<Language> {
  const code = value.trim().toUpperCase();
  if (!isLanguage(code)) {
    throw new DomainError('INVALID', ctx.t('errors:invalidLanguage', { value }), 'language');
  }
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', ctx.t('errors:unauthenticated'));
  await ctx.db('users').where({ id: ctx.viewer.userId }).update({ default_language: code, updated_at: ctx.db.fn.now() });
  ctx.viewer.defaultLanguage = code;
  return code;
}
