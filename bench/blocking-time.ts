/**
 * Blocking time as a phone feels it: Chromium's own 4x CPU slowdown (not Lighthouse's simulation), a trace of each
 * load, and the main thread's tasks longer than 50 ms from the first contentful paint on (each counts what it runs
 * past 50 ms, as TBT does). With the demo and its live encoder running, as `npm run demo` runs it.
 *
 * Lighthouse's simulated score moves by up to 0.1 between two runs of the same build on a busy 2-core machine
 * (bench/README.md), too much to tell two builds apart; this bench can. Give it two builds of the web app
 * (`--dist=A,B`, folders made with `npx vite build --outDir …`) and it alternates them, each on its own server,
 * and prints the ratio B / A of the medians. Without `--dist` it measures the built app (apps/web/dist).
 *
 * Run: npm run blocking-time -w @sideline/bench -- [--runs 6] [--pages=home,game,schedule,live] [--dist=A,B] [--watch-ms 7000]
 *   [--no-build]
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { percentile } from './support/stats';
import {
  ensureWebBuilt,
  getJson,
  guestKey,
  keepLiveEncoderRunning,
  listOption,
  option,
  startWithMedia,
} from './watch-support';

const SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/**
 * Long enough for the page, its stream and the player's controls to have started; `--watch-ms 30000` looks at
 * the playback that follows too.
 */
const WATCH_MS = option('watch-ms', 7000);

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number };
/** `busy`: the main thread's time in tasks of any length, which short tasks (a live segment's remux) add to. */
type Sample = { blocking: number; longest: number; busy: number };

/** One load of `url` under the slowdown: the blocking time and the longest task after the first contentful paint. */
async function traceLoad(page: Page, url: string): Promise<Sample> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading',
    transferMode: 'ReportEvents',
  });
  await page.goto(url);
  await page.waitForTimeout(WATCH_MS);
  await cdp.send('Tracing.end');
  await complete;
  // The page's first contentful paint is marked on its main thread.
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error(`${url}: no first contentful paint in the trace`);
  const tasks = events.filter(
    (e) => e.pid === fcp.pid && e.tid === fcp.tid && e.name === 'RunTask' && e.ts >= fcp.ts && e.dur,
  );
  const lengths = tasks.map((t) => (t.dur ?? 0) / 1000);
  return {
    blocking: lengths.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0),
    longest: Math.max(0, ...lengths),
    busy: lengths.reduce((sum, ms) => sum + ms, 0),
  };
}

export async function benchBlockingTime() {
  const runs = option('runs', 6);
  // Folders as the caller wrote them, from where npm was run (npm -w runs this in bench/); a folder without the
  // app would serve the server's not-found page and measure nothing.
  const dists = listOption('dist')?.map((dist) => resolve(process.env.INIT_CWD ?? process.cwd(), dist)) ?? [undefined];
  for (const dist of dists) {
    if (dist && !existsSync(join(dist, 'index.html'))) throw new Error(`${dist} holds no build of the web app`);
  }
  if (!dists[0]) ensureWebBuilt();
  const servers = await Promise.all(
    dists.map((dist) => startWithMedia({ LIVE_SIMULATOR: 'true', ...(dist ? { WEB_DIST_DIR: dist } : {}) })),
  );
  // One live encoder for the machine, as a deployment with a fan on its live feed: the builds take turns beside it.
  const stopLive = await keepLiveEncoderRunning(servers.map((s) => s.url)[0] ?? '');
  // As the browser suites launch Chromium: no autoplay with sound, as a fan's browser.
  const browser = await launchBrowser();
  try {
    const first = servers[0]?.url ?? '';
    const key = await guestKey(first);
    const games = await getJson<{ data: { id: number }[] }>(
      `${first}/api/events?stream_status=finished&limit=1&api_key=${key}`,
    );
    // A free live game (a guest may play it): the player remuxes a segment a second for as long as it plays.
    const live = await getJson<{ data: { id: number; type: string }[] }>(
      `${first}/api/events?stream_status=live&limit=50&api_key=${key}`,
    );
    const paths: Record<string, string> = {
      home: '/',
      schedule: '/schedule',
      game: `/watch/${games.data[0]?.id}`,
      live: `/watch/${live.data.find((e) => e.type === 'free')?.id}`,
    };
    const pages = (listOption('pages') ?? ['home', 'game']).filter((p) => p in paths);
    // A missing game would measure the not-found page under the game's name.
    for (const name of pages)
      if (paths[name]?.endsWith('/undefined')) throw new Error(`no ${name} game to load: is the demo seeded?`);
    const results = new Map<string, Sample[]>();
    // Builds in turn within each round, so a busy moment of the machine does not fall on one build only.
    for (let round = 0; round < runs; round++)
      for (const name of pages)
        for (const [i, server] of servers.entries()) {
          // Lighthouse's phone: its viewport and pixel ratio, touch.
          const context = await browser.newContext({
            viewport: { width: 412, height: 823 },
            deviceScaleFactor: 1.75,
            isMobile: true,
            hasTouch: true,
          });
          const sample = await traceLoad(await context.newPage(), `${server.url}${paths[name]}`);
          await context.close();
          const id = `${name} ${i}`;
          results.set(id, [...(results.get(id) ?? []), sample]);
        }
    const median = (values: number[]) => percentile(values, 50);
    console.log(
      `\nBlocking time after the first contentful paint, ${SLOWDOWN}x CPU slowdown, ${runs} runs a page and build, demo running`,
    );
    for (const name of pages) {
      const figures = dists.map((_, i) => {
        const samples = results.get(`${name} ${i}`) ?? [];
        const blocking = samples.map((s) => s.blocking);
        const busy = median(samples.map((s) => s.busy));
        return { blocking, median: median(blocking), longest: median(samples.map((s) => s.longest)), busy };
      });
      for (const [i, f] of figures.entries()) {
        const range = `${Math.min(...f.blocking).toFixed(0)}-${Math.max(...f.blocking).toFixed(0)}`;
        console.log(
          `${name.padEnd(9)} ${dists[i] ?? 'apps/web/dist'}: median ${f.median.toFixed(0)} ms (${range}), longest task ${f.longest.toFixed(0)} ms, busy ${f.busy.toFixed(0)} ms`,
        );
      }
      const [a, b] = figures;
      if (a && b && a.median > 0) console.log(`${name.padEnd(9)} second / first: ${(b.median / a.median).toFixed(2)}`);
    }
  } finally {
    stopLive();
    await browser.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBlockingTime();
