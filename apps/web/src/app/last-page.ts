import { AUTH_PATHS, paths } from '@/config/paths';
import { storage } from '@/lib/storage';

export type LastPage = { href: string; pathname: string; search: string; params: Record<string, string | undefined> };
const KEY = 'last-page';

/**
 * Remembers where the fan was (path, query and route params), to bring them back after signing in. Sign-in
 * pages are never remembered, nor the not-found page, which is never a place to return to.
 */
export function rememberLastPage(page: Omit<LastPage, 'href'>) {
  if (AUTH_PATHS.includes(page.pathname) || page.pathname === paths.notFound.path) return;
  storage.setJson<LastPage>(KEY, { ...page, href: page.pathname + page.search });
}

export const lastPage = (): LastPage | null => storage.getJson<LastPage>(KEY);
