import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFan } from '../support/fans';
import { parseMail } from '../support/outbox';
import { type PrivateRedis, startPrivateRedis } from '../support/private-servers';
import { type RunningServer, seededDataDir, startServer, stopServer } from '../support/server-process';
import { API_ONLY_ENV, waitUntil } from '../support/system-suite';
import { HEARTLAND_KEY } from '../support/test-app';

const PREFIX = 'redis-restart';
/** API calls allowed per address and minute: small, so a test reaches the limit in a few calls. */
const LIMIT = 5;

/**
 * How long any call may take while Redis is away: it must not wait for Redis to come back. The outage is longer than
 * this limit, so a call that waited for Redis fails it, while a machine busy with other work (a password hash takes
 * a second there) does not.
 */
const MAX_ANSWER_MS = 8_000;
/** How long Redis stays away. */
const OUTAGE_MS = 12_000;

/**
 * The API with REDIS_URL (BullMQ jobs, rate limits and the login throttle in Redis) on a Redis of its own, which is
 * killed and started again, empty. While it is away fans are still served (limits fail open, a sign-up's mail waits
 * in the outbox table); afterwards jobs run and limits hold again, and the API process was never restarted.
 */
describe('Redis killed and started again', () => {
  let redis: PrivateRedis | undefined;
  let server: RunningServer | undefined;
  let dataDir: string;
  let address = 0;
  /** The longest any call took since it was last reset. */
  let slowest = 0;
  /** Each visitor comes from an address of its own (the API trusts X-Forwarded-For here, as behind nginx). */
  const visitor = () => `198.51.100.${++address}`;

  const call = async (route: string, from: string, body?: object) => {
    const sent = Date.now();
    const res = await fetch(`${server?.url}${route}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'x-forwarded-for': from, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => null)) as { data: Record<string, unknown> } | null;
    slowest = Math.max(slowest, Date.now() - sent);
    return { status: res.status, json };
  };
  const guestKey = async () =>
    (await call('/api/get_api_key', visitor(), { channel_key: HEARTLAND_KEY })).json?.data.api_key as string;
  const signUp = async (email: string) =>
    call('/api/v2/auth/register', visitor(), {
      api_key: await guestKey(),
      ...newFan(email),
    });
  /** The statuses one visitor gets for LIMIT + 1 calls in a row. */
  const burst = async (from = visitor()) => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await call('/api/menu', from)).status);
    return statuses;
  };
  const limited = [...Array.from({ length: LIMIT }, () => 200), 429];
  const mailedTo = async (email: string) => {
    const dir = path.join(dataDir, 'outbox');
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
    const mails = await Promise.all(files.map(async (f) => parseMail(await readFile(path.join(dir, f)))));
    return mails.some((m) => m.to.includes(email)) ? true : undefined;
  };
  /** Jobs BullMQ finished for this server since Redis last started (an empty Redis holds none from before). */
  const completedMailJobs = async () => {
    const queue = new Queue('mail.send', { connection: { url: redis?.url }, prefix: PREFIX });
    try {
      return await queue.getJobCountByTypes('completed');
    } finally {
      await queue.close();
    }
  };

  beforeAll(async () => {
    redis = await startPrivateRedis();
    dataDir = await seededDataDir('redis-restart');
    server = await startServer(dataDir, {
      REDIS_URL: redis.url,
      JOBS_PREFIX: PREFIX,
      JOBS_WORKER: 'true',
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: String(LIMIT),
      AUTH_RATE_LIMIT_MAX: '1000',
      API_KEY_RATE_LIMIT_MAX: '1000',
      ...API_ONLY_ENV,
    });
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    await redis?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('serves fans while it is away, then runs jobs and enforces limits again, without a restart', {
    timeout: 90_000,
  }, async ({ annotate }) => {
    if (!server || !redis) throw new Error('not started');
    // Before: limits counted in Redis, and a sign-up's mail sent by a BullMQ job.
    expect(await burst()).toEqual(limited);
    expect((await signUp('before@example.org')).status).toBe(201);
    await waitUntil('the mail before the outage', () => mailedTo('before@example.org'), 15_000);
    expect(await completedMailJobs()).toBeGreaterThan(0);

    await redis.stop();
    const down = Date.now();
    slowest = 0;
    const duringSignUps: string[] = [];
    // While Redis is away: every call is answered, promptly; limits fail open rather than refusing everyone.
    // Fans keep coming for a few seconds (long enough for the clients' reconnection back-off to grow): one visitor
    // past the limit, a fresh visitor reading the events, a sign-up (its mail job cannot be queued) and a login
    // (the login throttle is in Redis too).
    const statuses: number[] = [];
    for (let round = 0; Date.now() - down < OUTAGE_MS; round++) {
      statuses.push(
        ...(await burst()),
        (await call(`/api/events?api_key=${await guestKey()}`, visitor())).status,
        (await signUp(`during${round}@example.org`)).status,
        (
          await call('/api/v2/auth/login', visitor(), {
            api_key: await guestKey(),
            email: 'fan@heartland.example',
            password: 'Sideline-demo-1',
          })
        ).status,
      );
      duringSignUps.push(`during${round}@example.org`);
    }
    const round = [...Array.from({ length: LIMIT + 1 }, () => 200), 200, 201, 200];
    expect(statuses).toEqual(duringSignUps.flatMap(() => round));
    expect(slowest).toBeLessThan(MAX_ANSWER_MS);
    const slowestDuring = slowest;
    expect((await call('/readyz', visitor())).status).toBe(200);

    await redis.start();
    const up = Date.now();
    // Limits hold again once the store has reconnected: a fresh visitor's call past the limit is refused.
    await waitUntil('a 429 after the limit', async () => ((await burst()).at(-1) === 429 ? true : undefined), 20_000);
    const limitsBack = Date.now();
    expect(await burst()).toEqual(limited);

    // Jobs run again: a sign-up after the restart is mailed through a job of the empty Redis. The queues' own
    // connection reconnects on its own back-off (up to 2 s after the limits' one), and a sign-up before that is
    // mailed by the outbox's poller instead; so a fan signs up, and once that fan's mail is out (by a job or by the
    // poller) and still no job of the new Redis has completed, the next fan signs up.
    const afterSignUps: string[] = [];
    await waitUntil(
      'a mail job completed after the restart',
      async () => {
        if (await completedMailJobs()) return true;
        const last = afterSignUps.at(-1);
        if (last && !(await mailedTo(last))) return undefined;
        const email = `after${afterSignUps.length}@example.org`;
        expect((await signUp(email)).status).toBe(201);
        afterSignUps.push(email);
        return undefined;
      },
      20_000,
      250,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; the server said:\n${server?.output()}`);
    });
    const jobsBack = Date.now();
    for (const email of afterSignUps) await waitUntil(`the mail to ${email}`, () => mailedTo(email), 20_000);
    // The mail of the sign-ups acknowledged during the outage was not lost either (the outbox's poller sent it).
    for (const email of duringSignUps) await waitUntil(`the mail to ${email}`, () => mailedTo(email), 20_000);

    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/shutting down after an error|uncaught/i);
    await annotate(
      `Redis down ${up - down} ms: ${statuses.length} calls, all answered, the slowest in ${slowestDuring} ms; ` +
        `limits enforced again ` +
        `${limitsBack - up} ms after the start, jobs ${jobsBack - up} ms after`,
    );
  });
});
