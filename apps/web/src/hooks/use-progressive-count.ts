import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to show: `step` at first, then `step` more in each following task until all are
 * shown. A long list's first commit is then only what the first screen needs, and the rest comes in small tasks
 * the browser can answer a tap between (24 cards at once were one 100 ms task on this machine, 400 ms on a phone).
 */
export function useProgressiveCount(total: number, step: number): number {
  const [shown, setShown] = useState(step);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + step)));
    return () => clearTimeout(timer);
  }, [shown, total, step]);
  return Math.min(shown, total);
}
