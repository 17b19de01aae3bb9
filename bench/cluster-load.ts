/**
 * 1,000 simulated live viewers for 60 s, plus fans browsing the API at the same time, against the single process (as
 * the README's demo starts it) and against the cluster (`npm run cluster`: nginx serving media after its token check,
 * two API processes, a worker, an encoder), one after the other in one run. Each viewer, once a second, fetches the
 * live playlist and then the newest segment it has not had, as hls.js does at the live edge; 20 fans page through
 * `GET /api/events`. Prints errors and latency percentiles for each. Target (issue 14): through the cluster, 0
 * errors and a playlist p99 under 50 ms.
 *   npx tsx bench/cluster-load.ts [--viewers=1000] [--seconds=60]
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, setGlobalDispatcher } from 'undici';
import { startCluster } from '../deploy/cluster/cluster';
import { startServer } from '../e2e/support/server';
import { percentile } from './support/stats';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const VIEWERS = arg('viewers', 1000);
const SECONDS = arg('seconds', 60);
const FANS = 20;
const CHANNEL_KEY = 'hcn_demo_channel_key_localhost';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// One client machine for a thousand viewers: enough sockets, and a timeout that counts as an error.
setGlobalDispatcher(new Agent({ connections: VIEWERS + FANS + 50, headersTimeout: 10_000, bodyTimeout: 10_000 }));

type Figures = {
  playlists: number[];
  segments: number[];
  api: number[];
  errors: number;
  apiErrors: number;
  /** What the failures were: a status, or the client's error name. */
  why: Record<string, number>;
};

async function drive(base: string): Promise<Figures> {
  const key = (
    (await (
      await fetch(`${base}/api/get_api_key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel_key: CHANNEL_KEY }),
      })
    ).json()) as { data: { api_key: string } }
  ).data.api_key;
  let master = '';
  for (let until = Date.now() + 60_000; !master; await sleep(500)) {
    const res = await fetch(`${base}/api/simulate/playback?api_key=${key}`);
    if (res.ok) master = ((await res.json()) as { data: { url: string } }).data.url;
    else if (Date.now() > until) throw new Error(`no live feed at ${base}: ${res.status}`);
  }
  const playlist = `${base}${master.replace('master.m3u8', '720p/index.m3u8')}`;
  const figures: Figures = { playlists: [], segments: [], api: [], errors: 0, apiErrors: 0, why: {} };
  const failed = (why: string) => {
    figures.why[why] = (figures.why[why] ?? 0) + 1;
  };
  const until = Date.now() + SECONDS * 1000;
  const timed = async (url: string, into: number[]): Promise<string | null> => {
    const started = performance.now();
    try {
      const res = await fetch(url);
      // Segments are read to the end (as a player does) but not kept.
      let body = '';
      if (url.endsWith('.ts')) await res.arrayBuffer();
      else body = await res.text();
      if (!res.ok) {
        failed(`${url.endsWith('.ts') ? 'segment' : url.includes('/api/') ? 'api' : 'playlist'} ${res.status}`);
        return null;
      }
      into.push(performance.now() - started);
      return body;
    } catch (err) {
      failed(`${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).name : (err as Error).name}`);
      return null;
    }
  };
  const viewer = async (i: number) => {
    await sleep((i * 1000) / VIEWERS);
    let last = '';
    while (Date.now() < until) {
      const tick = Date.now();
      const text = await timed(playlist, figures.playlists);
      if (text === null) figures.errors++;
      const newest = text
        ?.split('\n')
        .filter((l) => l.endsWith('.ts'))
        .at(-1);
      if (newest && newest !== last) {
        last = newest;
        if ((await timed(playlist.replace('index.m3u8', newest), figures.segments)) === null) figures.errors++;
      }
      await sleep(Math.max(0, 1000 - (Date.now() - tick)));
    }
  };
  const fan = async (i: number) => {
    for (let page = i; Date.now() < until; page++) {
      const url = `${base}/api/events?limit=20&offset=${(page % 10) * 20}&api_key=${key}`;
      if ((await timed(url, figures.api)) === null) figures.apiErrors++;
      await sleep(250);
    }
  };
  await Promise.all([
    ...Array.from({ length: VIEWERS }, (_, i) => viewer(i)),
    ...Array.from({ length: FANS }, (_, i) => fan(i)),
  ]);
  return figures;
}

const row = (name: string, f: Figures) => {
  const total = f.playlists.length + f.segments.length + f.errors;
  return (
    `${name.padEnd(16)} playlists ${f.playlists.length} p50 ${percentile(f.playlists, 50).toFixed(1)} ms p99 ${percentile(f.playlists, 99).toFixed(1)} ms` +
    ` | segments p99 ${percentile(f.segments, 99).toFixed(1)} ms | media errors ${f.errors} (${((100 * f.errors) / Math.max(1, total)).toFixed(2)} %)` +
    ` | API p99 ${percentile(f.api, 99).toFixed(1)} ms, ${f.api.length} ok, ${f.apiErrors} errors` +
    (Object.keys(f.why).length ? ` | failures: ${JSON.stringify(f.why)}` : '')
  );
};

export async function benchClusterLoad() {
  const results: Record<string, Figures> = {};
  const single = await startServer({ LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000000' });
  try {
    results['single process'] = await drive(single.url);
  } finally {
    await single.stop();
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-cluster-bench-'));
  const dbName = `sideline_bench_cluster_${randomBytes(3).toString('hex')}`;
  const cluster = await startCluster({
    apiProcesses: 2,
    port: 18_900,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: `postgres://postgres@127.0.0.1:5432/${dbName}`,
    redisUrl: 'redis://127.0.0.1:6379',
    env: { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000000', LIVE_MAX_ENCODERS: '2' },
    log: () => {},
  });
  try {
    results.cluster = await drive(cluster.url);
  } finally {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
    spawnSync('psql', [
      '-h',
      '127.0.0.1',
      '-U',
      'postgres',
      '-c',
      `drop database if exists "${dbName}" with (force)`,
      'postgres',
    ]);
  }
  console.log(`\n${VIEWERS} live viewers and ${FANS} browsing fans for ${SECONDS} s (loopback, this machine):`);
  for (const [name, f] of Object.entries(results)) console.log(row(name, f));
  const c = results.cluster;
  if (c)
    console.log(
      `cluster target (0 errors, playlist p99 < 50 ms): ${c.errors === 0 && percentile(c.playlists, 99) < 50 ? 'met' : 'MISSED'}`,
    );
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchClusterLoad();
