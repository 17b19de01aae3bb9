import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/support/clock';
import { createLiveController } from './live-controller';
import type { LiveEncoder } from './live-simulator';

/** An encoder that only records whether it runs: the controller's choices are what is tested. */
function fakeEncoder(key: string) {
  let running = false;
  return {
    key,
    isRunning: () => running,
    ensureRunning: async () => {
      running = true;
    },
    hasPlaylists: async () => running,
    stop: async () => {
      running = false;
    },
  } satisfies LiveEncoder;
}

const game = { away: 'A', home: 'H', caption: 'Live', seed: 1 };
const log = { info: () => undefined, error: () => undefined };

describe('live controller', () => {
  it('runs at most the cap of encoders, stopping the least recently asked-for first', async () => {
    const made = new Map<string, LiveEncoder>();
    const live = createLiveController({
      createEncoder: (key) => {
        const encoder = fakeEncoder(key);
        made.set(key, encoder);
        return encoder;
      },
      maxEncoders: 2,
      log,
    });
    const clock = movableClock();
    try {
      live.demand('live/e1', game);
      clock.advance(5);
      live.demand('live/e2', game);
      clock.advance(5);
      live.demand('live/e1', game); // e1 asked for again: e2 is now the oldest
      live.demand('live/e3', game);
      // The stopped encoder's stop runs after the demand returns.
      await Promise.resolve();
    } finally {
      clock.restore();
    }
    expect(live.running().sort()).toEqual(['live/e1', 'live/e3']);
    expect(made.get('live/e2')?.isRunning()).toBe(false);
    expect(made.get('live/e1')?.isRunning()).toBe(true);
    await live.stop();
    expect([...made.values()].some((e) => e.isRunning())).toBe(false);
  });

  it('stops a feed nobody asked for or watched within the grace time', async () => {
    const live = createLiveController({ createEncoder: fakeEncoder, maxEncoders: 3, log, graceMs: 1_000 });
    const asked = Date.now();
    const watched = live.demand('live/e1', game);
    live.demand('live/e2', game);
    expect(await live.waitForPlaylists(watched as LiveEncoder, 1_000)).toBe(true);
    const clock = movableClock();
    clock.advance(200);
    live.touch('live/e1'); // a viewer fetched its playlist
    live.touch('live/e9'); // a fetch never starts a feed
    await live.check(asked + 1_100);
    expect(live.running()).toEqual(['live/e1']);
    await live.check(Date.now() + 2_000);
    clock.restore();
    expect(live.running()).toEqual([]);
    await live.stop();
    expect(live.demand('live/e1', game)).toBeNull();
  });

  it("stops a finished game's feed at the next check, whoever still watches it; the test feed stays", async () => {
    const live = createLiveController({ createEncoder: fakeEncoder, maxEncoders: 3, log });
    live.demand('live/e1', game);
    live.demand('live/e2', game);
    live.demand('live/simulate', game);
    await live.check(Date.now(), new Set(['live/e2']));
    expect(live.running().sort()).toEqual(['live/e2', 'live/simulate']);
    await live.stop();
  });
});
