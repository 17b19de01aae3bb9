import {
  createTextNamespace,
  type Leaves,
  type TextValues,
  useNamespaceText,
  useTextLanguage,
} from '@/lib/text-namespace';
import type { en, ShellTexts } from '@/locales/en';
import { type BrowseDictionary, browseEn } from './en';

/** The browsing views' texts (home rails, listings, a game's page, favorites): see `lib/text-namespace`. */

export type BrowseKey = Leaves<typeof browseEn>;
/** A key of the browsing texts or of the shell's. */
export type BrowseTextKey = BrowseKey | Leaves<ShellTexts>;
export type BrowseT = (key: BrowseTextKey, values?: TextValues) => string;

// A key in both would be ambiguous after the merge: this fails to compile if the sections ever overlap.
const sectionsAreDisjoint: Extract<keyof typeof browseEn, keyof typeof en> extends never ? true : never = true;
void sectionsAreDisjoint;

const browse = createTextNamespace<BrowseDictionary, BrowseTextKey>(browseEn, {
  fr: () => import('./fr').then((m) => m.browseFr),
  bg: () => import('./bg').then((m) => m.browseBg),
});

export const loadBrowseTexts = browse.load;
export const useBrowseText = (): BrowseT => useNamespaceText(browse);
export const browseText: BrowseT = browse.text;
/** The interface language, for the `lib/format` helpers; re-renders when the fan switches it. */
export const useBrowseLanguage = useTextLanguage;
