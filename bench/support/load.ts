import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));

export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/** Drives one URL with autocannon and returns requests per second and latency percentiles (ms). */
export async function load(
  url: string,
  { seconds = 8, connections = 16, headers = {} as Record<string, string> } = {},
) {
  const result = await autocannon({ url, duration: seconds, connections, pipelining: 1, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  } satisfies LoadResult;
}

/** Starts the bare Fastify yardstick serving `body` at /bare; returns its URL and a stop function. */
export async function startBare(
  body: string,
  port: number,
): Promise<{ url: string; pid: number | undefined; stop(): void }> {
  const file = path.join(tmpdir(), `sideline-bare-${port}.json`);
  await writeFile(file, body);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'bare-fastify.ts')], {
    env: { ...process.env, BARE_PORT: String(port), BARE_BODY_FILE: file },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}/bare`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
