import { type RefObject, startTransition, useEffect, useRef, useState } from 'react';

/** How far ahead of the fan's view cards are made: a screen along a rail, a quarter of a screen down to a rail. */
const AHEAD_ALONG = '0px 100%';
const AHEAD_DOWN_TO_RAIL = '25% 0px';
/** A list of cards down the page: a screen below the view. */
const AHEAD_DOWN = '100% 0px';

/**
 * How many of `total` cards to render: `step` at first, then `step` more each time the last one rendered comes
 * near the fan's view. In a rail (`row`): within a screen along the rail's track, while the rail itself is near
 * the page's view; in a list down the page (`column`): within a screen below the view. A page then makes the
 * cards a fan can reach with a swipe, an arrow, a scroll or a Tab, not the dozens a phone shows two of: the
 * cards out of view were a good part of a page's start on a phone (React's render, layout, their pictures' paint).
 * Attach `last` to the last rendered item (inside the rail's scrolling track). Without IntersectionObserver (every
 * browser the app supports has it; jsdom has not) all cards come at once.
 */
export function useCardsInReach<T extends HTMLElement>(
  total: number,
  step: number,
  along: 'row' | 'column' = 'row',
): { shown: number; last: RefObject<T | null> } {
  const hasObserver = typeof IntersectionObserver !== 'undefined';
  const [reached, setReached] = useState(step);
  const last = useRef<T>(null);
  // An emptied list (a listing's new filters, while their games load) starts again with one step: the new games
  // come as the fan nears them, not all the cards the old list had reached in one render.
  if (total === 0 && reached !== step) setReached(step);
  const shown = hasObserver ? Math.min(reached, total) : total;

  useEffect(() => {
    const item = last.current;
    const track = item?.parentElement;
    if (!hasObserver || shown >= total || !item || !track) return;
    // Each observer says whether its condition holds; the next cards come when all of them do.
    const near = along === 'row' ? [false, false] : [false];
    const watch = (target: Element, index: number, options: IntersectionObserverInit) => {
      const observer = new IntersectionObserver((entries) => {
        near[index] = entries.some((e) => e.isIntersecting);
        if (near.every(Boolean)) startTransition(() => setReached((n) => Math.max(n, shown + step)));
      }, options);
      observer.observe(target);
      return observer;
    };
    const observers =
      along === 'row'
        ? [
            watch(track, 0, { rootMargin: AHEAD_DOWN_TO_RAIL }),
            watch(item, 1, { root: track, rootMargin: AHEAD_ALONG }),
          ]
        : [watch(item, 0, { rootMargin: AHEAD_DOWN })];
    return () => {
      for (const observer of observers) observer.disconnect();
    };
  }, [hasObserver, shown, total, step, along]);

  return { shown, last };
}
