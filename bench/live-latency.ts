/**
 * Live latency: from EXT-X-PROGRAM-DATE-TIME to the frame on screen, on the channel's simulated live feed
 * (`GET /api/simulate/playback`: real-time ffmpeg, 1 s segments, PDT on each). The encoder and the browser share
 * this machine's clock, so `Date.now() - hls.playingDate` is the glass-to-glass figure minus capture.
 *
 * - Plain page (fixtures/plain-hls.html, hls.js defaults unless --hls-config '{…}'): after the player settles,
 *   one sample a second of `Date.now() - hls.playingDate`, and of the newest segment's age (its PDT + duration:
 *   what the encoder and packaging cost before any player can have it).
 * - Our /simulate page: the figure it shows in [data-testid="pdt-latency-ms"], sampled the same way.
 * Target: median <= 4 s (standard HLS services run 15-30 s; Mux's low-latency mode about 4 s).
 *
 * Run: npm run live-latency -w @sideline/bench -- [--settle 12] [--samples 20] [--no-build] [--strict]
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { newContext } from '../e2e/support/browser';
import type { RunningServer } from '../e2e/support/server';
import {
  args,
  ensureWebBuilt,
  flag,
  guestKey,
  hlsJsVersion,
  launchChromium,
  ms,
  option,
  type Playback,
  PROBE_SCRIPT,
  percentile,
  saveResult,
  startPlainPage,
  startWithMedia,
} from './watch-support';

const TARGET_MS = 4000;
const FIGURE = '[data-testid="pdt-latency-ms"]';
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

type Stats = { samples: number; median: number; p90: number; min: number; max: number };
const stats = (values: number[]): Stats => ({
  samples: values.length,
  median: percentile(values, 50),
  p90: percentile(values, 90),
  min: Math.min(...values),
  max: Math.max(...values),
});
const statLine = (s: Stats) =>
  s.samples
    ? `median ${ms(s.median)}  p90 ${ms(s.p90)}  (min ${ms(s.min)}, max ${ms(s.max)}, ${s.samples} samples)`
    : 'n/a';

/** The feed's playback, once the encoder has written enough segments for a player to start at its usual spot. */
async function liveFeed(server: RunningServer, key: string): Promise<Playback> {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    // null: no answer for a moment (the server starts the encoder); 503: the feed is not ready yet.
    const res = await fetch(`${server.url}/api/simulate/playback?api_key=${key}`).catch(() => null);
    if (res?.ok) {
      const playback = ((await res.json()) as { data: Playback }).data;
      const media = new URL(playback.url.replace('master.m3u8', '360p/index.m3u8'), server.url);
      const list = await fetch(media).then(
        (r) => (r.ok ? r.text() : ''),
        () => '',
      );
      if ((list.match(/#EXT-X-PROGRAM-DATE-TIME/g) ?? []).length >= 8) return playback;
    } else if (res && res.status !== 503) {
      throw new Error(`GET /api/simulate/playback: ${res.status} ${await res.text()}`);
    }
    await sleep(1000);
  }
  throw new Error(`the live feed has not 8 segments after 90 s:\n${server.logs().slice(-2000)}`);
}

/**
 * How far the feed's PDTs run behind the wall clock: when the newest segment was closed on disk (mtime) minus the
 * end of its PDT span. The raw figure includes it (encoder delay, and the PDTs being stamped in whole seconds).
 */
async function pdtLag(rendition: string): Promise<number> {
  const text = await readFile(path.join(rendition, 'index.m3u8'), 'utf8');
  const last = [...text.matchAll(/#EXTINF:([\d.]+),\s+#EXT-X-PROGRAM-DATE-TIME:(\S+)\s+(\S+\.ts)/g)].at(-1);
  if (!last) return Number.NaN;
  const closed = (await stat(path.join(rendition, last[3] ?? ''))).mtimeMs;
  return closed - (Date.parse(last[2] ?? '') + Number(last[1]) * 1000);
}

/** After `settleMs`, `count` readings one second apart: the page's figure(s), then the PDT lag. */
async function sample(page: Page, read: string, rendition: string, { settleMs, count }: Sampling) {
  await sleep(settleMs);
  const rows: number[][] = [];
  for (let i = 0; i < count; i++) {
    const row = (await page.evaluate(read)) as number[] | null;
    const lag = await pdtLag(rendition);
    if (row?.every(Number.isFinite) && Number.isFinite(lag)) rows.push([...row, lag]);
    await sleep(1000);
  }
  return rows;
}

const READ_PLAIN = 'hls.playingDate ? [Date.now() - hls.playingDate.getTime()] : null';
/** The live settings of the plain page's hls.js (Infinity shown as such, not as JSON's null). */
const HLS_CONFIG = `Object.fromEntries(['liveSyncDurationCount', 'liveSyncDuration', 'liveMaxLatencyDurationCount',
  'liveMaxLatencyDuration', 'maxLiveSyncPlaybackRate', 'lowLatencyMode', 'startPosition', 'maxBufferLength']
  .map((k) => [k, typeof hls.config[k] === 'number' && !Number.isFinite(hls.config[k]) ? String(hls.config[k]) : hls.config[k] ?? null]))`;
const READ_OURS = `(() => {
  const text = document.querySelector('${FIGURE}')?.textContent ?? '';
  const n = Number(text.replace(/[^0-9.]/g, ''));
  return text && Number.isFinite(n) ? [n] : null;
})()`;

/** The feed's master playlist URL, and the folder of one rendition in the server's data folder. */
/** Raw latency (PDT to frame), the PDT lag, and the latency net of it, from rows [latency, lag]. */
const figures = (rows: number[][]) => ({
  latency: stats(rows.map((r) => r[0] ?? 0)),
  pdtLag: stats(rows.map((r) => r[1] ?? 0)),
  net: stats(rows.map((r) => (r[0] ?? 0) - (r[1] ?? 0))),
});

type Feed = { master: string; rendition: string };
type Sampling = { settleMs: number; count: number };

type PlainPage = Awaited<ReturnType<typeof startPlainPage>>;

async function measurePlain(browser: Browser, plainPage: PlainPage, feed: Feed, config: object, sampling: Sampling) {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(plainPage.pageUrl(feed.master, config));
    await page.waitForFunction('window.hls && hls.playingDate !== null', undefined, { timeout: 30_000 });
    const effective = await page.evaluate(HLS_CONFIG);
    const rows = await sample(page, READ_PLAIN, feed.rendition, sampling);
    return { config: effective, ...figures(rows) };
  } finally {
    await context.close();
  }
}

async function measureOurs(browser: Browser, url: string, feed: Feed, sampling: Sampling) {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript({ path: PROBE_SCRIPT });
    await page.goto(url);
    try {
      await page.waitForSelector(FIGURE, { timeout: 20_000 });
    } catch {
      const videos = (await page.evaluate('window.__benchFindVideos().length')) as number;
      const text = (await page.evaluate('document.body.innerText')) as string;
      const shows = text.replace(/\s+/g, ' ').trim().slice(0, 160);
      return { missing: `no ${FIGURE} yet, ${videos ? 'a video' : 'no video'}; the page shows "${shows}"` };
    }
    const rows = await sample(page, READ_OURS, feed.rendition, sampling);
    return figures(rows);
  } finally {
    await context.close();
  }
}

async function main() {
  const started = Date.now();
  const sampling = { settleMs: option('settle', 12) * 1000, count: option('samples', 20) };
  const configArg = args.indexOf('--hls-config');
  const config = configArg >= 0 ? (JSON.parse(args[configArg + 1] ?? '{}') as object) : {};
  ensureWebBuilt();
  const plainPage = await startPlainPage();
  const server = await startWithMedia({ LIVE_SIMULATOR: 'true', WEB_ORIGINS: plainPage.origin });
  const browser = await launchChromium();
  let plain: Awaited<ReturnType<typeof measurePlain>>;
  let ours: Awaited<ReturnType<typeof measureOurs>>;
  try {
    const playback = await liveFeed(server, await guestKey(server.url));
    const master = new URL(playback.url, server.url).toString();
    const feed = { master, rendition: path.join(server.dataDir, 'media/hls/live/simulate/720p') };
    plain = await measurePlain(browser, plainPage, feed, config, sampling);
    ours = await measureOurs(browser, `${server.url}/simulate`, feed, sampling);
  } finally {
    await browser.close();
    await server.stop();
    plainPage.stop();
  }

  const verdict = (s: Stats) => (s.samples && s.median <= TARGET_MS ? 'PASS' : 'FAIL');
  const block = (f: ReturnType<typeof figures>) => {
    console.log(`    PDT to frame       : ${statLine(f.latency)} ${verdict(f.latency)}`);
    console.log(`    PDT lag            : ${statLine(f.pdtLag)}`);
    console.log(`    net of the PDT lag : ${statLine(f.net)}`);
  };
  console.log('\nLive latency, EXT-X-PROGRAM-DATE-TIME to the shown frame (simulated live feed: real-time ffmpeg, 1 s');
  console.log("  segments; encoder and browser on this machine's clock), Debian Chromium headless");
  console.log(`  plain hls.js ${hlsJsVersion()} page, config ${JSON.stringify(plain.config)}`);
  block(plain);
  if ('missing' in ours) console.log(`  our /simulate page: ${ours.missing}`);
  else {
    console.log(`  our /simulate page (its ${FIGURE})`);
    block(ours);
  }
  console.log(
    '  PDT lag: newest segment closed on disk - end of its PDT span (how far PDTs run behind the wall clock)',
  );
  const lagP90 = Math.max(plain.pdtLag.p90, 'missing' in ours ? 0 : ours.pdtLag.p90);
  if (lagP90 > 1000) {
    console.log(
      `  warning: PDT lag p90 ${ms(lagP90)}: the encoder fell behind real time (machine busy); unreliable run`,
    );
  }
  console.log(`  target: median <= ${TARGET_MS} ms; settle ${sampling.settleMs / 1000} s, then one sample a second`);
  console.log(`  bench took ${Math.round((Date.now() - started) / 1000)} s`);
  const pass = !('missing' in ours) && verdict(ours.latency) === 'PASS';
  saveResult('live-latency', { target: TARGET_MS, plain, ours, pass });
  if (flag('strict') && !pass) process.exitCode = 1;
  return { plain, ours, pass };
}

export const benchLiveLatency = main;

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
