import { OUTER_TRACKING_PARAM } from '@sideline/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, replace } from 'react-router';
import { loadSession } from '@/features/auth/session';
import { rememberOuterTracking, withOuterTracking } from '@/lib/outer-tracking';
import { rememberGuardHold } from './guard-hold';
import { guardRedirect } from './guards';
import { navigationHistory } from './navigation-history';

/**
 * The root route's loader, run before every navigation (the root always revalidates): keeps the outer-tracking
 * `trk` parameter, applies the guards, and carries a kept `trk` onto the address. Redirects replace the entry,
 * so the back button never returns to a page the fan could not open.
 */
export function createGuardLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const trk = url.searchParams.get(OUTER_TRACKING_PARAM);
    if (trk) rememberOuterTracking(trk);

    const session = await loadSession(queryClient);
    rememberGuardHold(session);
    const target = guardRedirect({
      to: url.pathname,
      from: navigationHistory.get().current,
      user: session.user,
      basicPassSelected: session.basicPassSelected,
    });
    if (target) throw replace(withOuterTracking(target) ?? target);

    const carried = withOuterTracking(url.pathname + url.search);
    if (carried) throw replace(carried);
    return null;
  };
}
