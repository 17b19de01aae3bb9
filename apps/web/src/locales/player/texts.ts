import {
  createTextNamespace,
  type Leaves,
  type TextValues,
  useNamespaceText,
  useTextLanguage,
} from '@/lib/text-namespace';
import type { en, ShellTexts } from '@/locales/en';
import { type PlayerDictionary, playerEn } from './en';

/** The player's texts (watch, embed and stream-check pages): see `lib/text-namespace`. */

export type PlayerKey = Leaves<typeof playerEn>;
/** A key of the player's texts or of the shell's. */
export type PlayerTextKey = PlayerKey | Leaves<ShellTexts>;
export type PlayerT = (key: PlayerTextKey, values?: TextValues) => string;

// A key in both would be ambiguous after the merge: this fails to compile if the sections ever overlap.
const sectionsAreDisjoint: Extract<keyof typeof playerEn, keyof typeof en> extends never ? true : never = true;
void sectionsAreDisjoint;

const player = createTextNamespace<PlayerDictionary, PlayerTextKey>(playerEn, {
  fr: () => import('./fr').then((m) => m.playerFr),
  bg: () => import('./bg').then((m) => m.playerBg),
});

export const loadPlayerTexts = player.load;
export const usePlayerText = (): PlayerT => useNamespaceText(player);
export const playerText: PlayerT = player.text;
export const usePlayerLanguage = useTextLanguage;
