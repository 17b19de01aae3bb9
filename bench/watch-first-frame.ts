/**
 * Navigation to first frame: our `/watch/{id}` against a plain hls.js page (fixtures/plain-hls.html, hls.js from
 * this workspace, its defaults) playing the same master playlist of a free finished game. Both pages get the same
 * init script (fixtures/first-frame-probe.js): the figure is requestVideoFrameCallback's presentation time of the
 * first frame, in ms since the navigation started. Fresh browser context per run (cold cache for both), runs
 * alternate, one warm-up each is dropped. Target: ours / plain <= 1.10 (medians). Exit 1 only with --strict.
 *
 * No preroll: the demo channels run one before every game for guests, so after the first start (seed, media) the
 * bench deletes the prerolls of its own data folder and restarts; both pages then play the game itself.
 *
 * With the demo's live encoder running (a fan on its live feed, keepLiveEncoderRunning), as a deployment has it;
 * `--quiet` measures without it.
 *
 * Run: npm run watch-first-frame -w @sideline/bench -- [--runs 7] [--timeout 20] [--no-build] [--strict] [--quiet]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openDatabase } from '../apps/api/src/db/client';
import { prerolls } from '../apps/api/src/modules/channel/channel.table';
import { newContext } from '../e2e/support/browser';
import {
  ensureWebBuilt,
  flag,
  getJson,
  guestKey,
  hlsJsVersion,
  keepLiveEncoderRunning,
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

const TARGET_RATIO = 1.1;
// As a fan gets it: the demo's live encoder runs (a fan watches the live feed) unless `--quiet` says otherwise.
const QUIET = flag('quiet');
const ENV = { LIVE_SIMULATOR: QUIET ? 'false' : 'true' };

type Run =
  | { ok: true; frame: number; playing: number; playlist: number; via: string; element: string; reloads: number }
  | { ok: false; why: string };
type Event = { id: number; name: string; type: string; has_access: boolean };
type Reports = {
  documents: number[];
  frame?: { at: number; via: string; element: string };
  playing?: number;
  playlist?: number;
};
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** Why a page played nothing: what it shows, and any video element with its state. */
async function diagnose(page: Page, timeoutMs: number): Promise<string> {
  const videos = (await page.evaluate('window.__benchFindVideos()').catch(() => [])) as unknown[];
  const probe = await page.evaluate('window.__benchFirstFrame').catch(() => null);
  const text = ((await page.evaluate('document.body.innerText').catch(() => '')) as string).replace(/\s+/g, ' ');
  if (!videos.length && !(probe as { videos?: number } | null)?.videos) {
    return `shows no video yet (the page reads "${text.trim().slice(0, 160)}")`;
  }
  return `video but no playback within ${timeoutMs / 1000} s: ${JSON.stringify({ probe, videos })}`;
}

/**
 * One navigation in a fresh context: ms from the start of its first document to the first presented frame (so a
 * page that reloads itself pays for it), or why there was none within the timeout. The page is not polled: the
 * probe reports through an exposed function.
 */
async function measure(browser: Browser, url: string, timeoutMs: number): Promise<Run> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const got: Reports = { documents: [] };
    await page.exposeFunction('__benchReport', (type: string, data: never) => {
      if (type === 'document') got.documents.push(data);
      else if (type === 'frame') got.frame ??= data;
      else if (type === 'playing') got.playing ??= data;
      else if (type === 'playlist') got.playlist ??= data;
    });
    await page.addInitScript({ path: PROBE_SCRIPT });
    const asked = Date.now();
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    while (!(got.frame && got.playing) && Date.now() - asked < timeoutMs) await sleep(50);
    if (!got.frame || !got.playing) return { ok: false, why: await diagnose(page, timeoutMs) };
    const start = got.documents.length ? Math.min(...got.documents) : asked;
    return {
      ok: true,
      frame: got.frame.at - start,
      playing: got.playing - start,
      playlist: (got.playlist ?? Number.NaN) - start,
      via: got.frame.via,
      element: got.frame.element,
      reloads: got.documents.filter((t) => t <= (got.frame?.at ?? 0)).length - 1,
    };
  } finally {
    await context.close();
  }
}

/** Deletes every preroll of a stopped server's PGlite database (the bench's own data folder). */
async function dropPrerolls(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
  try {
    await database.db.delete(prerolls);
  } finally {
    await database.close();
  }
}

const summary = (runs: Run[]) => {
  const ok = runs.filter((r): r is Extract<Run, { ok: true }> => r.ok);
  const frames = ok.map((r) => r.frame);
  return {
    runs: ok.length,
    median: percentile(frames, 50),
    p90: percentile(frames, 90),
    playingMedian: percentile(
      ok.map((r) => r.playing),
      50,
    ),
    playlistMedian: percentile(
      ok.map((r) => r.playlist),
      50,
    ),
    via: ok[0] ? `${ok[0].via}, ${ok[0].element}` : null,
    /** Runs in which the page loaded a second document (reloaded itself) before its first frame. */
    reloadedRuns: ok.filter((r) => r.reloads > 0).length,
    failures: runs.filter((r): r is Extract<Run, { ok: false }> => !r.ok).map((r) => r.why),
  };
};

