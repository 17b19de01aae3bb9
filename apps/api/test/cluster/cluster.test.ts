import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Cluster, startCluster } from '../../../../deploy/cluster/cluster';
import { ffmpegPath } from '../../src/modules/media/ffmpeg/ffmpeg';
import { fanOf, operatorRefundCommand } from '../support/cluster-fan';
import { databaseUrl, withAdmin } from '../support/databases';
import { QUICK_CLUSTER_ENV, waitUntil } from '../support/system-suite';

type Json = { data: Record<string, unknown> & Record<string, unknown>[] };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (pid: number | undefined) => {
  try {
    return pid !== undefined && process.kill(pid, 0);
  } catch {
    return false;
  }
};

/**
 * `npm run cluster` on this machine, bounded: nginx in front of two API processes, a job worker and a live encoder on
 * PostgreSQL and Redis. What a fan gets through nginx, media served by nginx behind its token check, a clip cut by
 * the worker, an API process killed under load, and everything gone when it stops.
 */
describe('the cluster (needs PostgreSQL, Redis and nginx, as CI has)', () => {
  let cluster: Cluster;
  let dataDir: string;
  const name = `sideline_cluster_${randomBytes(4).toString('hex')}`;
  const admin = inject('postgresAdminUrl');
  const redisUrl = 'redis://127.0.0.1:6379';
  const jobsPrefix = `cluster-${randomBytes(3).toString('hex')}`;
  let key: string;
  const workerLines: string[] = [];
  const workerLog = () =>
    workerLines.flatMap((l) => {
      try {
        return [JSON.parse(l) as { msg?: string; job?: string; reqId?: string; clip?: number }];
      } catch {
        return [];
      }
    });

  const call = async (method: string, url: string, body?: object, headers: Record<string, string> = {}) => {
    const res = await fetch(`${cluster.url}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, headers: res.headers, json: (await res.json().catch(() => null)) as Json };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-cluster-'));
    await withAdmin(admin, (sql) => sql.unsafe(`CREATE DATABASE "${name}"`));
    cluster = await startCluster({
      apiProcesses: 2,
      port: 18_300 + Math.floor(Math.random() * 500),
      host: '127.0.0.1',
      dataDir,
      databaseUrl: databaseUrl(admin, name),
      redisUrl,
      env: {
        ...QUICK_CLUSTER_ENV,
        JOBS_PREFIX: jobsPrefix,
        RATE_LIMIT_MAX: '100000',
        LIVE_MAX_ENCODERS: '2',
      },
      // The worker's lines are read by the tests below (a job's request id, a clip made once).
      workerEnv: { LOG_LEVEL: 'info' },
      log: (line) => {
        if (line.startsWith('[worker]')) workerLines.push(line.slice('[worker] '.length));
      },
    });
    const guest = (await call('POST', '/api/get_api_key', { channel_key: 'hcn_demo_channel_key_localhost' })).json.data
      .api_key as string;
    key = (
      await call('POST', '/api/v2/auth/login', {
        email: 'premium@sideline.test',
        password: 'Sideline-demo-1',
        api_key: guest,
      })
    ).json.data.api_key as string;
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await withAdmin(admin, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves the app and the API through nginx, balanced over both API processes, with a request id', async () => {
    const page = await fetch(cluster.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Heartland Conference Network');
    for (let i = 0; i < 20; i++) expect((await call('GET', '/api/menu')).status).toBe(200);
    const res = await call('GET', '/api/menu');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    for (const api of cluster.apis) {
      const metrics = await (await fetch(`http://127.0.0.1:${api.port}/metrics`)).text();
      const served = /sideline_http_requests_total\{method="GET",route="\/api\/menu",status="200"\} (\d+)/.exec(
        metrics,
      );
      expect(Number(served?.[1] ?? 0)).toBeGreaterThan(2);
    }
  });

  it('counts a client by the address nginx saw, not by an X-Forwarded-For header the client sent itself', async () => {
    const remaining = async (headers: Record<string, string> = {}) => {
      const res = await fetch(`${cluster.url}/api/menu`, { headers });
      expect(res.status).toBe(200);
      return Number(res.headers.get('x-ratelimit-remaining'));
    };
    const counted = await remaining();
    // A forged address would open a fresh allowance (limit - 1) and dodge every limit and the login throttle.
    const forged = await remaining({ 'x-forwarded-for': '203.0.113.77' });
    expect(forged).toBeLessThan(counted);
  });

  it('plays the live test feed from nginx: token checked at the edge, bytes from disk', async () => {
    let playback = await call('GET', `/api/simulate/playback?api_key=${key}`);
    for (let until = Date.now() + 30_000; playback.status !== 200 && Date.now() < until; ) {
      await sleep(500);
      playback = await call('GET', `/api/simulate/playback?api_key=${key}`);
    }
    expect(playback.status).toBe(200);
    const master = String(playback.json.data.url);
    const media = await fetch(`${cluster.url}${master.replace('master.m3u8', '720p/index.m3u8')}`);
    expect(media.status, `${media.headers.get('server')} ${await media.clone().text()}`).toBe(200);
    expect(media.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(media.headers.get('cache-control')).toBe('no-cache');
    expect(media.headers.get('server')).toMatch(/^nginx/);
    const segment = (await media.text())
      .split('\n')
      .filter((l) => l.endsWith('.ts'))
      .at(-1);
    const bytes = await fetch(`${cluster.url}${master.replace('master.m3u8', `720p/${segment}`)}`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('video/mp2t');
    expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

    const forged = master.replace(/\.([\w-]{4})/, '.AAAA');
    const refused = await call('GET', forged);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: { status: 403, code: 'media_link_invalid' } });
    expect((await call('GET', master.replace('/media/e/0/', '/media/e/7/'))).status).toBe(403);
  }, 60_000);

  /** How many requests of a route the API processes answered (their own metrics): 0 for what nginx serves itself. */
  const apiServed = async (route: string) => {
    let total = 0;
    for (const api of cluster.apis) {
      const text = await (await fetch(`http://127.0.0.1:${api.port}/metrics`)).text();
      for (const line of text.split('\n')) {
        if (line.startsWith('sideline_http_requests_total{') && line.includes(`route="${route}"`)) {
          total += Number(line.split(' ').at(-1));
        }
      }
    }
    return total;
  };

  // The worker packages the demo's recordings as the cluster starts: on a busy machine that takes longer than a
  // test's usual 30 s, so the tests that wait for it are given the time their own loops allow.
  it('plays a library item from nginx with the library’s own token, never through Node', async () => {
    const items = (await call('GET', `/api/vod-media-items?api_key=${key}`)).json.data;
    const item = items[0]?.id as number;
    let playback = await call('GET', `/api/vod-media-items/${item}/playback?api_key=${key}`);
    for (let until = Date.now() + 120_000; playback.status !== 200 && Date.now() < until; await sleep(1000)) {
      playback = await call('GET', `/api/vod-media-items/${item}/playback?api_key=${key}`);
    }
    expect(playback.status, JSON.stringify(playback.json)).toBe(200);
    const master = String(playback.json.data.url);
    expect(master).toMatch(new RegExp(`^/media/l/${item}/`));
    const media = await fetch(`${cluster.url}${master.replace('master.m3u8', '360p/index.m3u8')}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(media.headers.get('cache-control')).toBe('private, max-age=300');
    const segment = (await media.text()).split('\n').find((l) => l.endsWith('.ts'));
    const bytes = await fetch(`${cluster.url}${master.replace('master.m3u8', `360p/${segment}`)}`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('video/mp2t');
    expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(1_000);

    // The edge refuses what the API refuses: a forged token, another item's, a library token on a game's media.
    const token = master.split('/')[4] as string;
    for (const bad of [
      master.replace(/\.([\w-]{4})/, '.AAAA'),
      master.replace(`/media/l/${item}/`, `/media/l/${item + 1}/`),
      `/media/e/${item}/${token}/master.m3u8`,
    ]) {
      const refused = await call('GET', bad);
      expect(refused.status, bad).toBe(403);
      expect(refused.json, bad).toMatchObject({ error: { status: 403, code: 'media_link_invalid' } });
    }
    expect(await apiServed('/media/l/:itemId/:token/*')).toBe(0);
  }, 180_000);

  it('cuts a clip in the worker process (jobs on BullMQ) and serves it', async () => {
    const games = (await call('GET', `/api/events?stream_status=finished&limit=1&api_key=${key}`)).json.data;
    const game = games[0]?.id as number;
    for (let until = Date.now() + 120_000; ; await sleep(1000)) {
      if ((await call('GET', `/api/events/${game}/playback?api_key=${key}`)).status === 200) break;
      if (Date.now() > until) throw new Error('the worker did not package the demo recordings');
    }
    const reqId = `cluster-clip-${randomBytes(4).toString('hex')}`;
    const made = await call(
      'POST',
      '/api/clip',
      { api_key: key, event_id: game, name: 'Cluster clip', start_time: 1, duration: 5, tags: ['highlight'] },
      { 'x-request-id': reqId },
    );
    expect(made.status).toBe(201);
    expect(made.headers.get('x-request-id')).toBe(reqId);
    let clip: Record<string, unknown> | undefined;
    for (let until = Date.now() + 30_000; clip?.status !== 'ready'; await sleep(250)) {
      if (Date.now() > until) throw new Error(`clip not ready: ${clip?.status}`);
      clip = (await call('GET', `/api/clips/event/${game}?api_key=${key}`)).json.data.find(
        (c) => c.id === made.json.data.id,
      );
    }
    const file = await fetch(`${cluster.url}${clip?.url}`, { headers: { range: 'bytes=0-999' } });
    expect(file.status).toBe(206);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect((await file.arrayBuffer()).byteLength).toBe(1000);
    // The share link's bytes come from nginx; a clip that does not exist is the API's 404 body, from nginx too.
    const missing = await call('GET', String(clip?.url).replace(/[0-9a-f]{12}\//, '000000000000/'));
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: { status: 404, code: 'not_found' } });
    expect(await apiServed('/media/clips/:uuid/:file')).toBe(0);
    // The request id nginx passed on reached the worker through Redis: the cut's log lines carry it.
    await expect
      .poll(() => workerLog().filter((l) => l.msg === 'clip ready' && l.clip === made.json.data.id)[0]?.reqId)
      .toBe(reqId);
  }, 180_000);

  it('finishes a clip, once, after the worker is killed with SIGKILL in the middle of its cut', async () => {
    // A slow ffmpeg makes the cut last long enough to be caught in the middle.
    const slow = path.join(dataDir, 'slow-ffmpeg.sh');
    await writeFile(slow, `#!/bin/sh\nsleep 1\nexec '${ffmpegPath()}' "$@"\n`, { mode: 0o755 });
    await cluster.restartWorker({ FFMPEG_PATH: slow });
    const game = (await call('GET', `/api/events?stream_status=finished&limit=1&api_key=${key}`)).json.data[0]
      ?.id as number;
    const made = await call('POST', '/api/clip', {
      api_key: key,
      event_id: game,
      name: 'Survives its worker',
      start_time: 2,
      duration: 6,
      tags: ['highlight'],
    });
    expect(made.status).toBe(201);
    const id = made.json.data.id as number;
    const statusOf = async () =>
      (await call('GET', `/api/clips/user?api_key=${key}`)).json.data.find((c) => c.id === id)?.status;
    await expect.poll(statusOf, { timeout: 20_000, interval: 50 }).toBe('processing');
    const killed = cluster.worker;
    const gone = new Promise((r) => killed.once('exit', r));
    killed.kill('SIGKILL');
    await gone;
    await cluster.restartWorker();
    await expect.poll(statusOf, { timeout: 60_000, interval: 250 }).toBe('ready');
    const clips = (await call('GET', `/api/clips/user?api_key=${key}`)).json.data.filter((c) => c.id === id);
    expect(clips).toHaveLength(1);
    // Cut to the end once, by the new worker (the killed one's job comes back later and finds it done).
    expect(workerLog().filter((l) => l.msg === 'clip ready' && l.clip === id)).toHaveLength(1);
    const file = await fetch(`${cluster.url}${clips[0]?.url}`, { headers: { range: 'bytes=0-999' } });
    expect(file.status).toBe(206);
  }, 120_000);

  /** A fan's playback link of a game whose media is ready (see `playableGame`). */
  const playbackUrl = async (fanKey: string, game: number) => {
    const playback = await call('GET', `/api/events/${game}/playback?api_key=${fanKey}`);
    expect(playback.status, JSON.stringify(playback.json)).toBe(200);
    return String(playback.json.data.url);
  };
  /**
   * The first of these finished games that plays now, as the premium fan (who may watch every game) finds out: the
   * worker packages the demo's stand-in recordings one at a time as the cluster starts, which on a busy machine (or
   * when this test runs alone) takes minutes, and a game plays once its sport's stand-in is there.
   */
  const playableGame = (games: number[]) =>
    waitUntil(
      'a finished game that plays',
      async () => {
        for (const game of games) {
          if ((await call('GET', `/api/events/${game}/playback?api_key=${key}`)).status === 200) return game;
        }
        return undefined;
      },
      300_000,
      2_000,
    );
  /** A play link's rendition playlist and its first segment, as a player asks for them. */
  const playlistAndSegment = async (master: string) => {
    const playlist = master.replace('master.m3u8', '360p/index.m3u8');
    const listed = await fetch(`${cluster.url}${playlist}`);
    expect(listed.status, playlist).toBe(200);
    const segment = (await listed.text()).split('\n').find((l) => l.endsWith('.ts'));
    return [playlist, master.replace('master.m3u8', `360p/${segment}`)];
  };
  /** A link's status; the MP4 is asked for its first bytes only, as a player starts (206). */
  const statusAt = async (base: string, url: string) => {
    const range = url.includes('/download.mp4') ? { range: 'bytes=0-999' } : undefined;
    const res = await fetch(`${base}${url}`, { headers: range });
    await res.arrayBuffer();
    return res.status;
  };

  it('stops a refunded game’s media at the nginx edge within a minute and in every API process at once; a free game plays on', async () => {
    const fan = fanOf(cluster.url);
    const fanKey = await fan.signIn('fan@heartland.example', 'Sideline-demo-1');
    const finished = await fan.api<{ id: number; type: string; has_access: boolean }[]>(
      'GET',
      `/api/events?stream_status=finished&limit=100&api_key=${fanKey}`,
    );
    const game = await playableGame(finished.filter((e) => e.type === 'paid' && !e.has_access).map((e) => e.id));
    const free = await playableGame(finished.filter((e) => e.type === 'free').map((e) => e.id));
    const orderId = await fan.buy(fanKey, { eventId: game });
    // Downloads are an add-on of their own (capability `download`), bought apart: the refund of the game takes the
    // game's download away, not the add-on.
    await fan.buy(fanKey, { packageName: 'Replay & Download Add-on' });

    const [playlist, segment] = await playlistAndSegment(await playbackUrl(fanKey, game));
    // A counted link to the MP4, served by the API behind nginx.
    let download = await call('GET', `/api/download-event/${game}?api_key=${fanKey}`);
    for (let until = Date.now() + 60_000; download.status !== 200 && Date.now() < until; await sleep(1000)) {
      download = await call('GET', `/api/download-event/${game}?api_key=${fanKey}`);
    }
    expect(download.status, JSON.stringify(download.json)).toBe(200);
    const links = [playlist, segment, String(download.json.data.url)] as string[];
    expect(await statusAt(cluster.url, links[0] as string)).toBe(200);
    expect(await statusAt(cluster.url, links[1] as string)).toBe(200);
    expect(await statusAt(cluster.url, links[2] as string)).toBe(206);
    // Every API process has said yes to this link and remembers it (30 s), as nginx does: only a word on the bus
    // can end that sooner.
    for (const api of cluster.apis) expect(await statusAt(`http://127.0.0.1:${api.port}`, segment as string)).toBe(200);

    // The operator's `npm run refund`, in its own process, on the cluster's database, Redis and jobs prefix.
    const { refundedAt } = await operatorRefundCommand(
      { DATABASE_URL: databaseUrl(admin, name), REDIS_URL: redisUrl, JOBS_PREFIX: jobsPrefix },
      orderId,
    );
    await waitUntil(
      'every API process refusing the refunded link',
      async () =>
        (await Promise.all(cluster.apis.map((a) => statusAt(`http://127.0.0.1:${a.port}`, segment as string)))).every(
          (s) => s === 403,
        ),
      3_000,
    );
    // Through nginx: polled until refused, never past a minute after the refund.
    const refusedAfter: Record<string, number> = {};
    for (const url of links) {
      await waitUntil(
        `nginx refusing ${url}`,
        async () => (await statusAt(cluster.url, url)) === 403,
        Math.max(0, refundedAt + 60_000 - Date.now()),
      );
      refusedAfter[url.split('/').at(-1) as string] = Date.now() - refundedAt;
      const refused = await call('GET', url);
      expect(refused.status, url).toBe(403);
      expect(refused.json, url).toMatchObject({ error: { status: 403, code: 'media_link_invalid' } });
    }
    // The measured figure docs/playback.md quotes.
    process.stdout.write(`refund to 403 at the nginx edge (ms): ${JSON.stringify(refusedAfter)}\n`);
    expect(Math.max(...Object.values(refusedAfter))).toBeLessThan(60_000);

    // The same fan's free game still plays through nginx.
    const [freePlaylist, freeSegment] = await playlistAndSegment(await playbackUrl(fanKey, free));
    expect(await statusAt(cluster.url, freePlaylist as string)).toBe(200);
    expect(await statusAt(cluster.url, freeSegment as string)).toBe(200);
  }, 600_000);

  /**
   * Eight fans asking for the menu through nginx until told to stop; what failed, by status (or network error).
   * `stopAfter(ms)` lets them go on that long more, then waits for them.
   */
  const startFans = () => {
    const seen = { done: 0, failures: 0, statuses: {} as Record<string, number> };
    let until = Number.POSITIVE_INFINITY;
    const fans = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (Date.now() < until) {
          const res = await fetch(`${cluster.url}/api/menu`).catch(() => null);
          const status = String(res?.status ?? 'network error');
          if (status !== '200') {
            seen.failures++;
            seen.statuses[status] = (seen.statuses[status] ?? 0) + 1;
          }
          await res?.arrayBuffer();
          seen.done++;
        }
      }),
    );
    return {
      async stopAfter(ms: number) {
        until = Date.now() + ms;
        await fans;
        return seen;
      },
    };
  };

  /** How many menus an API process answered (its own metrics). */
  const menusServedBy = async (api: { port: number } | undefined) => {
    const metrics = await (await fetch(`http://127.0.0.1:${api?.port}/metrics`)).text();
    return Number(
      /sideline_http_requests_total\{method="GET",route="\/api\/menu",status="200"\} (\d+)/.exec(metrics)?.[1] ?? 0,
    );
  };
  /**
   * Starts the fans and waits until each of these API processes has answered menus of their load (nginx sends them
   * requests); sends the fans home if that does not come.
   */
  const fansOn = async (apis: ({ port: number } | undefined)[]) => {
    const before = await Promise.all(apis.map(menusServedBy));
    const fans = startFans();
    await waitUntil(
      'nginx sending the fans to every API process',
      async () => (await Promise.all(apis.map(menusServedBy))).every((n, i) => n >= (before[i] ?? 0) + 10),
      15_000,
    ).catch(async (err) => {
      await fans.stopAfter(0);
      throw err;
    });
    return fans;
  };

  it('keeps answering when an API process is killed with SIGKILL: nginx sends its requests to the other', async () => {
    const victim = cluster.apis[0];
    // Killed while it is answering the fans, who go on for 3 s after the kill.
    const load = await fansOn(cluster.apis);
    victim?.child.kill('SIGKILL');
    const { done, failures } = await load.stopAfter(3_000);
    expect(done).toBeGreaterThan(100);
    // A request the dead process had already accepted may fail; nothing after it does.
    expect(failures).toBeLessThanOrEqual(8);
    await cluster.restartApi(0);
    expect((await call('GET', '/api/menu')).status).toBe(200);
  });

  it('drains an API process on SIGTERM: a rolling restart under load fails no request', async () => {
    const victim = cluster.apis[1];
    const other = cluster.apis[0];
    if (!victim || !other) throw new Error('no second API process');
    // A rolling restart stops the next process once the one restarted before it takes requests again: nginx holds
    // back a process it saw fail (max_fails, fail_timeout), and the previous test restarted the first one.
    const before = await menusServedBy(other);
    await waitUntil(
      'nginx sends requests to the restarted process',
      async () => (await call('GET', '/api/menu')).status === 200 && (await menusServedBy(other)) > before,
      15_000,
    );
    // Stopped while both processes answer the fans, who go on for 3 s after the signal.
    const load = await fansOn([victim, other]);
    const stopped = Date.now();
    const exited = new Promise((r) => victim.child.once('exit', r));
    victim.child.kill('SIGTERM');
    const fansDone = load.stopAfter(3_000);
    await exited;
    const drainMs = Date.now() - stopped;
    const { done, failures, statuses } = await fansDone;
    expect(done).toBeGreaterThan(100);
    expect(failures, JSON.stringify(statuses)).toBe(0);
    // Draining is quick when nothing is slow: well within the grace period (SHUTDOWN_GRACE_MS, 10 s).
    expect(drainMs).toBeLessThan(5_000);
    await cluster.restartApi(1);
    expect((await call('GET', '/api/menu')).status).toBe(200);
  });

  it('stops every process it started', async () => {
    const pids = [...cluster.apis.map((a) => a.child.pid), cluster.worker.pid, cluster.encoder.pid, cluster.nginx.pid];
    // stop() resolves once each of them has exited (and been reaped): none may be left at that moment.
    await cluster.stop();
    expect(pids.filter(alive)).toEqual([]);
  }, 60_000);
});
