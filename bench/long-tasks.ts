/**
 * What a page's long tasks are made of: one trace a run under Chromium's 4x CPU slowdown (Lighthouse's phone
 * viewport, the demo and its live encoder running, as `blocking-time.ts`), then each task of 50 ms or more after
 * the first contentful paint, with the main-thread events that fill it, summed by name (script evaluation, layout,
 * V8's parsing and compiling, a handler with its file). Blocking time says how much; this says what to change.
 * It found React DOM's evaluation re-parsing the whole shell for source positions (docs/decisions/0006).
 *
 * Run: npm run long-tasks -w @sideline/bench -- [--runs 2] [--pages=home,game] [--dist=DIR] [--no-build]
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchBrowser } from '../e2e/support/browser';
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
const WATCH_MS = 7000;
/** Children shorter than this are left out of a task's summary. */
const CHILD_MS = 2;

type TraceEvent = {
  name: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string } };
};

/** A child's label: its name, with the file (and function) for script events. */
function label(event: TraceEvent): string {
  const data = event.args?.data;
  const file = data?.url ? String(data.url).split('/').pop() : '';
  return file ? `${event.name}(${file}${data?.functionName ? `:${data.functionName}` : ''})` : event.name;
}

async function main() {
  const runs = option('runs', 2);
  const dist = listOption('dist')?.[0];
  const distDir = dist ? resolve(process.env.INIT_CWD ?? process.cwd(), dist) : undefined;
  if (distDir && !existsSync(join(distDir, 'index.html'))) throw new Error(`${distDir} holds no build of the web app`);
  if (!distDir) ensureWebBuilt();
  const server = await startWithMedia({ LIVE_SIMULATOR: 'true', ...(distDir ? { WEB_DIST_DIR: distDir } : {}) });
  const stopLive = await keepLiveEncoderRunning(server.url);
  const browser = await launchBrowser();
  try {
    const key = await guestKey(server.url);
    const games = await getJson<{ data: { id: number }[] }>(
      `${server.url}/api/events?stream_status=finished&limit=1&api_key=${key}`,
    );
    const paths: Record<string, string> = { home: '/', schedule: '/schedule', game: `/watch/${games.data[0]?.id}` };
    const pages = (listOption('pages') ?? ['game']).filter((p) => p in paths);
    for (const name of pages)
      for (let run = 1; run <= runs; run++) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
        const events: TraceEvent[] = [];
        cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
        const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
        await cdp.send('Tracing.start', {
          categories:
            'devtools.timeline,disabled-by-default-devtools.timeline,loading,v8.execute,v8,disabled-by-default-v8.compile',
          transferMode: 'ReportEvents',
        });
        await page.goto(`${server.url}${paths[name]}`);
        await page.waitForTimeout(WATCH_MS);
        await cdp.send('Tracing.end');
        await complete;
        await context.close();

        const fcp = events.find((e) => e.name === 'firstContentfulPaint');
        if (!fcp) throw new Error(`${name}: no first contentful paint in the trace`);
        const main = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.dur);
        const tasks = main.filter((e) => e.name === 'RunTask' && e.ts >= fcp.ts && (e.dur ?? 0) / 1000 >= LONG_TASK_MS);
        const blocking = tasks.reduce((sum, t) => sum + (t.dur ?? 0) / 1000 - LONG_TASK_MS, 0);
        console.log(
          `\n${name}, run ${run}: ${tasks.length} long tasks after the first paint, blocking ${blocking.toFixed(0)} ms`,
        );
        for (const task of tasks) {
          const end = task.ts + (task.dur ?? 0);
          const sums = new Map<string, number>();
          for (const e of main)
            if (e !== task && e.ts >= task.ts && e.ts < end && e.name !== 'RunTask' && (e.dur ?? 0) / 1000 >= CHILD_MS)
              sums.set(label(e), (sums.get(label(e)) ?? 0) + (e.dur ?? 0) / 1000);
          // Nested events overlap (a script's evaluation holds its parsing): each sum is that event's own total.
          const parts = [...sums]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([what, ms]) => `${what} ${ms.toFixed(0)}`);
          const at = ((task.ts - fcp.ts) / 1000).toFixed(0);
          console.log(
            `  +${at.padStart(5)} ms  ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ${parts.join(', ')}`,
          );
        }
      }
  } finally {
    stopLive();
    await browser.close();
    await server.stop();
  }
}

await main();
