import {
  createTextNamespace,
  type Leaves,
  type TextNamespace,
  type TextValues,
  useNamespaceText,
} from '@/lib/text-namespace';
import type { en, ShellTexts } from '@/locales/en';
import { type CommerceDictionary, commerceEn } from './en';

/** The commerce views' texts (passes, checkout, orders): see `lib/text-namespace`. */

export type CommerceKey = Leaves<typeof commerceEn>;
/** A key of the commerce texts or of the shell's. */
export type CommerceTextKey = CommerceKey | Leaves<ShellTexts>;
export type CommerceT = (key: CommerceTextKey, values?: TextValues) => string;

// A key in both would be ambiguous after the merge: this fails to compile if the sections ever overlap.
const sectionsAreDisjoint: Extract<keyof typeof commerceEn, keyof typeof en> extends never ? true : never = true;
void sectionsAreDisjoint;

export const commerceTexts = createTextNamespace<CommerceDictionary, CommerceTextKey>(commerceEn, {
  fr: () => import('./fr').then((m) => m.commerceFr),
  bg: () => import('./bg').then((m) => m.commerceBg),
});

export const loadCommerceTexts = commerceTexts.load;
/** `t` for the commerce views; `also` names other areas the component shows texts of. */
export const useCommerceText = (...also: TextNamespace<string>[]): CommerceT =>
  useNamespaceText(commerceTexts, ...also);
export const commerceText: CommerceT = commerceTexts.text;
