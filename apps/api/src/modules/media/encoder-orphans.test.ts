import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seededDataDir, startServer } from '../../../test/support/server-process';
import { ffmpegPath } from './ffmpeg/ffmpeg';

/** The ffmpeg processes working in a data folder, whoever their parent: what `ps` would show an operator. */
async function ffmpegsIn(dataDir: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const argv = (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0');
    if (path.basename(argv[0] ?? '').includes('ffmpeg') && argv.some((a) => a.includes(dataDir))) {
      found.push(Number(entry));
    }
  }
  return found;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('ffmpeg processes die with the server', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0)) await step().catch(() => undefined);
  });

  it('ends a stale encoder at start, and leaves no encoder behind when killed with -9', async () => {
    const dataDir = await seededDataDir('orphans');
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    // An encoder a crashed server left running on the test feed's output, with its pid file.
    const out = path.join(dataDir, 'media/hls/live/simulate/720p');
    await mkdir(out, { recursive: true });
    const stale = spawn(
      ffmpegPath(),
      ['-re', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5', '-f', 'hls', path.join(out, 'index.m3u8')],
      { stdio: 'ignore' },
    );
    cleanup.push(async () => stale.kill('SIGKILL'));
    await mkdir(path.join(dataDir, 'run'), { recursive: true });
    await writeFile(path.join(dataDir, 'run/ffmpeg-live-simulate.pid'), String(stale.pid));
    expect(await ffmpegsIn(dataDir)).toEqual([stale.pid]);

    const server = await startServer(dataDir, { DEMO_MEDIA: 'false', LIVE_START_WAIT_MS: '30000' });
    cleanup.push(async () => server.child.kill('SIGKILL'));
    await until('the stale encoder is ended', async () => stale.exitCode ?? stale.signalCode ?? undefined, 5_000);

    const key = await fetch(`${server.url}/api/get_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'localhost' },
      body: JSON.stringify({ channel_key: 'hcn_demo_channel_key_localhost' }),
    }).then(async (r) => ((await r.json()) as { data: { api_key: string } }).data.api_key);
    const res = await fetch(`${server.url}/api/simulate/playback?api_key=${key}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const encoders = await ffmpegsIn(dataDir);
    expect(encoders).toHaveLength(1);
    expect(encoders).not.toContain(stale.pid);

    server.child.kill('SIGKILL');
    await server.exited;
    await until(
      'no encoder outlives the server',
      async () => ((await ffmpegsIn(dataDir)).length ? undefined : true),
      5_000,
    );
  }, 180_000);

  it('a clean stop during media packaging ends the packaging ffmpeg and exits at once', async () => {
    const dataDir = await seededDataDir('orphans');
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = await startServer(dataDir, {
      LIVE_SIMULATOR: 'false',
      DEMO_GAME_S: '600',
      DEMO_MEDIA_CACHE_DIR: '',
      SHUTDOWN_GRACE_MS: '15000',
    });
    cleanup.push(async () => server.child.kill('SIGKILL'));
    await until('packaging has started', async () => ((await ffmpegsIn(dataDir)).length ? true : undefined), 60_000);

    const stopping = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(10_000);
    await until(
      'no packaging ffmpeg is left',
      async () => ((await ffmpegsIn(dataDir)).length ? undefined : true),
      3_000,
    );
  }, 180_000);
});
