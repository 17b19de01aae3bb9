import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sideline/contract/constants';
import i18next from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore } from '@/lib/create-store';
import type { en } from '@/locales/en';
import { type BrowseDictionary, browseEn } from './en';

/**
 * The browsing texts ride with the pages that show them (home rails, listings, a game's page, favorites): the
 * first chunk carries only the shell's texts, and its weight is budgeted. They merge into each language's one
 * `translation` bundle, so `t` finds shell and browsing keys alike. English comes with this module (it is the
 * fallback); French and Bulgarian load when they are the language. Same scheme as the accounts texts.
 */

type Leaves<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}` }[keyof T & string];
export type BrowseKey = Leaves<typeof browseEn>;
/** A key of the browsing texts or of the shell's. */
export type BrowseTextKey = BrowseKey | Leaves<typeof en>;
export type BrowseT = (key: BrowseTextKey, values?: Record<string, string | number>) => string;

// A key in both would be ambiguous after the merge: this fails to compile if the sections ever overlap.
const sectionsAreDisjoint: Extract<keyof typeof browseEn, keyof typeof en> extends never ? true : never = true;
void sectionsAreDisjoint;

// The i18next instance and helpers come from the package, not from `lib/i18n`: importing that module from the
// views' chunks would move the shell's texts out of the first chunk into a shared one (more first-load weight).
const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);

const loaders: Record<Exclude<Language, 'en'>, () => Promise<BrowseDictionary>> = {
  fr: () => import('./fr').then((m) => m.browseFr),
  bg: () => import('./bg').then((m) => m.browseBg),
};

const loaded = createStore<readonly Language[]>([]);
const pending = new Map<Language, Promise<void>>();

function add(lng: Language, dictionary: BrowseDictionary) {
  // Deep, without overwriting: the shell's bundle for `lng` is already there.
  i18next.addResourceBundle(lng, 'translation', dictionary, true, false);
  loaded.set((list) => (list.includes(lng) ? list : [...list, lng]));
}

/**
 * The browsing texts of `lng`, merged into its bundle. Only for a language whose shell texts are in (the current
 * one, or English): merging into another would make i18n believe its shell texts had loaded.
 */
export function loadBrowseTexts(lng: Language = currentLanguage()): Promise<void> {
  let promise = pending.get(lng);
  if (!promise) {
    promise =
      lng === 'en'
        ? Promise.resolve()
        : loaders[lng]().then(
            (dictionary) => add(lng, dictionary),
            (error: unknown) => {
              pending.delete(lng);
              throw error;
            },
          );
    pending.set(lng, promise);
  }
  return promise;
}

// English is here already; the current language starts loading with this module, and a later one on the switch.
add('en', browseEn);
void loadBrowseTexts().catch(() => undefined);
i18next.on('languageChanged', (lng) => {
  if (isLanguage(lng)) void loadBrowseTexts(lng).catch(() => undefined);
});

/**
 * `t` for the browsing views, typed with both sets of keys. Until the current language's browsing texts are in
 * (a first render in French or Bulgarian), the component suspends for the moment it takes to fetch them.
 */
export function useBrowseText(): BrowseT {
  const { t, i18n } = useTranslation();
  const ready = loaded.use();
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';
  if (!ready.includes(lng)) use(loadBrowseTexts(lng));
  return t as unknown as BrowseT;
}

/** The interface language, for the `lib/format` helpers; re-renders when the fan switches it. */
export function useBrowseLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** The same texts outside React (notices raised after an await). */
export const browseText: BrowseT = (key, values) => i18next.t(key as never, values as never) as unknown as string;
