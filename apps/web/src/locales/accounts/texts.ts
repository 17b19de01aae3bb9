import {
  createTextNamespace,
  type Leaves,
  type TextNamespace,
  type TextValues,
  useNamespaceText,
} from '@/lib/text-namespace';
import type { en, ShellTexts } from '@/locales/en';
import { type AccountsDictionary, accountsEn } from './en';

/** The accounts pages' texts (sign-in, registration, recovery, profile, passes): see `lib/text-namespace`. */

export type AccountsKey = Leaves<typeof accountsEn>;
/** A key of the shell's texts or of the accounts texts. */
export type TextKey = AccountsKey | Leaves<ShellTexts>;
export type { TextValues };
export type AccountsT = (key: TextKey, values?: TextValues) => string;

// A key in both would be ambiguous after the merge: this fails to compile if the sections ever overlap.
const sectionsAreDisjoint: Extract<keyof typeof accountsEn, keyof typeof en> extends never ? true : never = true;
void sectionsAreDisjoint;

export const accountsTexts = createTextNamespace<AccountsDictionary, TextKey>(accountsEn, {
  fr: () => import('./fr').then((m) => m.accountsFr),
  bg: () => import('./bg').then((m) => m.accountsBg),
});

export const loadAccountTexts = accountsTexts.load;
/** `t` for the accounts pages; `also` names other areas the component shows texts of. */
export const useAccountsText = (...also: TextNamespace<string>[]): AccountsT =>
  useNamespaceText(accountsTexts, ...also);
export const accountsText: AccountsT = accountsTexts.text;
