import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createLoginThrottle as createThrottle,
  type FailureStore,
  memoryFailures,
  redisFailures,
} from './login-throttle';

const MINUTE = 60_000;

const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });
afterAll(() => redis.disconnect());
/** Each test its own keys in the shared Redis. */
const redisStore = () => redisFailures(redis, `throttle-test-${randomBytes(4).toString('hex')}`);

describe.each([
  ['memory', () => memoryFailures],
  ['Redis', redisStore],
] as [string, () => FailureStore][])('login throttle in %s', (_name, storeOf) => {
  const createLoginThrottle = (options: Parameters<typeof createThrottle>[0]) =>
    createThrottle({ ...options, store: storeOf() });

  const owner = { account: '1:ana@example.org', address: '198.51.100.2' };
  const stranger = { account: '1:ana@example.org', address: '203.0.113.7' };

  it('refuses a pair past its limit, only slows the account elsewhere, and forgets after the window', async () => {
    const throttle = createLoginThrottle({ maxFailures: 3, windowMs: 15 * MINUTE });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) await throttle.fail(stranger, t0 + i);
    expect(await throttle.check(stranger, t0 + 10)).toEqual({ blocked: true, delayMs: 0 });
    expect(await throttle.check(owner, t0 + 10)).toEqual({ blocked: false, delayMs: 200 });
    await throttle.fail({ ...owner, address: '203.0.113.8' }, t0 + 20);
    await throttle.fail({ ...owner, address: '203.0.113.9' }, t0 + 30);
    expect((await throttle.check(owner, t0 + 40)).delayMs).toBe(800);
    for (let i = 0; i < 10; i++) await throttle.fail({ ...owner, address: `192.0.2.${i}` }, t0 + 50);
    expect(await throttle.check(owner, t0 + 60)).toEqual({ blocked: false, delayMs: 3_000 });
    expect(await throttle.check(stranger, t0 + 15 * MINUTE + 100)).toEqual({ blocked: false, delayMs: 0 });
  });

  it('refuses an address past four times the limit, whatever accounts it tries', async () => {
    const throttle = createLoginThrottle({ maxFailures: 3, windowMs: 15 * MINUTE });
    for (let i = 0; i < 11; i++) await throttle.fail({ account: `1:n${i}@example.org`, address: '203.0.113.7' });
    expect((await throttle.check({ account: '1:new@example.org', address: '203.0.113.7' })).blocked).toBe(false);
    await throttle.fail({ account: '1:n11@example.org', address: '203.0.113.7' });
    expect((await throttle.check({ account: '1:new@example.org', address: '203.0.113.7' })).blocked).toBe(true);
    expect((await throttle.check({ account: '1:new@example.org', address: '198.51.100.2' })).blocked).toBe(false);
  });

  it("clears the pair on success, but neither the address's count nor the account's slowdown", async () => {
    const throttle = createLoginThrottle({ maxFailures: 2, windowMs: 15 * MINUTE });
    await throttle.fail(owner);
    await throttle.fail(stranger);
    await throttle.fail(stranger);
    await throttle.succeed(stranger);
    expect(await throttle.check(stranger)).toEqual({ blocked: false, delayMs: 400 });
    for (let i = 0; i < 6; i++) await throttle.fail({ account: `1:n${i}@example.org`, address: stranger.address });
    await throttle.succeed(stranger);
    expect((await throttle.check(stranger)).blocked).toBe(true);
  });
});

describe('login throttle shared through Redis', () => {
  it('counts the failures of two API processes together', async () => {
    const store = redisStore();
    const a = createThrottle({ maxFailures: 3, windowMs: 15 * MINUTE, store });
    const b = createThrottle({ maxFailures: 3, windowMs: 15 * MINUTE, store });
    const attempt = { account: '1:ana@example.org', address: '203.0.113.7' };
    await a.fail(attempt);
    await b.fail(attempt);
    expect((await a.check(attempt)).blocked).toBe(false);
    await a.fail(attempt);
    expect((await b.check(attempt)).blocked).toBe(true);
    // Without the shared store the other process would not know.
    expect((await createThrottle({ maxFailures: 3, windowMs: 15 * MINUTE }).check(attempt)).blocked).toBe(false);
  });
});
