import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import type { Services } from '../../src/composition/services';
import type { Database } from '../../src/db/client';
import { loggerOptions } from '../../src/plugins/logger';
import { newFan } from '../support/fans';
import { guestKey, testConfig } from '../support/test-app';
import { openTestDatabase } from '../support/test-database';

type Line = { msg?: string; job?: string; reqId?: string };

/**
 * The request id nginx sets (or the client sends) is the id of every log line the request causes, including the
 * lines of the jobs it queued, when the job runs later, and through Redis on whichever process runs it.
 */
describe.each([
  ['the in-process queue', {}],
  ['BullMQ on Redis', { REDIS_URL: 'redis://127.0.0.1:6379' }],
])('a request id carried into its jobs (%s)', (_name, env: Record<string, string>) => {
  let app: App;
  let services: Services;
  let database: Database;
  let dataDir: string;
  const lines: Line[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-trace-'));
    const config = testConfig(dataDir, {
      ...env,
      LOG_LEVEL: 'info',
      JOBS_PREFIX: `trace-${randomBytes(4).toString('hex')}`,
    });
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    database = await openTestDatabase('pglite');
    ({ app, services } = await buildApp({
      config,
      database,
      logger: { ...(loggerOptions(config) as object), stream },
    }));
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("logs the sign-up's mail job under the sign-up's request id", async () => {
    const reqId = `trace-${randomBytes(6).toString('hex')}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/register',
      headers: { host: 'localhost', 'x-request-id': reqId },
      payload: { api_key: await guestKey(app), ...newFan(`trace-${reqId}@example.org`) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-request-id']).toBe(reqId);
    await services.jobs.drain();
    await expect
      .poll(() => lines.filter((l) => l.job === 'mail.send' && l.msg === 'job done').map((l) => l.reqId))
      .toContain(reqId);
  });

  it('does not give its id to work another request queued', async () => {
    const mine = lines.filter((l) => l.reqId?.startsWith('trace-')).map((l) => l.reqId);
    expect(new Set(mine).size).toBe(1);
  });
});
