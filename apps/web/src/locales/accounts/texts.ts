import type { Language } from '@sideline/contract/constants';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore } from '@/lib/create-store';
import { currentLanguage, i18next, isLanguage } from '@/lib/i18n';
import type { en } from '@/locales/en';
import { type AccountsDictionary, accountsEn } from './en';

/**
 * The accounts texts ride with the pages that show them: the first chunk carries only the shell's texts, and its
 * weight is budgeted. They merge into each language's one `translation` bundle, so `t` finds shell and accounts
 * keys alike. English is bundled here (the fallback); French and Bulgarian load when they are the language.
 */

type Leaves<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}` }[keyof T & string];
export type AccountsKey = Leaves<typeof accountsEn>;
/** A key of the shell's texts or of the accounts texts. */
export type TextKey = AccountsKey | Leaves<typeof en>;
export type TextValues = Record<string, string | number>;
export type AccountsT = (key: TextKey, values?: TextValues) => string;

// A key in both would be ambiguous after the merge: this fails to compile if the sections ever overlap.
const sectionsAreDisjoint: Extract<keyof typeof accountsEn, keyof typeof en> extends never ? true : never = true;
void sectionsAreDisjoint;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<AccountsDictionary>> = {
  fr: () => import('./fr').then((m) => m.accountsFr),
  bg: () => import('./bg').then((m) => m.accountsBg),
};

const loaded = createStore<readonly Language[]>([]);
const pending = new Map<Language, Promise<void>>();

function add(lng: Language, dictionary: AccountsDictionary) {
  // Deep, without overwriting: the shell's bundle for `lng` is already there (it is the language, or English).
  i18next.addResourceBundle(lng, 'translation', dictionary, true, false);
  loaded.set((list) => (list.includes(lng) ? list : [...list, lng]));
}

/**
 * The accounts texts of `lng`, merged into its bundle. Call it for the current language only: merging into a
 * language whose shell texts have not loaded yet would make i18n believe they had.
 */
export function loadAccountTexts(lng: Language = currentLanguage()): Promise<void> {
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

// English comes with this module, in before any component asks for it (a store change during a render would
// make React start that render over).
add('en', accountsEn);

// The shell switches the language once its own texts are in; the accounts texts follow at once.
i18next.on('languageChanged', (lng) => {
  if (isLanguage(lng)) void loadAccountTexts(lng).catch(() => undefined);
});

/**
 * `t` for the accounts pages, typed with both sets of keys. Until the current language's accounts texts are in
 * (French or Bulgarian, first render or a language switch), the component suspends for the moment it takes to
 * fetch them: first thing, before any hook, so the render React replays once they arrive runs the same hooks.
 */
export function useAccountsText(): AccountsT {
  const lng = currentLanguage();
  if (!loaded.get().includes(lng)) use(loadAccountTexts(lng));
  const { t } = useTranslation();
  // Re-renders when a language's texts arrive after a switch.
  loaded.use();
  return t as unknown as AccountsT;
}

/** The same texts outside React (toasts raised after an await). */
export const accountsText: AccountsT = (key, values) => i18next.t(key as never, values as never) as unknown as string;
