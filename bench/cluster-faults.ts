/**
 * Issue 14's faults under its load: the cluster (nginx, two API processes, a worker, the live encoder) on a
 * PostgreSQL and a Redis of its own, 1,000 live viewers from wrk (support/live-viewers.ts) and fans who read, follow
 * and sign up (apps/api/test/support/fan-load.ts), and one fault per phase while that load runs:
 * 1. kill -9 of an API process (restarted 5 s later): nginx fails over, only in-flight requests may fail;
 * 2. kill -9 of the worker in the middle of a clip cut: the restarted worker finishes the clip, once;
 * 3. PostgreSQL stopped for 5 s: fans get 503 with the common body, media keeps playing, no acknowledged write lost;
 * 4. Redis killed for 5 s (it comes back empty): fans are answered, jobs run again afterwards.
 * Prints each phase's requests and errors by kind, and checks the issue's targets. Needs nginx with njs, wrk and
 * Debian's PostgreSQL 15 (run as root, as CI does); about five minutes.
 *   npx tsx bench/cluster-faults.ts [--viewers=1000] [--fan-workers=4]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import postgres from 'postgres';
import { ffmpegPath } from '../apps/api/src/modules/media/ffmpeg/ffmpeg';
import { type Sample, startFanLoad } from '../apps/api/test/support/fan-load';
import { startPrivatePostgres, startPrivateRedis } from '../apps/api/test/support/private-servers';
import { QUICK_CLUSTER_ENV, waitUntil } from '../apps/api/test/support/system-suite';
import { startCluster } from '../deploy/cluster/cluster';
import { errorBodySchema } from '../packages/contract/src/errors';
import { liveFeed, startViewers, type ViewerFigures } from './support/live-viewers';
import { fmt } from './support/load';
import { ensureWrk } from './support/wrk';

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const VIEWERS = Number(flag('viewers') ?? 1000);
const FAN_WORKERS = Number(flag('fan-workers') ?? 4);
const WRK_FANS = 20;
const PREFIX = `faults-${randomBytes(3).toString('hex')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Phase = { name: string; media: ViewerFigures; samples: Sample[]; checks: [string, boolean, string][] };

const ok = (s: Sample) => s.status >= 200 && s.status < 300;

/** Polls `get` every 250 ms until it gives a value; a call that throws (a fault under way) counts as not yet. */
const waitFor = <T>(what: string, get: () => Promise<T | undefined>, ms: number) =>
  waitUntil(what, () => get().catch(() => undefined), ms, 250);

