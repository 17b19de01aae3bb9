import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sideline/contract/constants';
import i18next from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore, type Store } from '@/lib/create-store';

/**
 * A feature area's texts (accounts, browsing, the player) ride with the pages that show them: the first chunk
 * carries only the shell's texts, and its weight is budgeted. They merge into each language's one `translation`
 * bundle, so `t` finds shell and area keys alike. English comes with the area's module (it is the fallback);
 * French and Bulgarian load when they are the language.
 *
 * The i18next instance and helpers come from the package, not from `lib/i18n`: importing that module from the
 * views' chunks would move the shell's texts out of the first chunk into a shared one (more first-load weight).
 */

export type Leaves<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}` }[keyof T & string];
export type TextValues = Record<string, string | number>;

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);

/**
 * Marks a promise with its outcome the way React's `use` reads it, so `use` of texts that are already in returns
 * at once instead of suspending for a tick.
 */
function settled<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  tracked.status = 'pending';
  tracked.then(
    (value) => Object.assign(tracked, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
  );
  return tracked;
}

export type TextNamespace<Key extends string> = {
  /** The area's texts of `lng`, merged into its bundle (only for a language whose shell texts are in). */
  load(lng?: Language): Promise<void>;
  /** The languages whose texts are in. */
  loaded: Store<readonly Language[]>;
  /** The texts outside React (notices raised after an await). */
  text(key: Key, values?: TextValues): string;
};

export function createTextNamespace<Dictionary extends object, Key extends string>(
  english: Dictionary,
  loaders: Record<Exclude<Language, 'en'>, () => Promise<Dictionary>>,
): TextNamespace<Key> {
  const loaded = createStore<readonly Language[]>([]);
  const pending = new Map<Language, Promise<void>>();

  function add(lng: Language, dictionary: Dictionary) {
    // Deep, without overwriting: the shell's bundle for `lng` is already there (it is the language, or English).
    i18next.addResourceBundle(lng, 'translation', dictionary, true, false);
    loaded.set((list) => (list.includes(lng) ? list : [...list, lng]));
  }

  function load(lng: Language = currentLanguage()): Promise<void> {
    let promise = pending.get(lng);
    if (!promise) {
      promise =
        lng === 'en'
          ? // English is bundled: known to be in, so `use` never waits for it.
            Object.assign(Promise.resolve(), { status: 'fulfilled' })
          : settled(
              loaders[lng]().then(
                (dictionary) => add(lng, dictionary),
                (error: unknown) => {
                  pending.delete(lng);
                  throw error;
                },
              ),
            );
      pending.set(lng, promise);
    }
    return promise;
  }

  // English is in before any component asks for it (a store change during a render would make React start that
  // render over); the current language starts loading now, a later one on the switch.
  add('en', english);
  void load().catch(() => undefined);
  i18next.on('languageChanged', (lng) => {
    if (isLanguage(lng)) void load(lng).catch(() => undefined);
  });

  const text = (key: Key, values?: TextValues) => i18next.t(key as never, values as never) as unknown as string;
  return { load, loaded, text };
}

/**
 * `t` typed with an area's and the shell's keys; `also` names other areas the component shows texts of. Until the
 * current language's texts of every one are in (French or Bulgarian, first render or a switch), the component
 * suspends for the moment it takes to fetch them: all of them first, before any hook, so the render React
 * replays once they arrive runs the same hooks (a suspension after a hook would break that replay).
 */
export function useNamespaceText<Key extends string>(
  namespace: TextNamespace<Key>,
  ...also: readonly TextNamespace<string>[]
) {
  const lng = currentLanguage();
  // Every time, loaded or not: `use` must run on every render that can suspend.
  for (const area of [namespace, ...also]) use(area.load(lng));
  const { t } = useTranslation();
  // Re-renders when a language's texts arrive after a switch.
  namespace.loaded.use();
  for (const area of also) area.loaded.use();
  return t as unknown as (key: Key, values?: TextValues) => string;
}

/** The interface language, for the `lib/format` helpers; re-renders when the fan switches it. */
export function useTextLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
