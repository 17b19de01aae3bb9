import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from './login-throttle';

const MINUTE = 60_000;

describe('login throttle', () => {
  const owner = { account: '1:ana@example.org', address: '198.51.100.2' };
  const stranger = { account: '1:ana@example.org', address: '203.0.113.7' };

  it('refuses a pair past its limit, only slows the account elsewhere, and forgets after the window', () => {
    const throttle = createLoginThrottle({ maxFailures: 3, windowMs: 15 * MINUTE });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) throttle.fail(stranger, t0 + i);
    expect(throttle.check(stranger, t0 + 10)).toEqual({ blocked: true, delayMs: 0 });
    expect(throttle.check(owner, t0 + 10)).toEqual({ blocked: false, delayMs: 200 });
    throttle.fail({ ...owner, address: '203.0.113.8' }, t0 + 20);
    throttle.fail({ ...owner, address: '203.0.113.9' }, t0 + 30);
    expect(throttle.check(owner, t0 + 40).delayMs).toBe(800);
    for (let i = 0; i < 10; i++) throttle.fail({ ...owner, address: `192.0.2.${i}` }, t0 + 50);
    expect(throttle.check(owner, t0 + 60)).toEqual({ blocked: false, delayMs: 3_000 });
    expect(throttle.check(stranger, t0 + 15 * MINUTE + 100)).toEqual({ blocked: false, delayMs: 0 });
  });

  it('refuses an address past four times the limit, whatever accounts it tries', () => {
    const throttle = createLoginThrottle({ maxFailures: 3, windowMs: 15 * MINUTE });
    for (let i = 0; i < 11; i++) throttle.fail({ account: `1:n${i}@example.org`, address: '203.0.113.7' });
    expect(throttle.check({ account: '1:new@example.org', address: '203.0.113.7' }).blocked).toBe(false);
    throttle.fail({ account: '1:n11@example.org', address: '203.0.113.7' });
    expect(throttle.check({ account: '1:new@example.org', address: '203.0.113.7' }).blocked).toBe(true);
    expect(throttle.check({ account: '1:new@example.org', address: '198.51.100.2' }).blocked).toBe(false);
  });

  it("clears the pair on success, but neither the address's count nor the account's slowdown", () => {
    const throttle = createLoginThrottle({ maxFailures: 2, windowMs: 15 * MINUTE });
    throttle.fail(owner);
    throttle.fail(stranger);
    throttle.fail(stranger);
    throttle.succeed(stranger);
    expect(throttle.check(stranger)).toEqual({ blocked: false, delayMs: 400 });
    for (let i = 0; i < 6; i++) throttle.fail({ account: `1:n${i}@example.org`, address: stranger.address });
    throttle.succeed(stranger);
    expect(throttle.check(stranger).blocked).toBe(true);
  });
});
