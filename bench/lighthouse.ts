/**
 * Lighthouse 12 mobile performance (its default: simulated slow 4G and a 4x CPU slowdown) on the home page, the
 * schedule and a game's page, with the demo running as the README starts it: the built app, the demo channels,
 * their media and the live encoder (LIVE_SIMULATOR on), so the pages share the cores with a real deployment's
 * own load. Each page is measured `--runs` times (default 3) in a fresh Chromium (Debian's, headless); the bench
 * prints the median score with its range, and the median TBT, LCP and FCP. Target: 0.95 or more on each page.
 * Exit 1 only with --strict.
 *
 * Run: npm run lighthouse -w @sideline/bench -- [--runs 3] [--pages=home,schedule,game] [--keep=DIR] [--no-build]
 *   [--strict]
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../e2e/support/server';
import { percentile } from './support/stats';
import {
  ensureWebBuilt,
  flag,
  getJson,
  guestKey,
  keepLiveEncoderRunning,
  listOption,
  option,
  type Playback,
  saveResult,
  startPlainPage,
  startWithMedia,
} from './watch-support';

const TARGET = 0.95;
/** Fewer elements than this at the end of a run: the page is still the splash (see measure). */
const MIN_RENDERED_ELEMENTS = 150;
const LIGHTHOUSE = path.join(REPO_ROOT, 'node_modules/lighthouse/cli/index.js');
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking';

type Audit = { numericValue?: number };
type Report = {
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit>;
  environment: { benchmarkIndex: number };
};
/** `host`: Lighthouse's benchmark index of the machine during the run (its CPU speed; higher is faster). */
type Sample = { score: number; tbt: number; lcp: number; fcp: number; host: number };

