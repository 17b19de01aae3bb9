import { createStore } from '@/lib/create-store';

/** The page shown now and the one before it (path with query), for the guards and for analytics. */
export const navigationHistory = createStore<{ current: string | null; previous: string | null }>({
  current: null,
  previous: null,
});

/** Records a page once it is shown; returns the page it replaces, or undefined when nothing changed. */
export function recordPage(href: string): string | null | undefined {
  const { current } = navigationHistory.get();
  if (href === current) return undefined;
  navigationHistory.set({ current: href, previous: current });
  return current;
}