export async function benchClusterFaults() {
  ensureWrk();
  const [pg, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-faults-'));
  const databaseUrl = pg.url.replace(/\/postgres$/, '/sideline_faults');
  const workerLines: string[] = [];
  const recent: string[] = [];
  const cluster = await startCluster({
    apiProcesses: 2,
    port: 19_700,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    redisUrl: redis.url,
    env: {
      LOG_LEVEL: 'warn',
      // The clip phase needs one finished game packaged, and the killed worker's cut taken up quickly.
      ...QUICK_CLUSTER_ENV,
      JOBS_PREFIX: PREFIX,
      // Every fan comes through nginx from 127.0.0.1: limits per address would refuse the load itself.
      RATE_LIMIT_MAX: '100000000',
      AUTH_RATE_LIMIT_MAX: '100000000',
      API_KEY_RATE_LIMIT_MAX: '100000000',
      // Sign-ups hash a password; the lowest cost keeps the fans' writes from taking the viewers' CPU.
      PASSWORD_HASH_COST: '10',
      LIVE_MAX_ENCODERS: '1',
    },
    workerEnv: { LOG_LEVEL: 'info' },
    log: (line) => {
      if (line.startsWith('[worker]')) workerLines.push(line.slice('[worker] '.length));
      recent.push(line);
      if (recent.length > 200) recent.shift();
    },
  });
  const queue = (name: string) => new Queue(name, { connection: { url: redis.url }, prefix: PREFIX });
  const jobCounts = async (name: string) => {
    const q = queue(name);
    try {
      return await q.getJobCounts('waiting', 'active', 'delayed', 'completed');
    } finally {
      await q.close();
    }
  };
  const call = async (method: string, route: string, body?: object) => {
    const res = await fetch(`${cluster.url}${route}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as { data: never } };
  };
  const clipsReady = (id: number) =>
    workerLines.filter((l) => l.includes('"clip ready"') && l.includes(`"clip":${id}`)).length;

  const phases: Phase[] = [];
  try {
    const feed = await liveFeed(cluster.url);
    const guestKey = feed.key;
    // A login turns the guest key it is given into the fan's key: each login gets a key of its own.
    const login = async (email: string) => {
      const guest = (await call('POST', '/api/get_api_key', { channel_key: 'hcn_demo_channel_key_localhost' })).json
        .data as { api_key: string };
      const res = await call('POST', '/api/v2/auth/login', {
        email,
        password: 'Sideline-demo-1',
        api_key: guest.api_key,
      });
      if (res.status !== 200) throw new Error(`login of ${email}: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json.data as { api_key: string };
    };
    const fanKey = (await login('fan@heartland.example')).api_key;
    const premiumKey = (await login('premium@sideline.test')).api_key;
    const events = (await call('GET', `/api/events?limit=100&api_key=${guestKey}`)).json.data as { id: number }[];
    const eventIds = events.map((e) => e.id);
    const finished = (
      (await call('GET', `/api/events?stream_status=finished&limit=1&api_key=${premiumKey}`)).json.data as {
        id: number;
      }[]
    )[0]?.id as number;
    // The demo's packaging done before the load: the phases measure the faults, not the packaging.
    await waitFor(
      'the demo recordings packaged',
      async () => {
        const c = await jobCounts('media.package');
        return (c.completed ?? 0) > 0 && !c.waiting && !c.active && !c.delayed ? true : undefined;
      },
      300_000,
    );
    await waitFor(
      'a finished game playable',
      async () =>
        (await call('GET', `/api/events/${finished}/playback?api_key=${premiumKey}`)).status === 200 ? true : undefined,
      60_000,
    );
    const makeClip = async (name: string) => {
      const made = await call('POST', '/api/clip', {
        api_key: premiumKey,
        event_id: finished,
        name,
        start_time: 2,
        duration: 6,
        tags: ['highlight'],
      });
      if (made.status !== 201) throw new Error(`clip refused: ${made.status} ${JSON.stringify(made.json)}`);
      return (made.json.data as { id: number }).id;
    };
    const clipStatus = async (id: number) =>
      ((await call('GET', `/api/clips/user?api_key=${premiumKey}`)).json.data as { id: number; status: string }[]).find(
        (c) => c.id === id,
      )?.status;

    const runPhase = async (name: string, seconds: number, fault: () => Promise<Phase['checks']>): Promise<Phase> => {
      const viewers = await startViewers(cluster.url, feed, { viewers: VIEWERS, fans: WRK_FANS, seconds });
      const fans = startFanLoad({
        url: cluster.url,
        guestKey,
        fanKey,
        eventIds,
        workers: FAN_WORKERS,
        tag: `faults-${phases.length + 1}`,
      });
      await sleep(3_000);
      const checks = await fault();
      const media = await viewers.done;
      const samples = await fans.stop();
      const phase = { name, media, samples, checks };
      phases.push(phase);
      report(phase);
      return phase;
    };

    await runPhase('no fault (baseline)', 20, async () => []);

    await runPhase('kill -9 of an API process, restarted 5 s later', 20, async () => {
      cluster.apis[0]?.child.kill('SIGKILL');
      await sleep(5_000);
      await cluster.restartApi(0);
      return [];
    });

    // A slow ffmpeg (a second's pause before each run) so the cut can be caught in the middle.
    const slow = path.join(dataDir, 'slow-ffmpeg.sh');
    await writeFile(slow, `#!/bin/sh\nsleep 1\nexec '${ffmpegPath()}' "$@"\n`, { mode: 0o755 });
    await cluster.restartWorker({ FFMPEG_PATH: slow });
    await runPhase('kill -9 of the worker in the middle of a clip cut', 40, async () => {
      const id = await makeClip('Survives its worker');
      await waitFor(
        'the cut under way',
        async () => ((await clipStatus(id)) === 'processing' ? true : undefined),
        20_000,
      );
      const killed = cluster.worker;
      const gone = new Promise((r) => killed.once('exit', r));
      killed.kill('SIGKILL');
      await gone;
      const killedAt = Date.now();
      await cluster.restartWorker();
      await waitFor('the clip ready', async () => ((await clipStatus(id)) === 'ready' ? true : undefined), 30_000);
      const readyMs = Date.now() - killedAt;
      // The worker's "clip ready" line comes through a pipe, a moment after the row changed; a second cut (the killed
      // worker's job coming back) would log another within seconds.
      await waitFor(
        'the worker saying the clip is ready',
        async () => (clipsReady(id) ? true : undefined),
        5_000,
      ).catch(() => undefined);
      await sleep(5_000);
      const once = clipsReady(id);
      return [[`clip ready ${fmt(readyMs)} ms after the kill, cut to the end ${once} time(s)`, once === 1, 'once']];
    });

    const pgPhase = await runPhase('PostgreSQL stopped (fast shutdown) for 5 s', 30, async () => {
      await pg.stop('fast');
      await sleep(5_000);
      await pg.start();
      const started = Date.now();
      await waitFor(
        'readiness through nginx',
        async () => ((await call('GET', '/readyz')).status === 200 ? true : undefined),
        20_000,
      );
      return [[`ready ${fmt(Date.now() - started)} ms after PostgreSQL started`, true, '']];
    });
    const unclean = pgPhase.samples.filter(
      (s) =>
        !ok(s) && !(s.status === 503 && errorBodySchema.safeParse(s.body).data?.error.code === 'service_unavailable'),
    );
    pgPhase.checks.push([
      `fans' failures all 503 with the common body (${pgPhase.samples.filter((s) => s.status === 503).length} answered 503, ${unclean.length} otherwise)`,
      unclean.length === 0,
      '0 other',
    ]);

    const redisPhase = await runPhase('Redis killed for 5 s (back empty)', 30, async () => {
      await redis.stop();
      await sleep(5_000);
      await redis.start();
      const started = Date.now();
      // Jobs run again: a clip asked for after the restart is cut by the worker, through the new Redis.
      const id = await waitFor('a clip accepted', () => makeClip('After Redis'), 20_000);
      await waitFor('the clip ready', async () => ((await clipStatus(id)) === 'ready' ? true : undefined), 30_000);
      const mail = await waitFor(
        'a mail job completed',
        async () => (((await jobCounts('mail.send')).completed ?? 0) > 0 ? true : undefined),
        20_000,
      ).catch(() => false);
      return [
        [`a clip asked for after the restart ready ${fmt(Date.now() - started)} ms after Redis started`, true, ''],
        ['a sign-up mail sent by a job of the new Redis', mail, 'yes'],
      ];
    });
    redisPhase.checks.push([
      `fans answered while Redis was away (${redisPhase.samples.filter((s) => !ok(s)).length} failed)`,
      redisPhase.samples.every(ok),
      '0 failed',
    ]);

    // Every write a fan saw acknowledged, in any phase, is in the database.
    const lost = await missingWrites(
      databaseUrl,
      phases.flatMap((p) => p.samples),
    );
    const mails = (await readdir(path.join(dataDir, 'outbox')).catch(() => [])).length;
    console.log(
      `\nacknowledged writes: ${lost.acknowledged}; missing from PostgreSQL: ${lost.missing.length}` +
        `${lost.missing.length ? ` (${lost.missing.slice(0, 5).join(', ')})` : ''}; mails in the outbox: ${mails}`,
    );
    const verdicts = [
      ...phases.flatMap((p) => p.checks.map((c) => ({ phase: p.name, check: c }))),
      {
        phase: 'all',
        check: ['no acknowledged write lost', lost.missing.length === 0, '0'] as Phase['checks'][number],
      },
    ];
    console.log('\nverdicts:');
    for (const { phase, check } of verdicts) console.log(`  ${check[1] ? 'met   ' : 'MISSED'} ${phase}: ${check[0]}`);
    return { phases, lost };
  } catch (err) {
    console.error(`cluster output (last lines):\n${recent.join('\n')}`);
    throw err;
  } finally {
    await cluster.stop();
    await Promise.all([pg.destroy(), redis.destroy()]);
    await rm(dataDir, { recursive: true, force: true });
  }

  /** Errors of a phase: media from wrk, the API from wrk's readers and the Node fans, and the issue's targets. */
  function report(p: Phase) {
    const m = p.media;
    const mediaErrors = m.playlists.errors + m.segments.errors;
    const failed = p.samples.filter((s) => !ok(s));
    const byStatus: Record<string, number> = {};
    for (const s of failed) byStatus[s.status || 'no answer'] = (byStatus[s.status || 'no answer'] ?? 0) + 1;
    const total = m.playlists.requests + m.segments.requests + m.fans.requests + p.samples.length;
    const errors = mediaErrors + m.fans.errors + failed.length;
    console.log(`\n${p.name}`);
    console.log(
      `  media: ${fmt(m.playlists.requests)} playlists (p99 ${m.playlists.p99.toFixed(1)} ms), ` +
        `${fmt(m.segments.requests)} segments (p99 ${m.segments.p99.toFixed(1)} ms); errors ${mediaErrors}`,
    );
    console.log(
      `  API: wrk readers ${fmt(m.fans.requests)} (${m.fans.errors} errors, p99 ${m.fans.p99.toFixed(1)} ms); ` +
        `fans ${p.samples.length} calls, ${failed.length} failed ${JSON.stringify(byStatus)}`,
    );
    console.log(`  all requests ${fmt(total)}, errors ${errors} (${((100 * errors) / total).toFixed(3)} %)`);
    p.checks.push([`media errors ${mediaErrors}`, mediaErrors === 0, '0']);
    if (p.name.startsWith('kill -9 of an API') || p.name.startsWith('no fault'))
      p.checks.push([
        `errors ${((100 * errors) / total).toFixed(3)} % of all requests`,
        errors / total < 0.001,
        '< 0.1 %',
      ]);
  }
}

/** Acknowledged writes (sign-ups, follows) missing from the database: read straight from PostgreSQL. */
async function missingWrites(url: string, samples: Sample[]) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const acked = (kind: Sample['kind']) => samples.filter((s) => s.kind === kind && ok(s) && s.wrote);
    const emails = acked('signup').map((s) => s.wrote as string);
    const followed = acked('favorite').map((s) => s.wrote as number);
    const users = emails.length
      ? await sql<{ email: string }[]>`select email from users where email in ${sql(emails)}`
      : [];
    const favorites = await sql<{ id: number }[]>`
      select f.favoritable_id as id from favorites f join users u on u.id = f.user_id
      where u.email = 'fan@heartland.example' and f.favoritable_type = 'favorite_event'`;
    const found = new Set<string | number>([...users.map((u) => u.email), ...favorites.map((f) => f.id)]);
    return {
      acknowledged: emails.length + followed.length,
      missing: [...emails, ...followed].filter((w) => !found.has(w)),
    };
  } finally {
    await sql.end({ timeout: 1 });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchClusterFaults();
