import {
  createTextNamespace,
  type Leaves,
  type TextValues,
  useNamespaceText,
  useTextLanguage,
} from '@/lib/text-namespace';
import type { en, ShellTexts } from '@/locales/en';
import { type VodDictionary, vodEn } from './en';

/** The on-demand library's texts (library page, a library video's page): see `lib/text-namespace`. */

export type VodKey = Leaves<typeof vodEn>;
/** A key of the library's texts or of the shell's. */
export type VodTextKey = VodKey | Leaves<ShellTexts>;
export type VodT = (key: VodTextKey, values?: TextValues) => string;

// A key in both would be ambiguous after the merge: this fails to compile if the sections ever overlap.
const sectionsAreDisjoint: Extract<keyof typeof vodEn, keyof typeof en> extends never ? true : never = true;
void sectionsAreDisjoint;

const vod = createTextNamespace<VodDictionary, VodTextKey>(vodEn, {
  fr: () => import('./fr').then((m) => m.vodFr),
  bg: () => import('./bg').then((m) => m.vodBg),
});

export const loadVodTexts = vod.load;
export const useVodText = (): VodT => useNamespaceText(vod);
export const vodText: VodT = vod.text;
/** The interface language, for the `lib/format` helpers; re-renders when the fan switches it. */
export const useVodLanguage = useTextLanguage;
