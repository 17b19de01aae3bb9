/**
 * Shared by the player benchmarks (watch-first-frame, live-latency): the product server with demo media, a key,
 * a tiny server for the plain hls.js page, Debian Chromium, and percentiles.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { launchOptions } from '../e2e/support/browser';
import { DEMO_MEDIA_CACHE, waitForDemoMedia } from '../e2e/support/media';
import { REPO_ROOT, type RunningServer, startServer } from '../e2e/support/server';

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
/** The init script both pages get: records when the first video frame is presented (see the file). */
export const PROBE_SCRIPT = path.join(FIXTURES, 'first-frame-probe.js');
const HLS_JS = path.join(REPO_ROOT, 'node_modules/hls.js/dist/hls.min.js');

/** Like the browser suites' shared server: raised per-address limits (every run asks for a key), cached media. */
export const BENCH_SERVER_ENV = {
  API_KEY_RATE_LIMIT_MAX: '100000',
  AUTH_RATE_LIMIT_MAX: '100000',
  RATE_LIMIT_MAX: '100000000',
  DEMO_MEDIA_CACHE_DIR: DEMO_MEDIA_CACHE,
  DEMO_GAME_S: '30',
  LOG_LEVEL: 'error',
};

export const args = process.argv.slice(2);
export const flag = (name: string) => args.includes(`--${name}`);
export function option(name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
/** A comma-separated option written `--name=a,b`; undefined when it is not given. */
export const listOption = (name: string): string[] | undefined =>
  args
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',');

let built = false;

/**
 * `npm run build` (the server serves apps/web/dist), once per process; with --no-build, or if the build fails,
 * the existing dist.
 */
export function ensureWebBuilt() {
  const index = path.join(REPO_ROOT, 'apps/web/dist/index.html');
  if (!flag('no-build') && !built) {
    built = true;
    console.log('building the web app (npm run build; --no-build skips)…');
    const result = spawnSync('npm', ['run', 'build', '--silent'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (result.status !== 0) {
      console.warn(`npm run build failed:\n${result.stderr.toString().slice(-2000)}`);
      if (!existsSync(index)) throw new Error('no apps/web/dist to fall back on');
      console.warn(`falling back on the existing apps/web/dist (built ${statSync(index).mtime.toISOString()})`);
    }
  }
  if (!existsSync(index)) throw new Error('The web app is not built: run `npm run build`.');
}

export async function startWithMedia(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer({ ...BENCH_SERVER_ENV, ...env });
  try {
    await waitForDemoMedia(server.dataDir);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.url.replace(/api_key=[^&]+/, 'api_key=…')}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** A guest key of the English demo channel: the channel key from /channel.json, then POST /api/get_api_key. */
export async function guestKey(base: string): Promise<string> {
  const { channel_key } = await json<{ channel_key: string }>(await fetch(`${base}/channel.json`));
  const res = await fetch(`${base}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key }),
  });
  return (await json<{ data: { api_key: string } }>(res)).data.api_key;
}

/**
 * Keeps the demo's live encoder running, as a fan watching the channel's live test feed would: the demo runs an
 * encoder (ffmpeg, most of a core) only while someone asks for its feed (docs/playback.md), so without this a bench
 * measures a server with no live load at all. The playback answer comes once the feed has started; its playlist is
 * then asked for every 2 s. Returns the function that stops asking (the encoder stops 5 minutes later, or with the
 * server).
 */
export async function keepLiveEncoderRunning(base: string): Promise<() => void> {
  const key = await guestKey(base);
  const live = (await getJson<{ data: Playback }>(`${base}/api/simulate/playback?api_key=${key}`)).data;
  const timer = setInterval(() => void fetch(new URL(live.url, base)).catch(() => {}), 2000);
  return () => clearInterval(timer);
}

export type Playback = { event_id: number; kind: string; url: string; preroll: { url: string } | null };

export async function getJson<T>(url: string): Promise<T> {
  return json<T>(await fetch(url));
}

/**
 * Serves the plain page (fixtures/plain-hls.html) and hls.min.js from this workspace on another port of
 * `localhost`. Another port is another origin: start the product with `WEB_ORIGINS` set to `origin`, so its CORS
 * lets the page's hls.js fetch the media (without it the plain page never plays).
 */
export async function startPlainPage(): Promise<{
  /** Its origin: the product must be started with it in WEB_ORIGINS, or its CORS refuses the page's requests. */
  origin: string;
  pageUrl(src: string, config?: object): string;
  stop(): void;
}> {
  const html = readFileSync(path.join(FIXTURES, 'plain-hls.html'));
  const hls = readFileSync(HLS_JS);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
    } else if (url.pathname === '/hls.min.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'public, max-age=86400' });
      res.end(hls);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    pageUrl: (src, config = {}) =>
      `http://localhost:${port}/?src=${encodeURIComponent(src)}&config=${encodeURIComponent(JSON.stringify(config))}`,
    stop: () => server.close(),
  };
}

export function hlsJsVersion(): string {
  return (
    JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/hls.js/package.json'), 'utf8')) as { version: string }
  ).version;
}

/** Debian Chromium as the browser suites launch it, plus autoplay with sound allowed. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--autoplay-policy=no-user-gesture-required'],
  });
}

export { percentile } from './support/stats';

export const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : 'n/a');

/** Writes a bench's figures to bench/results/<name>.json (not committed). */
export function saveResult(name: string, result: object) {
  const dir = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`,
  );
}
