import { createInstance, type i18n as I18n, type TFunction } from 'i18next';
import { i18nConfig } from '~/i18n';
import { toLocale, type Language } from '~/lib/language';
import { NAMESPACES, resources } from '../../locales/index';

let shared: I18n | null = null;

function sharedInstance(): I18n {
  if (!shared) {
    shared = createInstance();
    void shared.init({ ...i18nConfig, ns: NAMESPACES, resources, initImmediate: false });
  }
  return shared;
}

/** A translate function fixed to one language, for services, mails and GraphQL messages. */
export function getT(language: Language): TFunction {
  return sharedInstance().getFixedT(toLocale(language));
}

/** A fresh instance (tests that render components on their own). */
export async function createRequestI18n(language: Language): Promise<I18n> {
  const instance = createInstance();
  await instance.init({ ...i18nConfig, ns: NAMESPACES, resources, lng: toLocale(language), initImmediate: false });
  return instance;
}

const rendering = new Map<Language, Promise<I18n>>();

/**
 * The instance react-i18next renders pages of one language with, made once per language: rendering only reads it
 * (the server never changes its language; the browser's own instance does), so requests share it instead of each
 * initialising a fresh one.
 */
export function i18nForRendering(language: Language): Promise<I18n> {
  let instance = rendering.get(language);
  if (!instance) {
    const fresh = createInstance();
    instance = fresh.init({ ...i18nConfig, ns: NAMESPACES, resources, lng: toLocale(language), initImmediate: false }).then(() => fresh);
    rendering.set(language, instance);
  }
  return instance;
}
