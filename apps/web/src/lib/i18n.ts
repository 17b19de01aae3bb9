import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sideline/contract/constants';
import i18next, { type InitOptions, type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { en } from '@/locales/en';
import { isNamespace, type Namespace, type Resources, textLoaders } from '@/locales/resources';
import { storage } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shell';
    // An area's `t` also knows the shell's keys (errors, retry, nav), as i18next looks them up there next.
    fallbackNS: 'shell';
    resources: Resources;
  }
}

const LANGUAGE_KEY = 'language';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The fan's own choice, if they made one. */
export function chosenLanguage(): Language | null {
  const stored = storage.get(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

/** Before the settings arrive: the fan's choice, else the channel's language the server wrote into `<html lang>`. */
export function initialLanguage(): Language {
  const fromPage = globalThis.document?.documentElement.lang;
  return chosenLanguage() ?? (isLanguage(fromPage) ? fromPage : DEFAULT_LANGUAGE);
}

const readTexts = (lng: string, ns: string) =>
  isLanguage(lng) && isNamespace(ns) ? textLoaders[ns][lng]() : Promise.reject(new Error(`no texts for ${lng}/${ns}`));

/** Namespaces come from `locales/resources`, each its own chunk per language, when a view asks for them. */
export const textsBackend = resourcesToBackend(readTexts);

/** The app's i18next settings, starting in `lng` (exported for tests that run their own instance). */
export const i18nOptions = (lng: Language): InitOptions => ({
  lng,
  // No fallback language: fr and bg have every key (the locale tests), and a fallback would fetch each namespace's
  // English along with the fan's language.
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  ns: ['shell'],
  defaultNS: 'shell',
  fallbackNS: 'shell',
  // The shell's English comes with the first chunk; everything else through the backend.
  resources: { en: { shell: en } },
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * Starts i18next in `lng`; resolves once the shell's texts of `lng` are in. The call itself sets the language at
 * once (the shell's English is given as a resource), so namespaces asked for right after load in `lng`.
 */
export async function initI18n(lng: Language) {
  await i18next.use(initReactI18next).use(textsBackend).init(i18nOptions(lng));
  if (globalThis.document) document.documentElement.lang = lng;
}

/** Switches the interface language; every namespace loaded so far loads in `lng` first (no raw keys meanwhile). */
export async function setLanguage(lng: Language, opts: { remember?: boolean } = {}) {
  await i18next.changeLanguage(lng);
  if (globalThis.document) document.documentElement.lang = lng;
  if (opts.remember) storage.set(LANGUAGE_KEY, lng);
}

/**
 * Loads namespaces in the current language, rejecting if one did not arrive: a route waits for its views' texts
 * with its code, so it never renders raw keys nor suspends on them, and a failed fetch shows as a failed page.
 */
export async function loadTexts(namespaces: readonly Namespace[], instance: i18n = i18next) {
  await instance.loadNamespaces([...namespaces]);
  const lng = instance.language;
  const missing = namespaces.filter((ns) => !instance.hasResourceBundle(lng, ns));
  if (missing.length > 0) throw new Error(`texts did not load: ${missing.join(', ')} (${lng})`);
}

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);

export { i18next };
