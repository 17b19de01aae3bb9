import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@sideline/contract/errors';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type App, buildApp } from '../../src/app';
import type { Services } from '../../src/composition/services';
import { type Database, openDatabase } from '../../src/db/client';
import { caller, guestKey, type Inject, testConfig } from '../support/test-app';

/** `chattr +i` makes files immutable even for root; it needs root and a file system that has the flag. */
function chattrWorks(): boolean {
  const probe = path.join(tmpdir(), `sideline-chattr-${process.pid}`);
  try {
    execFileSync('sh', ['-c', `touch ${probe} && chattr +i ${probe} && chattr -i ${probe} && rm ${probe}`]);
    return true;
  } catch {
    return false;
  }
}
const immutable = (dir: string, on: boolean) => execFileSync('chattr', ['-R', on ? '+i' : '-i', dir]);

describe.runIf(chattrWorks())('a data folder that stops taking writes (PGlite, chattr +i)', () => {
  let dataDir: string;
  let pgliteDir: string;
  let database: Database;
  let app: App;
  let services: Services;
  let call: Inject;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-storage-'));
    pgliteDir = path.join(dataDir, 'pglite');
    const tar = await readFile(inject('pgliteTemplate'));
    database = await openDatabase({ kind: 'pglite', dir: pgliteDir, loadDataDir: new Blob([tar]) });
    const config = testConfig(dataDir, { AUTH_RATE_LIMIT_MAX: '1000' });
    ({ app, services } = await buildApp({ config, database, logger: false }));
    await app.ready();
    call = caller(app);
  });
  afterAll(async () => {
    immutable(pgliteDir, false);
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const register = async (email: string, key: string) =>
    call({
      method: 'POST',
      url: '/api/v2/auth/register',
      key,
      body: {
        first_name: 'Di',
        last_name: 'Sk',
        email,
        password: 'correct horse 1',
        password_confirmation: 'correct horse 1',
        terms_accepted: true,
      },
    });

  it('answers 503 fast while writes fail, says so on readiness, and recovers', { timeout: 90_000 }, async () => {
    const key = await guestKey(app);
    expect((await register('before@example.org', key)).statusCode).toBe(201);
    await services.jobs.drain();

    immutable(pgliteDir, true);
    try {
      const failed = await register('during@example.org', key);
      expect(failed.statusCode).toBe(503);
      expect(errorBodySchema.parse(failed.json()).error).toMatchObject({ status: 503, code: 'service_unavailable' });

      // Everything after answers at once instead of hanging: readiness says so, liveness stays up.
      const started = Date.now();
      expect((await call({ url: '/readyz' })).statusCode).toBe(503);
      expect((await call({ url: '/healthz' })).statusCode).toBe(200);
      const read = await call({ url: '/api/events', key });
      expect(read.statusCode).toBe(503);
      expect(errorBodySchema.parse(read.json()).error.code).toBe('service_unavailable');
      expect((await register('during2@example.org', key)).statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      immutable(pgliteDir, false);
    }

    await vi.waitFor(async () => expect((await call({ url: '/readyz' })).statusCode).toBe(200), {
      timeout: 60_000,
      interval: 200,
    });
    expect((await register('after@example.org', await guestKey(app))).statusCode).toBe(201);
    const login = await call({
      method: 'POST',
      url: '/api/v2/auth/login',
      key: await guestKey(app),
      body: { email: 'before@example.org', password: 'correct horse 1' },
    });
    // The account written before the fault is still there (unverified: 403, not 401).
    expect(login.statusCode).toBe(403);
  });
});

describe('a PostgreSQL server that cannot be reached', () => {
  let dataDir: string;
  let database: Database;
  let app: App;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-pgdown-'));
    // Port 9 (discard) has no PostgreSQL: every connection is refused, like a server that went down.
    const url = 'postgres://postgres@127.0.0.1:9/sideline';
    database = await openDatabase({ kind: 'postgres', url });
    const config = testConfig(dataDir, { DATABASE_URL: url });
    ({ app } = await buildApp({ config, database, logger: false }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with the common error body, and readiness says so', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: 'any' } });
    expect(res.statusCode).toBe(503);
    expect(errorBodySchema.parse(res.json()).error).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
