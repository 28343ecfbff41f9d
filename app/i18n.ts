import type { Namespace } from '../locales/index';

/**
 * i18next options shared by the server and the browser. No value may come from locales/index.ts: that would
 * bundle every English JSON file into the browser entry (the browser fetches the namespaces it needs instead;
 * the server adds `ns` and `resources` in app/server/i18n.server.ts).
 */
export const i18nConfig = {
  supportedLngs: ['de', 'en'],
  fallbackLng: 'en',
  defaultNS: 'common' satisfies Namespace,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

/** Bumped whenever locale files change so browsers fetch the new ones (set at build time). */
export const LOCALES_VERSION: string = import.meta.env?.VITE_LOCALES_VERSION ?? 'dev';
