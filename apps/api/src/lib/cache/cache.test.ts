import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/support/clock';
import { createCache } from './cache';

describe('cache', () => {
  it('shares one load between concurrent misses and reuses it until it expires', async () => {
    let loads = 0;
    const cache = createCache({ ttlMs: 50 });
    const load = async () => {
      loads++;
      await Promise.resolve();
      return loads;
    };
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get('k', load)).toBe(1);
    const clock = movableClock();
    try {
      clock.advance(60);
      expect(await cache.get('k', load)).toBe(2);
    } finally {
      clock.restore();
    }
  });

  it('forgets failed loads and invalidated prefixes', async () => {
    const cache = createCache({ ttlMs: 10_000 });
    await expect(cache.get('x', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
    await cache.get('ch:1:menu', async () => 'old');
    await cache.get('ch:2:menu', async () => 'other');
    cache.invalidate('ch:1:');
    expect(await cache.get('ch:1:menu', async () => 'new')).toBe('new');
    expect(await cache.get('ch:2:menu', async () => 'changed')).toBe('other');
  });
});
