import { paths } from '@/config/paths';
import { API_KEY_STORAGE_KEY } from '@/lib/api-key';
import { storage } from '@/lib/storage';
import { type GuardInput, guardRedirect } from './guards';

/** Read by early-start.js as `sideline:guard-hold` before any app code runs: keep the two names in step. */
export const GUARD_HOLD_STORAGE_KEY = 'guard-hold';

type Session = Pick<GuardInput, 'user' | 'basicPassSelected'>;

/**
 * Whether the guards move this fan off any game's page (a temporary password, no basic pass chosen). Such a fan
 * gets no game or preroll started in the splash for a page the guard leaves at once: they saw its first frame for
 * about 2 s before landing on /packages.
 */
export const heldOffGames = (session: Session) =>
  guardRedirect({ ...session, to: paths.watch.href(1), from: null }) !== null;

/**
 * Remembers `heldOffGames` for the next page load, whose early start and watch prefetch run before the session is
 * known. Kept as the key it is about, so another key (sign-out, another fan) is never held; a hold that ended on
 * another device costs the next game page only its warm start.
 */
export function rememberGuardHold(session: Session) {
  const key = storage.get(API_KEY_STORAGE_KEY);
  const hold = key && heldOffGames(session) ? key : null;
  // Runs on every navigation: storage is written only when the verdict changes.
  if (hold === storage.get(GUARD_HOLD_STORAGE_KEY)) return;
  if (hold) storage.set(GUARD_HOLD_STORAGE_KEY, hold);
  else storage.remove(GUARD_HOLD_STORAGE_KEY);
}

/** The remembered hold of the stored key's fan. */
export function storedGuardHold(): boolean {
  const key = storage.get(API_KEY_STORAGE_KEY);
  return key !== null && storage.get(GUARD_HOLD_STORAGE_KEY) === key;
}
