import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@sideline/contract/errors';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { type Sample, startFanLoad } from '../support/fan-load';
import { type PrivatePostgres, startPrivatePostgres } from '../support/private-servers';
import { seedTestData } from '../support/seed-test-data';
import { freePort, type RunningServer, spawnServer, startServer, stopServer } from '../support/server-process';
import { API_ONLY_ENV, waitUntil } from '../support/system-suite';
import { HEARTLAND_KEY } from '../support/test-app';

/** Only the API and its database, no limits in the way of the load. */
const SERVER_ENV = {
  ...API_ONLY_ENV,
  RATE_LIMIT_MAX: '1000000',
  AUTH_RATE_LIMIT_MAX: '1000000',
  API_KEY_RATE_LIMIT_MAX: '1000000',
  // Every read goes to the database (a cached listing would hide the outage from the reads).
  EVENTS_CACHE_TTL_MS: '0',
};

/**
 * No call may wait on a database that is away longer than this. It answers 503 at once while the server refuses
 * connections (fast shutdown: slowest answer about 1.5 s here, under load). While a server restarts after a crash
 * it takes connections before it answers them, and a call may wait out a dial or two of the pool (3 s connect
 * timeout each; slowest seen 5.8 s). postgres.js's own reconnect back-off alone would hold calls 20 s.
 */
const MAX_ANSWER_MS = 8_000;
/**
 * Right after readiness a call may still fail: it waits on a pool connection that dialled while PostgreSQL was
 * starting, and PostgreSQL answers such a dial late with "starting up" or "not yet accepting connections" (seen up
 * to 1.6 s after it took the first queries, after a crash). Every dial ends within the connect timeout (3 s), but on a
 * machine whose cores are all taken (load average 19: browser tests and three test files at once) one write sent
 * just after 3 s still met such a connection. Two connect timeouts: from then on no call may fail.
 */
const SETTLE_MS = 6_000;

/**
 * The API on a PostgreSQL server of its own, which is stopped and started again while fans read and write. The API
 * process is never restarted: it must answer 503 with the common error body while the database is away, come back
 * by itself, and keep every write it acknowledged.
 */
