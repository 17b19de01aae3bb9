import { useCallback, useEffect, useRef, useState } from 'react';
import { glide } from './glide';

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * A horizontally scrolling rail: whether it can go back or forward, and a `scroll` for its arrow buttons that
 * moves by the cards fully in view. `durationMs` makes the move a timed glide (the on-demand rail); without it
 * the browser's own smooth scrolling is used.
 */
export function useRail<T extends HTMLElement>(durationMs?: number) {
  const ref = useRef<T>(null);
  const stopGlide = useRef<(() => void) | null>(null);
  /** Where a glide still under way is heading: a second press goes on from there, not from mid-way. */
  const heading = useRef<number | null>(null);
  const [edges, setEdges] = useState({ back: false, forward: false });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    setEdges({ back: el.scrollLeft > 2, forward: el.scrollLeft < max - 2 });
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
      stopGlide.current?.();
    };
  }, [measure]);

  const scroll = (direction: 1 | -1) => {
    const el = ref.current;
    if (!el) return;
    const item = el.firstElementChild as HTMLElement | null;
    const gap = Number.parseFloat(getComputedStyle(el).columnGap) || 0;
    const step = item ? item.offsetWidth + gap : el.clientWidth;
    // Whole cards only, so the rail stops on a card's edge, as snapping would.
    const distance = Math.max(1, Math.floor((el.clientWidth + gap) / step)) * step;
    const from = el.dataset.gliding && heading.current !== null ? heading.current : el.scrollLeft;
    const target = Math.min(Math.max(0, from + direction * distance), el.scrollWidth - el.clientWidth);
    stopGlide.current?.();
    if (reducedMotion()) el.scrollLeft = target;
    else if (durationMs) {
      heading.current = target;
      stopGlide.current = glide(el, target, { durationMs });
    } else el.scrollBy({ left: direction * distance, behavior: 'smooth' });
  };

  return { ref, edges, scroll, refresh: measure };
}
