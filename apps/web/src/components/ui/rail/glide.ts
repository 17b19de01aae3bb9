/** Eases out fast: most of the way in the first second, then a long gentle landing. */
export const easeOutQuint = (t: number) => 1 - (1 - t) ** 5;

export type GlideOptions = {
  durationMs: number;
  /** Frame scheduling and clock, replaceable in tests. */
  frame?: (callback: (now: number) => void) => number;
  cancelFrame?: (id: number) => void;
  now?: () => number;
};

/**
 * Scrolls `el` sideways to `target` over `durationMs` (the on-demand rail's 5000 ms, spec section 9), easing out.
 * Returns a function that stops it where it is; the fan's own scrolling (wheel, touch, pointer) stops it too.
 */
export function glide(el: HTMLElement, target: number, options: GlideOptions): () => void {
  const frame = options.frame ?? ((cb) => requestAnimationFrame(cb));
  const cancelFrame = options.cancelFrame ?? ((id) => cancelAnimationFrame(id));
  const now = options.now ?? (() => performance.now());
  const start = el.scrollLeft;
  const max = Math.max(0, el.scrollWidth - el.clientWidth);
  const end = Math.min(Math.max(0, target), max);
  const began = now();
  let id = 0;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    cancelFrame(id);
    delete el.dataset.gliding;
    for (const type of ['wheel', 'touchstart', 'pointerdown'] as const) el.removeEventListener(type, stop);
  };
  // Scroll snapping would pull the rail back to a card edge on every frame: it rests while the rail glides.
  el.dataset.gliding = 'true';
  for (const type of ['wheel', 'touchstart', 'pointerdown'] as const)
    el.addEventListener(type, stop, { passive: true });

  const step = (time: number) => {
    if (stopped) return;
    const progress = options.durationMs <= 0 ? 1 : Math.min(1, (time - began) / options.durationMs);
    el.scrollLeft = start + (end - start) * easeOutQuint(progress);
    if (progress < 1) id = frame(step);
    else stop();
  };
  id = frame(step);
  return stop;
}
