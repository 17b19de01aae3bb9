import { useEffect, useRef } from 'react';

/**
 * Calls `onNear` when the returned element comes within `margin` of the viewport (infinite scroll's sentinel).
 * Without IntersectionObserver nothing happens: the "more" button is still there.
 */
export function useNearView<T extends Element>(onNear: () => void, enabled: boolean, margin = '600px') {
  const ref = useRef<T>(null);
  const callback = useRef(onNear);
  callback.current = onNear;
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, margin]);
  return ref;
}
