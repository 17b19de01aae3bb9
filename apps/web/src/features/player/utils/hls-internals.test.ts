import Hls from 'hls.js/light';
import { afterEach, describe, expect, it } from 'vitest';
import { dropRemuxer, remuxerIsIdle } from './hls-internals';

/**
 * The private members hls-internals.ts relies on, read on a real hls.js instance: an upgrade that moves them makes
 * this fail, where the player would otherwise keep remuxing on the page's thread for as long as a game plays.
 */
describe('hls.js internals the player relies on', () => {
  let hls: Hls | null = null;
  afterEach(() => {
    hls?.destroy();
    hls = null;
  });

  it('has a stream controller with a named state and a remuxer slot', () => {
    hls = new Hls();
    const controller = (hls as unknown as Record<string, unknown>).streamController as Record<string, unknown>;
    expect(controller).toBeTypeOf('object');
    // hls.js's State values are strings; 'STOPPED' until a source is loaded.
    expect(controller.state).toBe('STOPPED');
    expect('transmuxer' in controller).toBe(true);
    expect(controller.transmuxer).toBeNull();
  });

  it('reads a stopped stream as not between segments', () => {
    hls = new Hls();
    expect(remuxerIsIdle(hls)).toBe(false);
  });

  it('drops the remuxer so the next segment makes a new one', () => {
    hls = new Hls();
    const controller = (hls as unknown as { streamController: { transmuxer: unknown } }).streamController;
    let destroyed = 0;
    controller.transmuxer = { destroy: () => destroyed++ };
    expect(dropRemuxer(hls)).toBe(true);
    expect(destroyed).toBe(1);
    expect(controller.transmuxer).toBeNull();
  });
});
