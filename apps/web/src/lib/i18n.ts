import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sideline/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Dictionary, en, type ShellTexts } from '@/locales/en';
import { storage } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: ShellTexts };
  }
}

const LANGUAGE_KEY = 'language';

// English ships in the first chunk (it is also the fallback); the others load only when chosen.
const loaders: Record<Language, () => Promise<Dictionary>> = {
  en: () => Promise.resolve(en),
  fr: () => import('@/locales/fr').then((m) => m.fr),
  bg: () => import('@/locales/bg').then((m) => m.bg),
};

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

async function ensureBundle(lng: Language) {
  if (!i18next.hasResourceBundle(lng, 'translation')) {
    i18next.addResourceBundle(lng, 'translation', await loaders[lng]());
  }
}

export async function initI18n(lng: Language) {
  await i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await setLanguage(lng);
}

/** Switches the interface language; `remember` keeps a fan's choice over the channel's default. */
export async function setLanguage(lng: Language, opts: { remember?: boolean } = {}) {
  await ensureBundle(lng);
  await i18next.changeLanguage(lng);
  if (globalThis.document) document.documentElement.lang = lng;
  if (opts.remember) storage.set(LANGUAGE_KEY, lng);
}

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);

export { i18next };
