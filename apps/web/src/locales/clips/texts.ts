import {
  createTextNamespace,
  type Leaves,
  type TextValues,
  useNamespaceText,
  useTextLanguage,
} from '@/lib/text-namespace';
import type { en, ShellTexts } from '@/locales/en';
import { type ClipsDictionary, clipsEn } from './en';

/** The clips' texts (watch page, the fan's clips, shared clips, moments): see `lib/text-namespace`. */

export type ClipsKey = Leaves<typeof clipsEn>;
/** A key of the clips' texts or of the shell's. */
export type ClipsTextKey = ClipsKey | Leaves<ShellTexts>;
export type ClipsT = (key: ClipsTextKey, values?: TextValues) => string;

// A key in both would be ambiguous after the merge: this fails to compile if the sections ever overlap.
const sectionsAreDisjoint: Extract<keyof typeof clipsEn, keyof typeof en> extends never ? true : never = true;
void sectionsAreDisjoint;

const clips = createTextNamespace<ClipsDictionary, ClipsTextKey>(clipsEn, {
  fr: () => import('./fr').then((m) => m.clipsFr),
  bg: () => import('./bg').then((m) => m.clipsBg),
});

export const loadClipsTexts = clips.load;
export const useClipsText = (): ClipsT => useNamespaceText(clips);
export const clipsText: ClipsT = clips.text;
export const useClipsLanguage = useTextLanguage;
