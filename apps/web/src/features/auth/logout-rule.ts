import type { ParseKeys } from 'i18next';

export type LogoutState = { user: unknown | null; basicPassSelected: boolean };
export type LogoutRefusal = { reason: 'notSignedIn' | 'basicPassRequired'; message: ParseKeys<'accounts'> };

/**
 * The spec's rule (section 4): logout is refused unless the fan is signed in and has selected the basic pass.
 * Null when the fan may sign out; otherwise why not, with the text that tells them.
 */
export function logoutRefusal({ user, basicPassSelected }: LogoutState): LogoutRefusal | null {
  if (!user) return { reason: 'notSignedIn', message: 'accountMenu.notSignedIn' };
  if (!basicPassSelected) return { reason: 'basicPassRequired', message: 'accountMenu.needsBasicPass' };
  return null;
}
