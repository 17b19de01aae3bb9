/**
 * wrk (Debian's package, C, one event loop per thread) as the load generator: it costs a fraction of the CPU a Node
 * client spends for the same requests, which matters when the generator shares two cores with what it measures.
 * Scenarios are Lua files in bench/wrk/; report.lua is appended to each so a run ends with one JSON line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WRK_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../wrk');

/** Installs Debian's wrk when it is missing (as root, like the cluster's nginx); otherwise says how. */
export function ensureWrk() {
  if (existsSync('/usr/bin/wrk')) return;
  if (process.getuid?.() !== 0) throw new Error('wrk is needed: sudo apt-get install wrk');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore', env }).status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    if (spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore', env }).status !== 0)
      throw new Error('apt-get install wrk failed');
  }
}

export type WrkResult = {
  requests: number;
  rps: number;
  bytes: number;
  /** Latency percentiles in ms. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Socket errors and timeouts, and answers other than 2xx/3xx. */
  errors: number;
  status: number;
  timeout: number;
  /** The generator's own CPU (user + system), in seconds. */
  cpuSeconds: number;
};

export type WrkRun = { pid: number | undefined; done: Promise<WrkResult> };

/**
 * Starts wrk on `url` with the scenario `script` (a file in bench/wrk/, or none) and its arguments. `cpus` pins it
 * with taskset (e.g. "1"). One thread unless told: a single core at most.
 */
export async function wrk(
  url: string,
  o: { seconds: number; connections: number; threads?: number; script?: string; args?: string[]; cpus?: string },
): Promise<WrkRun> {
  const report = await readFile(path.join(WRK_DIR, 'report.lua'), 'utf8');
  const scenario = o.script ? await readFile(path.join(WRK_DIR, o.script), 'utf8') : '';
  const file = path.join(tmpdir(), `sideline-wrk-${process.pid}-${o.script ?? 'plain'}-${Date.now()}.lua`);
  await writeFile(file, `${scenario}\n${report}`);
  const wrkArgs = [
    ...['-t', String(o.threads ?? 1), '-c', String(o.connections), '-d', `${o.seconds}s`],
    ...['--timeout', '10s', '-s', file, url, ...(o.args?.length ? ['--', ...o.args] : [])],
  ];
  // `sh -c '…; times'`: the shell prints its children's CPU times once wrk has exited (wrk's /proc entry is gone).
  const cmd = `${o.cpus ? `taskset -c ${o.cpus} ` : ''}wrk ${wrkArgs.map((a) => `'${a}'`).join(' ')}; times`;
  const child = spawn('sh', ['-c', cmd], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const done = new Promise<WrkResult>((resolve, reject) => {
    child.on('exit', () => {
      const json = out.match(/^WRK_JSON (.*)$/m)?.[1];
      if (!json) return reject(new Error(`wrk gave no report:\n${out}`));
      const r = JSON.parse(json) as Record<string, number>;
      const n = (k: string) => r[k] ?? 0;
      // `times`: two lines, the shell's then its children's, each "XmY.Ys XmY.Ys" (user, system).
      const children = out.trim().split('\n').at(-1) ?? '';
      const cpuSeconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
        (s, m) => s + 60 * Number(m[1]) + Number(m[2]),
        0,
      );
      resolve({
        requests: n('requests'),
        rps: n('requests') / (n('durationUs') / 1e6),
        bytes: n('bytes'),
        p50: n('p50') / 1000,
        p90: n('p90') / 1000,
        p99: n('p99') / 1000,
        max: n('max') / 1000,
        errors: n('connect') + n('read') + n('write') + n('timeout') + n('status'),
        status: n('status'),
        timeout: n('timeout'),
        cpuSeconds,
      });
    });
  });
  return { pid: child.pid, done };
}