/** Runs both pages `runs` times, alternating, after one dropped warm-up each. */
async function measureBoth(browser: Browser, urls: { plain: string; ours: string }, runs: number, timeoutMs: number) {
  const results = { plain: [] as Run[], ours: [] as Run[] };
  // Our page is given up on after two failures and no success (e.g. no player yet): no 20 s waits in a row.
  let oursBroken: string | null = null;
  let oursFailures = 0;
  for (let i = -1; i < runs; i++) {
    for (const which of i % 2 ? (['plain', 'ours'] as const) : (['ours', 'plain'] as const)) {
      if (which === 'ours' && oursBroken) continue;
      const run = await measure(browser, urls[which], timeoutMs);
      if (which === 'ours' && !run.ok && ++oursFailures >= 2 && results.ours.every((r) => !r.ok)) oursBroken = run.why;
      if (i >= 0) results[which].push(run);
      else if (!run.ok && which === 'plain') throw new Error(`the plain page did not play: ${run.why}`);
    }
  }
  return { plain: summary(results.plain), ours: summary(results.ours), oursBroken };
}

async function main() {
  const started = Date.now();
  const runs = option('runs', 7);
  const timeoutMs = option('timeout', 20) * 1000;
  ensureWebBuilt();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-bench-watch-'));
  const plainPage = await startPlainPage();
  let measured: Awaited<ReturnType<typeof measureBoth>> & { event: Event };
  try {
    // First start: seed and media. Then no prerolls, and a second start that reads the channel settings afresh.
    await (await startWithMedia({ ...ENV, DATA_DIR: dataDir, WEB_ORIGINS: plainPage.origin })).stop();
    await dropPrerolls(dataDir);
    const server = await startWithMedia({ ...ENV, DATA_DIR: dataDir, WEB_ORIGINS: plainPage.origin });
    const stopLive = QUIET ? () => {} : await keepLiveEncoderRunning(server.url);
    const browser = await launchChromium();
    try {
      const key = await guestKey(server.url);
      const events = await getJson<{ data: Event[] }>(
        `${server.url}/api/events?stream_status=finished&limit=100&sort_direction=desc&api_key=${key}`,
      );
      const event = events.data.find((e) => e.type === 'free' && e.has_access);
      if (!event) throw new Error('no free finished event in the demo schedule');
      const playback = (
        await getJson<{ data: Playback }>(`${server.url}/api/events/${event.id}/playback?api_key=${key}`)
      ).data;
      if (playback.preroll) console.warn(`warning: event ${event.id} still has a preroll (${playback.preroll.url})`);
      const urls = {
        plain: plainPage.pageUrl(`${server.url}${playback.url}`),
        ours: `${server.url}/watch/${event.id}`,
      };
      measured = { ...(await measureBoth(browser, urls, runs, timeoutMs)), event };
    } finally {
      stopLive();
      await browser.close();
      await server.stop();
    }
  } finally {
    plainPage.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  const { plain, ours, oursBroken, event } = measured;
  const ratio = ours.median / plain.median;
  const pass = Number.isFinite(ratio) && ratio <= TARGET_RATIO;
  const line = (label: string, r: typeof plain) =>
    `  ${label.padEnd(24)}: median ${ms(r.median)}  p90 ${ms(r.p90)}  (first playlist request ${ms(r.playlistMedian)}, ` +
    `'playing' ${ms(r.playingMedian)})` +
    (r.reloadedRuns ? `\n${' '.repeat(26)}reloaded itself before playing in ${r.reloadedRuns} of ${r.runs} runs` : '');
  console.log(`\nNavigation to first frame: VOD event ${event.id} "${event.name}" (free, guest)`);
  console.log(
    `  no preroll (deleted from the bench's data folder); ${QUIET ? 'no live encoder (--quiet)' : "the demo's live encoder running"}; Debian Chromium headless; ${runs} alternating runs`,
  );
  console.log('  per page after a warm-up, fresh context each (cold cache); medians of ms from navigation start');
  console.log(`  first frame by: plain ${plain.via ?? 'n/a'}; ours ${ours.via ?? 'n/a'}`);
  console.log(line(`plain hls.js ${hlsJsVersion()} page`, plain));
  const oursLabel = `our /watch/${event.id}`;
  if (oursBroken || !ours.runs) {
    const why = oursBroken ?? ours.failures[0] ?? 'no run';
    console.log(
      `  ${oursLabel.padEnd(24)}: ${why.startsWith('shows no video') ? `watch page ${why}` : `did not play: ${why}`}`,
    );
  } else {
    console.log(line(oursLabel, ours));
    if (ours.failures.length) console.log(`  our page failed ${ours.failures.length} run(s): ${ours.failures[0]}`);
  }
  const verdict = Number.isFinite(ratio) ? (pass ? 'PASS' : 'FAIL') : 'FAIL (no figure for our page)';
  console.log(
    `  ratio ours / plain (medians): ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'} (target <= ${TARGET_RATIO}) ${verdict}`,
  );
  console.log(`  bench took ${Math.round((Date.now() - started) / 1000)} s`);
  const result = { event: event.id, runs, plain, ours, ratio, target: TARGET_RATIO, pass };
  saveResult('watch-first-frame', result);
  if (!pass && flag('strict')) process.exitCode = 1;
  return result;
}

export const benchWatchFirstFrame = main;

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
