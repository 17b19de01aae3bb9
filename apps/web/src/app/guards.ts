import { paths } from '@/config/paths';

export type GuardInput = {
  /** Path of the page being opened. */
  to: string;
  /** Path with query of the page being left; null on the first page of a visit. */
  from: string | null;
  user: { temporary_password: boolean } | null;
  basicPassSelected: boolean;
};

/** Pages only a guest needs: a signed-in fan opening them goes home. */
const GUEST_ONLY = [paths.login, paths.registration, paths.passwordResetRequest, paths.passwordReset].map(
  (p) => p.path,
);
/** Pages a fan who has not chosen the basic pass may still open. */
const OPEN_WITHOUT_BASIC_PASS = [paths.privacyPolicy, paths.termsConditions, paths.packages, paths.buy].map(
  (p) => p.path,
);
const SELECT_PACKAGE_PREFIX = paths.selectPackage.path.replace(':id', '');
/** The console is staff's work, not watching: no pass is asked of them. */
const CONSOLE = /^\/console(\/|$)/;
const SIGN_IN_PAGES = [paths.login.path, paths.registration.path];

const pathOf = (href: string) => normalize(href.split(/[?#]/)[0] ?? '/');
const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The navigation rules of the spec: where the fan goes instead of `to`, or null to let them through.
 * The lock on a temporary password is the strongest, then the signed-in rules, then the guest one.
 */
export function guardRedirect({ to: rawTo, from, user, basicPassSelected }: GuardInput): string | null {
  const to = normalize(rawTo);
  if (user?.temporary_password) return to === paths.profileEdit.path ? null : paths.profileEdit.href();
  if (user && GUEST_ONLY.includes(to)) return paths.home.href();
  if (user && !basicPassSelected) {
    const open = OPEN_WITHOUT_BASIC_PASS.includes(to) || to.startsWith(SELECT_PACKAGE_PREFIX) || CONSOLE.test(to);
    return open ? null : paths.packages.href();
  }
  // A guest sent to checkout from the sign-in pages goes back where they were.
  if (!user && to === paths.buy.path && from && SIGN_IN_PAGES.includes(pathOf(from))) return from;
  return null;
}
