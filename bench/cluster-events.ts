/**
 * `GET /api/events` through nginx with one and with two API processes, as a ratio to a bare Fastify route behind the
 * same nginx (issue 14), in one run. The cluster of `npm run cluster` is started with two API processes; the bench
 * then renders deploy/nginx/nginx.conf.template three more times, on their own ports, changing only the upstream
 * list: api-1 alone, api-1 and api-2, the bare route (bench/support/bare-fastify.ts answering the same bytes). So
 * the proxy settings, keepalive and worker count are the cluster's own. wrk (one thread, 32 connections) drives each
 * setup in turn, `--runs` rounds of `--seconds`; medians and spread are printed, with who used the CPU.
 * The live encoder is stopped first (`--with-encoder` keeps it): it takes most of a core, which is not the API's.
 *   npx tsx bench/cluster-events.ts [--seconds=10] [--runs=3] [--connections=32] [--pin-generator=1] [--with-encoder]
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from '../deploy/cluster/cluster';
import { cpuShare, cpuSnapshot, formatShare } from './support/cpu';
import { fmt, startBare } from './support/load';
import { percentile } from './support/stats';
import { ensureWrk, type WrkResult, wrk } from './support/wrk';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const SECONDS = Number(flag('seconds') ?? 10);
const RUNS = Number(flag('runs') ?? 3);
const CONNECTIONS = Number(flag('connections') ?? 32);
const PIN = flag('pin-generator');
const PORT = 19_400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An nginx of the cluster's template in front of `upstreams` (host:port), on its own port and run folder. */
async function startNginx(name: string, port: number, upstreams: string[], runRoot: string, mediaDir: string) {
  const runDir = path.join(runRoot, name);
  await mkdir(runDir, { recursive: true });
  const template = await readFile(path.join(ROOT, 'deploy/nginx/nginx.conf.template'), 'utf8');
  const conf = template
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{NJS_DIR}}', path.join(ROOT, 'deploy/nginx'))
    .replaceAll('{{WEB_DIST}}', path.join(ROOT, 'apps/web/dist'))
    .replaceAll('{{MEDIA_DIR}}', mediaDir)
    .replaceAll('{{HOST}}', '127.0.0.1')
    .replaceAll('{{PORT}}', String(port))
    .replaceAll('{{MEDIA_LINK_INVALID}}', 'invalid')
    .replaceAll('{{UPSTREAMS}}', upstreams.map((u) => `    server ${u} max_fails=3 fail_timeout=2s;`).join('\n'));
  await writeFile(path.join(runDir, 'nginx.conf'), conf);
  const child = spawn('/usr/sbin/nginx', ['-c', path.join(runDir, 'nginx.conf'), '-p', runDir, '-e', 'error.log'], {
    stdio: 'ignore',
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function waitOk(url: string) {
  for (let i = 0; i < 100; i++) {
    if ((await fetch(url).catch(() => null))?.ok) return;
    await sleep(100);
  }
  throw new Error(`no answer from ${url}`);
}

export async function benchClusterEvents() {
  ensureWrk();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-events-bench-'));
  const dbName = `sideline_bench_events_${randomBytes(3).toString('hex')}`;
  const cluster = await startCluster({
    apiProcesses: 2,
    port: PORT,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: `postgres://postgres@127.0.0.1:5432/${dbName}`,
    redisUrl: 'redis://127.0.0.1:6379',
    // No demo media to package: the worker would be encoding games during the runs.
    env: { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000000', DEMO_MEDIA: 'false' },
    log: () => {},
  });
  const nginxes: ChildProcess[] = [];
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  try {
    if (!process.argv.includes('--with-encoder')) cluster.encoder.kill('SIGTERM');
    const key = (
      (await (
        await fetch(`${cluster.url}/api/get_api_key`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ channel_key: 'hcn_demo_channel_key_localhost' }),
        })
      ).json()) as { data: { api_key: string } }
    ).data.api_key;
    // One page of the demo channel's schedule, as the home page asks for it.
    const eventsPath = `/api/events?limit=20&api_key=${key}`;
    const res = await fetch(`${cluster.url}${eventsPath}`);
    const body = await res.text();
    if (!res.ok) throw new Error(`GET /api/events: ${res.status} ${body}`);
    bare = await startBare(body, PORT + 80);
    const media = path.join(dataDir, 'media');
    const [a1, a2] = cluster.apis.map((a) => `127.0.0.1:${a.port}`);
    const setups = [
      {
        name: 'bare Fastify route',
        path: '/bare',
        ...(await startNginx('bare', PORT + 10, [`127.0.0.1:${PORT + 80}`], dataDir, media)),
      },
      { name: '1 API process', path: eventsPath, ...(await startNginx('one', PORT + 11, [a1 ?? ''], dataDir, media)) },
      {
        name: '2 API processes',
        path: eventsPath,
        ...(await startNginx('two', PORT + 12, [a1 ?? '', a2 ?? ''], dataDir, media)),
      },
    ];
    nginxes.push(...setups.map((s) => s.child));
    const label = new Map<number, string>([
      [cluster.apis[0]?.child.pid ?? -1, 'api-1'],
      [cluster.apis[1]?.child.pid ?? -1, 'api-2'],
      [cluster.worker.pid ?? -1, 'worker'],
      [cluster.encoder.pid ?? -1, 'encoder'],
      [cluster.nginx.pid ?? -1, 'nginx (cluster, idle)'],
      [bare.pid ?? -1, 'bare Fastify'],
      ...setups.map((s): [number, string] => [s.child.pid ?? -1, 'nginx']),
    ]);
    for (const s of setups) {
      await waitOk(`${s.url}${s.path}`);
      await (await wrk(`${s.url}${s.path}`, { seconds: 2, connections: CONNECTIONS, cpus: PIN })).done; // warm-up
    }
    console.log(
      `body ${Buffer.byteLength(body)} bytes; ${RUNS} rounds of ${SECONDS} s per setup, wrk 1 thread ${CONNECTIONS} connections${PIN ? ` pinned to CPU ${PIN}` : ''}; load average ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`,
    );
    const results = new Map<string, WrkResult[]>(setups.map((s) => [s.name, []]));
    for (let round = 0; round < RUNS; round++) {
      for (const s of setups) {
        const run = await wrk(`${s.url}${s.path}`, { seconds: SECONDS, connections: CONNECTIONS, cpus: PIN });
        await sleep(1000);
        const before = cpuSnapshot();
        await sleep((SECONDS - 2) * 1000);
        const share = cpuShare(before, cpuSnapshot(), label);
        const r = await run.done;
        results.get(s.name)?.push(r);
        console.log(
          `  round ${round + 1} ${s.name.padEnd(18)} ${fmt(r.rps).padStart(6)} req/s p50 ${r.p50.toFixed(2)} ms p99 ${r.p99.toFixed(2)} ms errors ${r.errors} | CPU: ${formatShare(share)}`,
        );
      }
    }
    const median = (rs: WrkResult[], k: 'rps' | 'p50' | 'p99') =>
      percentile(
        rs.map((r) => r[k]),
        50,
      );
    const bareRps = median(results.get(setups[0]?.name ?? '') ?? [], 'rps');
    console.log(`\nGET /api/events (20 rows, cache as shipped) through nginx, medians of ${RUNS} × ${SECONDS} s:`);
    for (const [name, rs] of results) {
      const rps = rs.map((r) => r.rps);
      console.log(
        `  ${name.padEnd(18)} ${fmt(median(rs, 'rps')).padStart(6)} req/s (${fmt(Math.min(...rps))} to ${fmt(Math.max(...rps))})` +
          ` p50 ${median(rs, 'p50').toFixed(2)} ms p99 ${median(rs, 'p99').toFixed(2)} ms` +
          ` errors ${rs.reduce((s, r) => s + r.errors, 0)} | ratio to bare ${fmt(median(rs, 'rps') / bareRps, 2)}` +
          ` | wrk CPU ${fmt(
            (100 *
              percentile(
                rs.map((r) => r.cpuSeconds),
                50,
              )) /
              SECONDS,
          )} % of a core`,
      );
    }
    return results;
  } finally {
    for (const n of nginxes) n.kill('SIGTERM');
    bare?.stop();
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

if (import.meta.url === `file://${process.argv[1]}`) await benchClusterEvents();
