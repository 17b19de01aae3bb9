/**
 * 1,000 live viewers for 60 s with a load generator that costs little CPU (wrk, C), single process against the cluster
 * in one run; the figures of issue 14's target (through the cluster: 0 errors, playlist p99 under 50 ms). Three wrk
 * processes, one thread each, so that each kind of request has its own latency distribution:
 * - playlists: 1,000 connections, each the player of one viewer asking for the live playlist once a second;
 * - segments: 1,000 connections, each fetching the newest segment once a second (the simulated feed's segments
 *   last 1 s, so a viewer at the live edge needs one a second);
 * - fans: 20 connections paging `GET /api/events`, one request every 250 ms each.
 * Prints latency percentiles and errors per kind, the generator's own CPU, and who used the CPU during the run
 * (/proc). `--pin-generator=1` runs the three wrk on CPU 1 only (the servers keep both cores). `--nginx-nice=-10`
 * renices the cluster's nginx (an experiment: does its wait for a core make the p99?).
 * Demo media is not packaged (`DEMO_MEDIA=false`) in either setup: only the live test feed is watched, and a
 * worker encoding the demo games during the run would be measured too.
 *   npx tsx bench/cluster-media.ts [--viewers=1000] [--seconds=60] [--only=cluster|single] [--pin-generator=1]
 *     [--nginx-nice=-10]   (FFMPEG_PATH=/usr/bin/ffmpeg: Debian's ffmpeg as the encoder, see bench/README.md)
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCluster } from '../deploy/cluster/cluster';
import { startServer } from '../e2e/support/server';
import { cpuShare, cpuSnapshot, formatShare, type Share } from './support/cpu';
import { liveFeed, startViewers, type ViewerFigures } from './support/live-viewers';
import { fmt } from './support/load';
import { ensureWrk, type WrkResult } from './support/wrk';

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const VIEWERS = Number(flag('viewers') ?? 1000);
const SECONDS = Number(flag('seconds') ?? 60);
const ONLY = flag('only');
const PIN = flag('pin-generator');
const NGINX_NICE = flag('nginx-nice');
const FANS = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Figures = ViewerFigures & { cpu: Share };

async function drive(base: string, label: Map<number, string>): Promise<Figures> {
  const feed = await liveFeed(base);
  const viewers = await startViewers(base, feed, { viewers: VIEWERS, fans: FANS, seconds: SECONDS, cpus: PIN });
  // CPU from the second second (connections made) to a second before the end (wrk still running).
  await sleep(2000);
  const before = cpuSnapshot();
  await sleep((SECONDS - 3) * 1000);
  const cpu = cpuShare(before, cpuSnapshot(), label);
  return { ...(await viewers.done), cpu };
}

const line = (what: string, r: WrkResult) =>
  `    ${what.padEnd(9)} ${fmt(r.rps).padStart(5)}/s p50 ${r.p50.toFixed(1)} p90 ${r.p90.toFixed(1)} p99 ${r.p99.toFixed(1)} max ${fmt(r.max)} ms` +
  ` | errors ${r.errors} (${r.timeout} timeouts, ${r.status} status) of ${fmt(r.requests)}`;

export async function benchClusterMedia() {
  ensureWrk();
  const results: Record<string, Figures> = {};
  const env = { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000000', DEMO_MEDIA: 'false' };
  if (ONLY !== 'cluster') {
    const single = await startServer(env);
    try {
      results['single process'] = await drive(single.url, new Map());
    } finally {
      await single.stop();
    }
  }
  if (ONLY !== 'single') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-media-bench-'));
    const dbName = `sideline_bench_media_${randomBytes(3).toString('hex')}`;
    const cluster = await startCluster({
      apiProcesses: 2,
      port: 19_600,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: `postgres://postgres@127.0.0.1:5432/${dbName}`,
      redisUrl: 'redis://127.0.0.1:6379',
      // One encoder, the watched test feed's, as in the single process (the cluster's would also encode the live demo game).
      env: { ...env, LIVE_MAX_ENCODERS: '1' },
      log: () => {},
    });
    try {
      const label = new Map<number, string>([
        ...cluster.apis.map((a, i): [number, string] => [a.child.pid ?? -1, `api-${i + 1}`]),
        [cluster.worker.pid ?? -1, 'worker'],
        [cluster.encoder.pid ?? -1, 'encoder (node)'],
        [cluster.nginx.pid ?? -1, 'nginx'],
      ]);
      if (NGINX_NICE && cluster.nginx.pid) {
        const workers = spawnSync('pgrep', ['-P', String(cluster.nginx.pid)], { encoding: 'utf8' }).stdout.split('\n');
        spawnSync('renice', ['-n', NGINX_NICE, '-p', String(cluster.nginx.pid), ...workers.filter(Boolean)]);
      }
      results.cluster = await drive(cluster.url, label);
    } finally {
      await cluster.stop();
      await rm(dataDir, { recursive: true, force: true });
      spawnSync(
        'psql',
        ['-h', '127.0.0.1', '-U', 'postgres', '-c', `drop database if exists "${dbName}" with (force)`, 'postgres'],
        {
          stdio: 'ignore',
        },
      );
    }
  }
  const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
  console.log(
    `\n${VIEWERS} live viewers (playlist + newest segment once a second) and ${FANS} fans for ${SECONDS} s, wrk on loopback${PIN ? ` pinned to CPU ${PIN}` : ''}${NGINX_NICE ? `, nginx at nice ${NGINX_NICE}` : ''}, ffmpeg ${process.env.FFMPEG_PATH ?? 'the bundled build'}; load average now ${load}:`,
  );
  for (const [name, f] of Object.entries(results)) {
    const gen = [f.playlists, f.segments, f.fans].reduce((s, r) => s + r.cpuSeconds, 0);
    console.log(`  ${name}`);
    console.log(line('playlists', f.playlists));
    console.log(`${line('segments', f.segments)} | ${fmt(f.segments.bytes / SECONDS / 1e6)} MB/s`);
    console.log(line('API', f.fans));
    console.log(`    generator (3 wrk) ${fmt((100 * gen) / SECONDS)} % of a core | CPU: ${formatShare(f.cpu)}`);
  }
  const c = results.cluster;
  if (c) {
    const errors = c.playlists.errors + c.segments.errors;
    console.log(
      `cluster target (0 errors, playlist p99 < 50 ms): ${errors === 0 && c.playlists.p99 < 50 ? 'met' : 'MISSED'}`,
    );
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchClusterMedia();
