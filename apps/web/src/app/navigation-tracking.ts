import type { DataRouter, RouterState } from 'react-router';
import { rememberLastPage } from './last-page';
import { recordPage } from './navigation-history';

export type PageViewListener = (page: string, previousPage: string | null) => void;

/**
 * After each completed navigation: records the previous page, remembers the last page, and reports a page view
 * with the page before it. Intermediate addresses of a redirect are never shown, so they are never counted.
 */
export function trackNavigations(router: DataRouter, onPageView: PageViewListener): () => void {
  let seenKey: string | null = null;
  const handle = (state: RouterState) => {
    if (!state.initialized || state.navigation.state !== 'idle' || state.location.key === seenKey) return;
    seenKey = state.location.key;
    const { pathname, search } = state.location;
    const previous = recordPage(pathname + search);
    if (previous === undefined) return;
    rememberLastPage({ pathname, search, params: state.matches.at(-1)?.params ?? {} });
    onPageView(pathname + search, previous);
  };
  handle(router.state);
  return router.subscribe(handle);
}
