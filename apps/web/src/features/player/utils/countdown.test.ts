import { describe, expect, it } from 'vitest';
import { countdownParts, nextStartCheckMs, pad2 } from './countdown';

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const start = Date.UTC(2026, 10, 22, 18, 0, 0);
    const now = start - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000;
    expect(countdownParts(start, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('rounds a part second up, so it reaches zero at the start and not before', () => {
    expect(countdownParts(10_000, 9_001)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(10_000, 10_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('shows zeros once the start has passed', () => {
    expect(countdownParts(10_000, 99_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('pads clock units to two digits', () => {
    expect(pad2(4)).toBe('04');
    expect(pad2(42)).toBe('42');
  });

  it('asks every 10 s near the start, and sleeps until then when far', () => {
    expect(nextStartCheckMs(60_000, 0)).toBe(10_000);
    expect(nextStartCheckMs(0, 30_000)).toBe(10_000);
    // An encoder may put the game on air within the hour before kick-off: asked every 30 s then.
    expect(nextStartCheckMs(3_600_000, 0)).toBe(30_000);
    expect(nextStartCheckMs(10 * 60_000, 0)).toBe(30_000);
    expect(nextStartCheckMs(3 * 3_600_000, 0)).toBe(2 * 3_600_000);
    expect(nextStartCheckMs(90 * 86_400_000, 0)).toBe(86_400_000);
  });
});
