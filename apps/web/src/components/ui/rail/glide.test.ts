import { VOD_RAIL_SCROLL_MS } from '@sideline/contract/constants';
import { describe, expect, it } from 'vitest';
import { easeOutQuint, glide } from './glide';

/** A rail 1000 px wide over 4000 px of cards, and a hand-cranked clock and frame loop. */
function rail() {
  const el = document.createElement('div');
  Object.defineProperty(el, 'scrollWidth', { value: 4000 });
  Object.defineProperty(el, 'clientWidth', { value: 1000 });
  let now = 0;
  let pending: ((time: number) => void) | null = null;
  const options = {
    durationMs: VOD_RAIL_SCROLL_MS,
    now: () => now,
    frame: (cb: (time: number) => void) => {
      pending = cb;
      return 1;
    },
    cancelFrame: () => {
      pending = null;
    },
  };
  const advance = (ms: number) => {
    now += ms;
    const cb = pending;
    pending = null;
    cb?.(now);
  };
  return { el, options, advance, running: () => pending !== null };
}

describe('the on-demand rail glide', () => {
  it('takes the spec’s 5000 ms, covering most of the way early and landing exactly on the target', () => {
    const { el, options, advance, running } = rail();
    glide(el, 1200, options);
    expect(el.dataset.gliding).toBe('true');
    advance(1000);
    expect(el.scrollLeft).toBeCloseTo(1200 * easeOutQuint(0.2), 0);
    expect(el.scrollLeft).toBeGreaterThan(700);
    advance(3999);
    expect(running()).toBe(true);
    advance(1);
    expect(el.scrollLeft).toBe(1200);
    expect(running()).toBe(false);
    expect(el.dataset.gliding).toBeUndefined();
  });

  it('stays within the rail', () => {
    const { el, options, advance } = rail();
    glide(el, 9000, options);
    advance(VOD_RAIL_SCROLL_MS);
    expect(el.scrollLeft).toBe(3000);
  });

  it('stops where it is when the fan scrolls the rail themselves, or when told to', () => {
    const { el, options, advance, running } = rail();
    glide(el, 1200, options);
    advance(500);
    const at = el.scrollLeft;
    el.dispatchEvent(new Event('wheel'));
    expect(running()).toBe(false);
    advance(500);
    expect(el.scrollLeft).toBe(at);

    const stop = glide(el, 0, options);
    stop();
    expect(running()).toBe(false);
  });
});
