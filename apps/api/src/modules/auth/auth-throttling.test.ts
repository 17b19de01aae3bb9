import { describe, expect, it } from 'vitest';
import { newFan } from '../../../test/support/fans';
import { caller, createTestApp, guestKey } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';

describe('auth calls are rate limited per address', () => {
  it('answers 429 after the limit', async () => {
    const [kind] = dbKinds();
    const t = await createTestApp(kind ?? 'pglite', { AUTH_RATE_LIMIT_MAX: '2' });
    try {
      const call = caller(t.app);
      const key = await guestKey(t.app);
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (
            await call({
              method: 'POST',
              url: '/api/v2/auth/login',
              key,
              body: { email: 'x@example.org', password: 'y' },
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('a failed login takes the same time whether the e-mail has an account or not', () => {
  it('checks a dummy hash of the same cost for an unknown e-mail', async () => {
    const [kind] = dbKinds();
    // A production-like cost, so that skipping the hash would show; no throttle in the way.
    const t = await createTestApp(kind ?? 'pglite', {
      PASSWORD_HASH_COST: '14',
      LOGIN_MAX_FAILURES: '1000',
      AUTH_RATE_LIMIT_MAX: '1000',
      API_KEY_RATE_LIMIT_MAX: '1000',
    });
    try {
      const call = caller(t.app);
      const registered = await call({
        method: 'POST',
        url: '/api/v2/auth/register',
        key: await guestKey(t.app),
        body: newFan('timed@example.org'),
      });
      expect(registered.statusCode).toBe(201);
      const timedLogin = async (email: string) => {
        const key = await guestKey(t.app);
        const started = performance.now();
        const res = await call({
          method: 'POST',
          url: '/api/v2/auth/login',
          key,
          body: { email, password: 'not the password 1' },
        });
        const ms = performance.now() - started;
        expect(res.statusCode).toBe(401);
        return ms;
      };
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      await timedLogin('timed@example.org');
      await timedLogin('warm-up@example.org');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        known.push(await timedLogin('timed@example.org'));
        unknown.push(await timedLogin(`nobody-${i}@example.org`));
      }
      // A generous bound on a shared machine: without the dummy check the unknown e-mail answers several times faster.
      expect(median(unknown) / median(known)).toBeGreaterThanOrEqual(0.5);
    } finally {
      await t.close();
    }
  });
});