describe('PostgreSQL stopped and started again under load', () => {
  let pg: PrivatePostgres | undefined;
  let server: RunningServer | undefined;
  let dataDir: string;
  let guestKey: string;
  let fanKey: string;
  let eventIds: number[];

  const post = async (route: string, body: object) => {
    const res = await fetch(`${server?.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
  };
  /** A refused call means the server died: say what it printed, not only "fetch failed". */
  const status = async (route: string) => {
    try {
      return (await fetch(`${server?.url}${route}`)).status;
    } catch (err) {
      throw new Error(`GET ${route} failed (${err}); server exit ${server?.child.exitCode}:\n${server?.output()}`);
    }
  };

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    // Migrated and seeded as the shared test template is (the server itself also migrates at start).
    const seeding = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 2 });
    await seeding.migrate();
    await seedTestData(seeding.db, new Date(inject('seedAnchor')));
    await seeding.close();

    dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-pg-restart-'));
    server = await startServer(dataDir, { ...SERVER_ENV, DATABASE_URL: pg.url });
    const newKey = async () =>
      (await post('/api/get_api_key', { channel_key: HEARTLAND_KEY })).json.data.api_key as string;
    // Signing in turns the guest key it is sent with into the fan's: the guests get a key of their own.
    guestKey = await newKey();
    const login = await post('/api/v2/auth/login', {
      api_key: await newKey(),
      email: 'fan@heartland.example',
      password: 'Sideline-demo-1',
    });
    expect(login).toMatchObject({ status: 200 });
    fanKey = login.json.data.api_key as string;
    const events = await fetch(`${server.url}/api/events?limit=100&api_key=${guestKey}`);
    expect(events.status).toBe(200);
    eventIds = ((await events.json()) as { data: { id: number }[] }).data.map((e) => e.id);
    expect(eventIds.length).toBeGreaterThan(10);
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    await pg?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** Acknowledged writes still in the database: read straight from PostgreSQL, not through the API under test. */
  async function missingWrites(samples: Sample[]) {
    const sql = postgres(pg?.url ?? '', { max: 1, onnotice: () => {} });
    try {
      const acked = (kind: Sample['kind']) => samples.filter((s) => s.kind === kind && s.status < 300 && s.wrote);
      const emails = acked('signup').map((s) => s.wrote as string);
      const events = acked('favorite').map((s) => s.wrote as number);
      const users = await sql<{ email: string }[]>`select email from users where email in ${sql(emails)}`;
      const favorites = await sql<{ id: number }[]>`
        select f.favoritable_id as id from favorites f join users u on u.id = f.user_id
        where u.email = 'fan@heartland.example' and f.favoritable_type = 'favorite_event'`;
      const foundEmails = new Set(users.map((u) => u.email));
      const foundEvents = new Set(favorites.map((f) => f.id));
      return {
        acknowledged: emails.length + events.length,
        signups: emails.filter((e) => !foundEmails.has(e)),
        favorites: events.filter((e) => !foundEvents.has(e)),
      };
    } finally {
      await sql.end({ timeout: 1 });
    }
  }

  it.for([
    ['a fast shutdown (pg_ctl -m fast)', 'fast'],
    ['a crash (pg_ctl -m immediate)', 'immediate'],
  ] as const)(
    'answers 503 through %s, recovers by itself, loses no acknowledged write',
    { timeout: 60_000 },
    async ([, mode], { annotate }) => {
      if (!server || !pg) throw new Error('not started');
      const load = startFanLoad({ url: server.url, guestKey, fanKey, eventIds, workers: 6, tag: `pg-${mode}` });
      const { samples } = load;
      const ok = (s: Sample) => s.status >= 200 && s.status < 300;
      try {
        await waitUntil('calls before the outage', () => samples.filter(ok).length >= 30, 20_000);

        const stopping = Date.now();
        await pg.stop(mode);
        const down = Date.now();
        // While it is away: readiness says so (a balancer takes the process out), liveness stays up (no restart).
        expect(await status('/readyz')).toBe(503);
        expect(await status('/healthz')).toBe(200);
        await waitUntil('calls during the outage', () => samples.filter((s) => s.sent >= down).length >= 30, 20_000);
        expect(await status('/readyz')).toBe(503);

        const starting = Date.now();
        await pg.start();
        const up = Date.now();
        await waitUntil('readiness after the restart', async () => (await status('/readyz')) === 200, 20_000);
        const ready = Date.now();
        const settled = ready + SETTLE_MS;
        await waitUntil(
          'calls after the recovery',
          () => samples.filter((s) => s.sent >= settled && ok(s)).length >= 30,
          20_000,
        );
        await load.stop();

        const during = samples.filter((s) => s.sent >= down && s.answered <= starting);
        const unavailable = samples.filter((s) => s.status === 503);
        const after = samples.filter((s) => s.sent >= settled);
        const slowest = samples.reduce((a, b) => (b.answered - b.sent > a.answered - a.sent ? b : a));
        const settling = samples.filter((s) => s.sent >= ready && s.sent < settled && !ok(s));
        const firstOk = Math.min(...samples.filter((s) => s.sent >= starting && ok(s)).map((s) => s.answered));
        // The figures of the run, in the report (an annotation of the test).
        await annotate(
          `PostgreSQL ${mode}: stop took ${down - stopping} ms, down ${starting - down} ms, start took ${up - starting} ms; ` +
            `${samples.length} calls, ${unavailable.length} answered 503; first success ${firstOk - starting} ms after ` +
            `the start began, readiness ${ready - starting} ms after (${settling.length} calls of the next ` +
            `${SETTLE_MS} ms answered 503); slowest answer ${slowest.answered - slowest.sent} ms ` +
            `(${slowest.kind}, ${slowest.status}, sent ${slowest.sent - starting} ms from the start)`,
        );

        // A client only ever sees success or a 503 with the common body: no 500, no reset, no hang.
        expect(samples.filter((s) => !ok(s) && s.status !== 503)).toEqual([]);
        for (const s of unavailable) {
          expect(errorBodySchema.parse(s.body).error).toMatchObject({ status: 503, code: 'service_unavailable' });
          expect(errorBodySchema.parse(s.body).error.message.length).toBeGreaterThan(10);
        }
        expect(Math.max(...samples.map((s) => s.answered - s.sent))).toBeLessThan(MAX_ANSWER_MS);
        // Every call of the outage proper failed cleanly, reads and writes alike.
        expect(during.length).toBeGreaterThanOrEqual(30);
        expect(during.filter((s) => s.status !== 503)).toEqual([]);
        expect(new Set(during.map((s) => s.kind))).toEqual(new Set(['read', 'favorite', 'signup']));
        // Soon after it is ready again, every call succeeds: the same process, no restart.
        expect(after.filter((s) => !ok(s))).toEqual([]);
        expect(server.child.exitCode).toBeNull();

        const missing = await missingWrites(samples);
        expect(missing.acknowledged).toBeGreaterThan(30);
        expect(missing).toMatchObject({ signups: [], favorites: [] });
      } finally {
        await load.stop();
        // Up again for the next test whatever happened in this one.
        await pg.start();
      }
    },
  );

  it('a server started while PostgreSQL is down waits for it, then serves; with no wait it says so and exits', {
    timeout: 90_000,
  }, async () => {
    if (!pg) throw new Error('not started');
    await pg.stop('fast');
    let waiting: RunningServer | undefined;
    try {
      const impatient = spawnServer({
        ...SERVER_ENV,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        DATABASE_URL: pg.url,
        DATABASE_START_WAIT_S: '0',
      });
      expect(await impatient.exited).toBe(1);
      expect(impatient.output()).toMatch(/ECONNREFUSED|CONNECT_TIMEOUT/);

      const port = await freePort();
      const patient = spawnServer({ ...SERVER_ENV, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: pg.url });
      waiting = { ...patient, url: `http://localhost:${port}` };
      // Held up with the database away, the server stays and says it tries again (however long its start took): a
      // second try, a second apart, shows it stayed after the first failed one.
      await waitUntil(
        'a second retry line',
        () => {
          if (patient.child.exitCode !== null) {
            throw new Error(`the waiting server exited with ${patient.child.exitCode}:\n${patient.output()}`);
          }
          return /PostgreSQL not reachable yet .*trying again \(attempt 2\)/.test(patient.output());
        },
        60_000,
      );
      expect(patient.child.exitCode).toBeNull();
      await pg.start();
      const url = waiting.url;
      await waitUntil(
        'readiness once PostgreSQL is up',
        async () => (await fetch(`${url}/readyz`).catch(() => null))?.ok === true,
        60_000,
      );
      const events = await fetch(`${waiting.url}/api/events?limit=1&api_key=${guestKey}`);
      expect(events.status).toBe(200);
    } finally {
      await pg.start();
      if (waiting) await stopServer(waiting, 'SIGKILL');
    }
  });
});
