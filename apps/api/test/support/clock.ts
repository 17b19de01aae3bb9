import { vi } from 'vitest';

/**
 * The wall clock, moved by a test instead of waited for: `Date` runs on as usual and jumps ahead on `advance`.
 * Timers and I/O stay real, so a server, a database and child processes work as they do in production. Take it for
 * as long as the app under test lives (a file's beforeAll to afterAll): restored, the clock goes back, and what the
 * app remembered "until" a moved time would outlive it.
 */
export function movableClock() {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: Date.now() });
  return {
    advance(ms: number) {
      vi.setSystemTime(Date.now() + ms);
    },
    restore() {
      vi.useRealTimers();
    },
  };
}
