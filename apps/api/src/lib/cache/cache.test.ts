import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/support/clock';
import { createCache } from './index';

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

  it('drops an entry by one of its tags, and a load still running whatever the prefix', async () => {
    const cache = createCache({ ttlMs: 10_000 });
    const tagsOf = (row: { user: number }) => [`user:${row.user}:`];
    let loads = 0;
    const load = (user: number) => async () => ({ user, load: ++loads });
    await cache.get('token:a', load(7), tagsOf);
    await cache.get('token:b', load(8), tagsOf);
    cache.invalidate('user:7:');
    expect(await cache.get('token:a', load(7), tagsOf)).toEqual({ user: 7, load: 3 });
    expect(await cache.get('token:b', load(8), tagsOf)).toEqual({ user: 8, load: 2 });

    // What a running load returns is not known yet: it may be what changed, so the next caller loads again.
    let finish: (row: { user: number }) => void = () => {};
    const running = cache.get('token:c', () => new Promise<{ user: number }>((resolve) => (finish = resolve)), tagsOf);
    cache.invalidate('user:9:');
    const fresh = cache.get('token:c', async () => ({ user: 9, fresh: true }), tagsOf);
    finish({ user: 9 });
    expect(await running).toEqual({ user: 9 });
    expect(await fresh).toEqual({ user: 9, fresh: true });
    expect(await cache.get('token:c', async () => ({ user: 9, third: true }), tagsOf)).toEqual({
      user: 9,
      fresh: true,
    });
  });

  it('keeps nothing with a lifetime of 0', async () => {
    const cache = createCache({ ttlMs: 0 });
    let loads = 0;
    await cache.get('k', async () => ++loads);
    expect(await cache.get('k', async () => ++loads)).toBe(2);
  });
});
