import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { createCache, redisCacheBus } from '../../src/lib/cache';
import { caller, guestKey, testConfig } from '../support/test-app';
import { dbKinds, openTestDatabase } from '../support/test-database';

const REDIS_URL = 'redis://127.0.0.1:6379';
const quiet = { warn: () => {} };

/** Two API processes on one database, as behind the cluster's balancer: each with its own memory. */
async function twoProcesses(database: Database, env: Record<string, string>) {
  const dirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(tmpdir(), 'sideline-bus-'))));
  const apps = await Promise.all(
    dirs.map(async (dir) => (await buildApp({ config: testConfig(dir, env), database, logger: false })).app),
  );
  await Promise.all(apps.map((app) => app.ready()));
  return {
    apps: apps as [App, App],
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

describe('the cache bus carries invalidations between processes through Redis', () => {
  it("drops the other process's entries under the prefix, and only in the cache of that name", async () => {
    const channel = `bus-test-${randomBytes(4).toString('hex')}`;
    const open = () => redisCacheBus({ redisUrl: REDIS_URL, channel, log: quiet });
    const [busA, busB] = await Promise.all([open(), open()]);
    try {
      const a = createCache({ ttlMs: 60_000, bus: busA, topic: 'viewers' });
      const b = createCache({ ttlMs: 60_000, bus: busB, topic: 'viewers' });
      const otherTopic = createCache({ ttlMs: 60_000, bus: busB, topic: 'events' });
      let loads = 0;
      const load = async () => ++loads;
      await b.get('viewer:1', load);
      await b.get('viewer:2', load);
      await otherTopic.get('viewer:1', load);
      expect(loads).toBe(3);

      a.invalidate('viewer:1');
      await expect.poll(() => b.get('viewer:1', load), { timeout: 1000 }).toBeGreaterThan(3);
      // Untouched: another key, and the same key in a cache of another name.
      expect(await b.get('viewer:2', load)).toBe(2);
      expect(await otherTopic.get('viewer:1', load)).toBe(3);
    } finally {
      await Promise.all([busA.close(), busB.close()]);
    }
  });
});

describe.each(dbKinds())('a sign-out on one process holds on every process (%s)', (kind) => {
  let database: Database;
  let shared: Awaited<ReturnType<typeof twoProcesses>>;
  let alone: Awaited<ReturnType<typeof twoProcesses>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const prefix = `bus-${randomBytes(4).toString('hex')}`;
    shared = await twoProcesses(database, { REDIS_URL, JOBS_PREFIX: prefix });
    alone = await twoProcesses(database, {});
  }, 60_000);
  afterAll(async () => {
    await shared?.close();
    await alone?.close();
    await database?.close();
  });

  const signIn = async (app: App) => {
    const res = await caller(app)({
      method: 'POST',
      url: '/api/v2/auth/login',
      key: await guestKey(app),
      body: { email: 'fan@heartland.example', password: 'Sideline-demo-1' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.api_key as string;
  };
  const profileStatus = async (app: App, key: string) => (await caller(app)({ url: '/api/profile', key })).statusCode;

  it('refuses the signed-out key on the other process at once', async () => {
    const [a, b] = shared.apps;
    const key = await signIn(a);
    // The other process has verified the key and remembers it.
    expect(await profileStatus(b, key)).toBe(200);
    expect((await caller(a)({ method: 'POST', url: '/api/auth/logout', key })).statusCode).toBe(200);
    await expect.poll(() => profileStatus(b, key), { timeout: 1000 }).toBe(401);
  });

  it('signs the other devices out on every process after a password change', async () => {
    const [a, b] = shared.apps;
    const kept = await signIn(a);
    const other = await signIn(a);
    expect(await profileStatus(b, other)).toBe(200);
    const changed = await caller(a)({
      method: 'POST',
      url: '/api/profile',
      key: kept,
      body: {
        _method: 'patch',
        current_password: 'Sideline-demo-1',
        password: 'Sideline-demo-2',
        password_confirmation: 'Sideline-demo-2',
      },
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(() => profileStatus(b, other), { timeout: 1000 }).toBe(401);
    // Put back for the next test.
    const after = changed.json().data.api_key as string;
    const back = await caller(a)({
      method: 'POST',
      url: '/api/profile',
      key: after,
      body: {
        _method: 'patch',
        current_password: 'Sideline-demo-2',
        password: 'Sideline-demo-1',
        password_confirmation: 'Sideline-demo-1',
      },
    });
    expect(back.statusCode).toBe(200);
  });

  it('without the bus the other process keeps the key for its cache lifetime (what the bus fixes)', async () => {
    const [a, b] = alone.apps;
    const key = await signIn(a);
    expect(await profileStatus(b, key)).toBe(200);
    expect((await caller(a)({ method: 'POST', url: '/api/auth/logout', key })).statusCode).toBe(200);
    expect(await profileStatus(b, key)).toBe(200);
    expect(await profileStatus(a, key)).toBe(401);
  });
});
