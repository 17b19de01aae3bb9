import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, guestKey, type TestApp } from '../support/test-app';

/**
 * Rate limits with REDIS_URL: two API processes behind one balancer count one visitor's calls together, so a
 * visitor cannot double their allowance by landing on the other process.
 */
describe('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let alone: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_MAX: '3',
      JOBS_PREFIX: `rl-test-${randomBytes(4).toString('hex')}`,
    };
    [a, b, alone] = await Promise.all([
      createTestApp('pglite', env),
      createTestApp('pglite', env),
      createTestApp('pglite', { RATE_LIMIT_MAX: '3' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), alone?.close()]);
  });

  const menu = (t: TestApp, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/api/menu', headers: { host: 'localhost' }, remoteAddress });

  it("refuses the visitor's fourth call on the other process, with the 429 body", async () => {
    const visitor = '203.0.113.7';
    for (let i = 0; i < 3; i++) expect((await menu(i % 2 ? b : a, visitor)).statusCode).toBe(200);
    const fourth = await menu(b, visitor);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('rate_limited');
    // Another visitor is not held back by the first.
    expect((await menu(a, '203.0.113.8')).statusCode).toBe(200);
  });

  it('without Redis each process counts alone (what the shared store fixes)', async () => {
    const visitor = '203.0.113.9';
    for (let i = 0; i < 3; i++) expect((await menu(alone, visitor)).statusCode).toBe(200);
    expect((await menu(alone, visitor)).statusCode).toBe(429);
  });
});

describe('failed logins counted by every process through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOGIN_MAX_FAILURES: '2',
      AUTH_RATE_LIMIT_MAX: '1000',
      JOBS_PREFIX: `throttle-test-${randomBytes(4).toString('hex')}`,
    };
    [a, b] = await Promise.all([createTestApp('pglite', env), createTestApp('pglite', env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  const login = async (t: TestApp) => {
    const key = await guestKey(t.app);
    return caller(t.app)({
      method: 'POST',
      url: '/api/v2/auth/login',
      key,
      body: { email: 'fan@heartland.example', password: 'not-the-password' },
      remoteAddress: '203.0.113.50',
    });
  };

  it('refuses the third wrong password on the other process', async () => {
    expect((await login(a)).statusCode).toBe(401);
    expect((await login(b)).statusCode).toBe(401);
    const third = await login(a);
    expect(third.statusCode).toBe(429);
    expect((await login(b)).statusCode).toBe(429);
  });
});
