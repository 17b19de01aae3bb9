import { type RefObject, useLayoutEffect, useState } from 'react';

/** Below this width the menu folds into the header's panel, where it stacks: every entry is shown. */
const ONE_ROW = '(min-width: 768px)';

const width = (element: Element | null | undefined) => element?.getBoundingClientRect().width ?? 0;

/**
 * How many of the list's entries fit on its one row, leaving room for the "more" button when some do not.
 * Entries are measured where they are, shown or set aside (a set-aside entry keeps its width off the row), and
 * measured again when the row or any entry changes size: a language switch, a web font arriving, the account
 * button growing once the fan signs in. Runs before paint, so a row that would wrap is never seen.
 */
export function useFittingCount(
  rowRef: RefObject<HTMLElement | null>,
  listRef: RefObject<HTMLElement | null>,
  moreRef: RefObject<HTMLElement | null>,
  count: number,
): number {
  const [fitting, setFitting] = useState(count);

  useLayoutEffect(() => {
    const row = rowRef.current;
    const list = listRef.current;
    // Without layout (server render, jsdom) nothing can be measured: show everything.
    if (!row || !list || typeof ResizeObserver === 'undefined' || typeof matchMedia === 'undefined') {
      setFitting(count);
      return;
    }
    const oneRow = matchMedia(ONE_ROW);
    const measure = () => {
      if (!oneRow.matches) return setFitting(count);
      const entries = [...list.children].map(width);
      const gap = Number.parseFloat(getComputedStyle(list).columnGap) || 0;
      const room = row.clientWidth;
      const all = entries.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, entries.length - 1);
      if (all <= room) return setFitting(entries.length);
      let used = width(moreRef.current);
      let shown = 0;
      for (const w of entries) {
        if (used + w + gap > room) break;
        used += w + gap;
        shown++;
      }
      setFitting(shown);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    for (const entry of list.children) observer.observe(entry);
    if (moreRef.current) observer.observe(moreRef.current);
    oneRow.addEventListener('change', measure);
    return () => {
      observer.disconnect();
      oneRow.removeEventListener('change', measure);
    };
  }, [rowRef, listRef, moreRef, count]);

  return Math.min(fitting, count);
}