/** One Lighthouse run of `url` in its own Chromium; the figures of its JSON report. */
export async function measure(url: string, minElements = MIN_RENDERED_ELEMENTS): Promise<Sample> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sideline-lh-'));
  const out = path.join(dir, 'report.json');
  try {
    const run = () =>
      new Promise<{ code: number | null; err: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [
            LIGHTHOUSE,
            url,
            '--quiet',
            '--only-categories=performance',
            '--output=json',
            `--output-path=${out}`,
            `--chrome-flags=${CHROME_FLAGS}`,
          ],
          {
            env: { ...process.env, CHROME_PATH: '/usr/bin/chromium', TMPDIR: dir },
            stdio: ['ignore', 'ignore', 'pipe'],
          },
        );
        let err = '';
        child.stderr.on('data', (d) => {
          err += d;
        });
        child.on('exit', (c) => resolve({ code: c, err }));
      });
    let { code, err } = await run();
    // Lighthouse's own trace now and then misses the navigation's start (NO_NAVSTART, a runtime error of its
    // recording, not of the page): that run is made again, once.
    if (code !== 0 && err.includes('Runtime error encountered')) {
      console.warn(`${err.trim().split('\n').at(-1)}: running it again`);
      ({ code, err } = await run());
    }
    if (code !== 0) {
      console.warn(err.slice(-1000));
      throw new Error(`lighthouse exited with ${code} on ${url}`);
    }
    const text = await readFile(out, 'utf8');
    // `--keep=DIR` keeps each report (the long tasks and the main thread's breakdown say where TBT comes from).
    const keep = process.argv.find((a) => a.startsWith('--keep='))?.slice('--keep='.length);
    if (keep) {
      await mkdir(keep, { recursive: true });
      await writeFile(path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), text);
    }
    const report = JSON.parse(text) as Report;
    const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    // A page that never got past the splash scores well (little work, an early paint): refuse to count it. The
    // splash is a few dozen elements; every page of the app has hundreds.
    if (value('dom-size') < minElements)
      throw new Error(`${url} never rendered past the splash (${value('dom-size')} elements)`);
    return {
      score: report.categories.performance.score ?? 0,
      tbt: value('total-blocking-time'),
      lcp: value('largest-contentful-paint'),
      fcp: value('first-contentful-paint'),
      host: report.environment.benchmarkIndex,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function benchLighthouse() {
  const runs = option('runs', 3);
  ensureWebBuilt();
  // The live encoder on, as `npm run demo` runs it.
  const plainPage = await startPlainPage();
  const server = await startWithMedia({ LIVE_SIMULATOR: 'true', WEB_ORIGINS: plainPage.origin });
  let stopLive = () => {};
  try {
    stopLive = await keepLiveEncoderRunning(server.url);
    const key = await guestKey(server.url);
    const games = await getJson<{ data: { id: number }[] }>(
      `${server.url}/api/events?stream_status=finished&limit=1&api_key=${key}`,
    );
    const game = games.data[0]?.id;
    if (!game) throw new Error('no finished game in the demo');
    // The yardstick for a game's page: the plain hls.js page (fixtures/plain-hls.html) playing the same game's
    // stream, with a guest's token. What a playing video costs the main thread (its segments appended, its frames
    // shown) is in both; the difference is the app.
    const playback = (await getJson<{ data: Playback }>(`${server.url}/api/events/${game}/playback?api_key=${key}`))
      .data;
    // `--pages home,game` measures some of them (a quicker try of one change); all three by default.
    const only = listOption('pages');
    const pages = (
      [
        ['home', `${server.url}/`],
        ['schedule', `${server.url}/schedule`],
        ['game', `${server.url}/watch/${game}`],
        ['plain', plainPage.pageUrl(`${server.url}${playback.url}`)],
      ] as const
    ).filter(([name]) => !only || only.includes(name));
    const results: Record<string, Sample[]> = Object.fromEntries(pages.map(([name]) => [name, []]));
    // Pages in turn within each round, so a busy moment of the machine does not fall on one page only.
    for (let round = 0; round < runs; round++) {
      for (const [name, route] of pages) {
        const min = name === 'plain' ? 0 : MIN_RENDERED_ELEMENTS;
        // Lighthouse itself sometimes fails to start its Chromium on a busy machine: one more try, then give up.
        const sample = await measure(route, min).catch((err: Error) =>
          err.message.startsWith('lighthouse exited') ? measure(route, min) : Promise.reject(err),
        );
        results[name]?.push(sample);
        console.log(`${name} run ${round + 1}: ${sample.score.toFixed(2)} (TBT ${Math.round(sample.tbt)} ms)`);
      }
    }
    let met = true;
    console.log(`\nLighthouse mobile performance, ${runs} runs a page, demo running (target ${TARGET} on each page)`);
    for (const [name] of pages) {
      const samples = results[name] ?? [];
      const scores = samples.map((s) => s.score);
      const median = percentile(scores, 50);
      if (name !== 'plain') met &&= median >= TARGET;
      const ms = (pick: (s: Sample) => number) => `${Math.round(percentile(samples.map(pick), 50))} ms`;
      console.log(
        `${name.padEnd(9)} median ${median.toFixed(2)} (range ${Math.min(...scores).toFixed(2)}-${Math.max(...scores).toFixed(2)})` +
          `  TBT ${ms((s) => s.tbt)}  LCP ${ms((s) => s.lcp)}  FCP ${ms((s) => s.fcp)}`,
      );
    }
    // The score scales with the machine's speed (Lighthouse multiplies the tasks it sees by 4): the host's index
    // says how fast it was while measuring, so figures from different days can be compared. A quarter of it is the
    // phone the run stands for, on the scale of Chrome DevTools' CPU calibration (a Pixel 5, a mid-tier phone, is
    // about 1,000; a Moto G4 Power about 264): a fast host at 4x is a faster phone than the one a fan may hold.
    const hosts = Object.values(results).flatMap((samples) => samples.map((s) => s.host));
    const host = percentile(hosts, 50);
    console.log(
      `host benchmark index: median ${Math.round(host)} (range ${Math.round(Math.min(...hosts))}-${Math.round(Math.max(...hosts))}); ` +
        `at 4x, a phone of index ${Math.round(host / 4)} (DevTools' scale: Pixel 5 about 1,000, Moto G4 Power 264)`,
    );
    const median = (name: string) =>
      percentile(
        (results[name] ?? []).map((s) => s.score),
        50,
      );
    if (results.game?.length && results.plain?.length)
      console.log(`game / plain hls.js page: ${(median('game') / median('plain')).toFixed(2)} (scores' medians)`);
    saveResult('lighthouse', { runs, target: TARGET, results });
    if (!met && flag('strict')) process.exitCode = 1;
  } finally {
    stopLive();
    plainPage.stop();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLighthouse();
