import { describe, expect, it } from 'vitest';
import { createViewingClock } from './viewing-clock';

describe('viewing clock', () => {
  it('hands out a 30 s beat for every 30 s watched', () => {
    const clock = createViewingClock();
    clock.start(0);
    expect(clock.tick(29_000)).toEqual([]);
    expect(clock.tick(30_000)).toEqual([30]);
    expect(clock.tick(95_000)).toEqual([30, 30]);
  });

  it('does not count paused or stalled time', () => {
    const clock = createViewingClock();
    clock.start(0);
    expect(clock.stop(20_000)).toEqual([]);
    expect(clock.tick(500_000)).toEqual([]);
    clock.start(600_000);
    expect(clock.tick(609_999)).toEqual([]);
    expect(clock.tick(610_000)).toEqual([30]);
  });

  it('reports the rest when the viewing ends, and nothing twice', () => {
    const clock = createViewingClock();
    clock.start(0);
    expect(clock.tick(60_000)).toEqual([30, 30]);
    expect(clock.flush(70_400)).toEqual([10]);
    expect(clock.flush(90_000)).toEqual([]);
    expect(clock.running).toBe(false);
  });

  it('ignores a second start while running', () => {
    const clock = createViewingClock();
    clock.start(0);
    clock.start(20_000);
    expect(clock.tick(30_000)).toEqual([30]);
  });
});
