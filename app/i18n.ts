import { DEFAULT_NAMESPACE, NAMESPACES } from '../locales/index';

/** i18next options shared by the server and the browser. */
export const i18nConfig = {
  supportedLngs: ['de', 'en'],
  fallbackLng: 'en',
  defaultNS: DEFAULT_NAMESPACE,
  ns: NAMESPACES,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

/** Bumped whenever locale files change so browsers fetch the new ones (set at build time). */
export const LOCALES_VERSION: string = import.meta.env?.VITE_LOCALES_VERSION ?? 'dev';
