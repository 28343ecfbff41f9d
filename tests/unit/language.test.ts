import { describe, expect, it } from 'vitest';
import { browserLanguageOf, detectLanguage, toLanguage } from '~/lib/language';

describe('language detection (spec 000 point 1, 001 point 9)', () => {
  it('gives German for a browser language of de or de-DE', () => {
    expect(detectLanguage({ acceptLanguage: 'de' })).toBe('DE');
    expect(detectLanguage({ acceptLanguage: 'de-DE,de;q=0.9,en;q=0.8' })).toBe('DE');
    expect(detectLanguage({ acceptLanguage: 'de-AT' })).toBe('DE');
  });

  it('gives English for an English browser and for unsupported languages', () => {
    expect(detectLanguage({ acceptLanguage: 'en-US,en;q=0.9' })).toBe('EN');
    expect(detectLanguage({ acceptLanguage: 'fr-FR,fr;q=0.9' })).toBe('EN');
    expect(detectLanguage({})).toBe('EN');
  });

  it('uses only the first browser language, by quality', () => {
    expect(detectLanguage({ acceptLanguage: 'fr-FR,de;q=0.9' })).toBe('EN');
    expect(detectLanguage({ acceptLanguage: 'en;q=0.5,de;q=0.8' })).toBe('DE');
    expect(browserLanguageOf('*;q=0.1, pt-BR;q=0.4')).toBe('pt-BR');
  });

  it('prefers the lang query over the user, the visitor choice and the browser', () => {
    expect(detectLanguage({ query: 'de', userLanguage: 'EN', cookie: 'EN', acceptLanguage: 'en' })).toBe('DE');
    expect(detectLanguage({ query: 'EN', acceptLanguage: 'de' })).toBe('EN');
  });

  it('ignores an unsupported lang query and falls through to the user language', () => {
    expect(detectLanguage({ query: 'xx', userLanguage: 'DE', acceptLanguage: 'en' })).toBe('DE');
  });

  it('prefers the logged-in user language over the visitor cookie and the browser', () => {
    expect(detectLanguage({ userLanguage: 'EN', cookie: 'DE', acceptLanguage: 'de' })).toBe('EN');
    expect(detectLanguage({ cookie: 'DE', acceptLanguage: 'en' })).toBe('DE');
  });

  it('normalises codes', () => {
    expect(toLanguage('de_DE')).toBe('DE');
    expect(toLanguage(' en ')).toBe('EN');
    expect(toLanguage('')).toBeNull();
    expect(toLanguage('es')).toBeNull();
  });
});
