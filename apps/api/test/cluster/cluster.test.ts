import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Cluster, startCluster } from '../../../../deploy/cluster/cluster';
import { databaseUrl, withAdmin } from '../support/databases';

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
  let key: string;

  const call = async (method: string, url: string, body?: object) => {
    const res = await fetch(`${cluster.url}${url}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
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
      redisUrl: 'redis://127.0.0.1:6379',
      env: {
        JOBS_PREFIX: `cluster-${randomBytes(3).toString('hex')}`,
        DEMO_GAME_S: '12',
        DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache'),
        RATE_LIMIT_MAX: '100000',
        LIVE_MAX_ENCODERS: '2',
      },
      log: () => {},
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
  });

  it('cuts a clip in the worker process (jobs on BullMQ) and serves it', async () => {
    const games = (await call('GET', `/api/events?stream_status=finished&limit=1&api_key=${key}`)).json.data;
    const game = games[0]?.id as number;
    for (let until = Date.now() + 120_000; ; await sleep(1000)) {
      if ((await call('GET', `/api/events/${game}/playback?api_key=${key}`)).status === 200) break;
      if (Date.now() > until) throw new Error('the worker did not package the demo recordings');
    }
    const made = await call('POST', '/api/clip', {
      api_key: key,
      event_id: game,
      name: 'Cluster clip',
      start_time: 1,
      duration: 5,
      tags: ['highlight'],
    });
    expect(made.status).toBe(201);
    let clip: Record<string, unknown> | undefined;
    for (let until = Date.now() + 30_000; clip?.status !== 'ready'; await sleep(250)) {
      if (Date.now() > until) throw new Error(`clip not ready: ${clip?.status}`);
      clip = (await call('GET', `/api/clips/event/${game}?api_key=${key}`)).json.data.find(
        (c) => c.id === made.json.data.id,
      );
    }
    const file = await fetch(`${cluster.url}${clip?.url}`, { headers: { range: 'bytes=0-999' } });
    expect(file.status).toBe(206);
  });

  it('keeps answering when an API process is killed with SIGKILL: nginx sends its requests to the other', async () => {
    let failures = 0;
    let done = 0;
    const victim = cluster.apis[0];
    const load = (async () => {
      const until = Date.now() + 4_000;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (Date.now() < until) {
            const res = await fetch(`${cluster.url}/api/menu`).catch(() => null);
            if (res?.status !== 200) failures++;
            await res?.arrayBuffer();
            done++;
          }
        }),
      );
    })();
    await sleep(1_000);
    victim?.child.kill('SIGKILL');
    await load;
    expect(done).toBeGreaterThan(100);
    // A request the dead process had already accepted may fail; nothing after it does.
    expect(failures).toBeLessThanOrEqual(8);
    await cluster.restartApi(0);
    expect((await call('GET', '/api/menu')).status).toBe(200);
  });

  it('stops every process it started', async () => {
    const pids = [...cluster.apis.map((a) => a.child.pid), cluster.worker.pid, cluster.encoder.pid, cluster.nginx.pid];
    await cluster.stop();
    await sleep(500);
    expect(pids.filter(alive)).toEqual([]);
  }, 60_000);
});
