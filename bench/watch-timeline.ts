/// <reference lib="dom" />
/**
 * Diagnostic (not part of run-all): where the time before our first frame goes. Starts the product with demo media
 * and no prerolls, opens /watch/{id} of a free finished game in a fresh context, and prints every resource the page
 * fetched (start and end, ms from navigation start) and the first frame.
 *
 * Run: npx tsx watch-timeline.ts [--runs 3]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client';
import { prerolls } from '../apps/api/src/modules/channel/channel.table';
import { newContext } from '../e2e/support/browser';
import {
  flag,
  getJson,
  guestKey,
  keepLiveEncoderRunning,
  launchChromium,
  option,
  PROBE_SCRIPT,
  startWithMedia,
} from './watch-support';

type Entry = { name: string; startTime: number; responseEnd: number; initiatorType: string };

type Profile = {
  nodes: { id: number; callFrame: { url: string; functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
};

/** Main-thread time by script (self time, ms) until the first frame, from a sampled CPU profile. */
function printProfile(profile: Profile, untilMs: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let t = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(profile.samples[i] as number);
    const url = node?.callFrame.url.split('/').pop() || `(${node?.callFrame.functionName || 'native'})`;
    totals.set(url, (totals.get(url) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  }
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 15);
  if (flag('functions')) {
    const fns = new Map<string, number>();
    for (let i = 0; i < profile.samples.length; i++) {
      const node = byId.get(profile.samples[i] as number);
      const name = `${node?.callFrame.url.split('/').pop()}:${node?.callFrame.functionName || '(anonymous)'}:${(node as { callFrame: { lineNumber?: number; columnNumber?: number } } | undefined)?.callFrame.columnNumber}`;
      fns.set(name, (fns.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
    }
    for (const [name, msSpent] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`    fn ${msSpent.toFixed(1).padStart(7)} ms  ${name}`);
  }
  console.log(`  CPU by script over ${t.toFixed(0)} ms of profile (first frame at ${untilMs.toFixed(0)} ms):`);
  for (const [url, msSpent] of rows) console.log(`    ${msSpent.toFixed(1).padStart(7)} ms  ${url}`);
}

async function main() {
  const runs = option('runs', 3);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-timeline-'));
  try {
    await (await startWithMedia({ LIVE_SIMULATOR: 'false', DATA_DIR: dataDir })).stop();
    const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
    await database.db.delete(prerolls);
    await database.close();
    // The demo's live encoder runs, as in watch-first-frame.ts (--quiet: without it).
    const quiet = flag('quiet');
    const server = await startWithMedia({ LIVE_SIMULATOR: quiet ? 'false' : 'true', DATA_DIR: dataDir });
    const stopLive = quiet ? () => {} : await keepLiveEncoderRunning(server.url);
    const browser = await launchChromium();
    try {
      const key = await guestKey(server.url);
      const events = await getJson<{ data: { id: number; type: string; has_access: boolean }[] }>(
        `${server.url}/api/events?stream_status=finished&limit=100&sort_direction=desc&api_key=${key}`,
      );
      const event = events.data.find((e) => e.type === 'free' && e.has_access);
      if (!event) throw new Error('no free finished event');
      for (let i = 0; i < runs; i++) {
        const context = await newContext(browser);
        const page = await context.newPage();
        await page.addInitScript({ path: PROBE_SCRIPT });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        await page.goto(`${server.url}/watch/${event.id}`);
        await page.waitForFunction(
          () =>
            (window as unknown as { __benchFirstFrame?: { frameAt: number | null } }).__benchFirstFrame?.frameAt !=
            null,
          null,
          { timeout: 20000 },
        );
        const { entries, frame, marks, navigation, untaken } = (await page.evaluate(() => ({
          entries: performance.getEntriesByType('resource').map((e) => ({
            name: e.name,
            startTime: e.startTime,
            responseEnd: (e as PerformanceResourceTiming).responseEnd,
            initiatorType: (e as PerformanceResourceTiming).initiatorType,
          })),
          frame: (window as unknown as { __benchFirstFrame: { frameAt: number } }).__benchFirstFrame.frameAt,
          navigation: performance.getEntriesByType('navigation').map((e) => {
            const n = e as PerformanceNavigationTiming;
            return `response ${n.responseStart.toFixed(0)}-${n.responseEnd.toFixed(0)}, interactive ${n.domInteractive.toFixed(0)}, DOMContentLoaded ${n.domContentLoadedEventStart.toFixed(0)}`;
          }),
          untaken: [
            ...((window as unknown as { __sideline?: { early?: Map<string, unknown> } }).__sideline?.early?.keys() ??
              []),
          ],
          marks: [...performance.getEntriesByType('mark'), ...performance.getEntriesByType('paint')].map(
            (m) => [m.name, m.startTime] as [string, number],
          ),
        }))) as { entries: Entry[]; frame: number; marks: [string, number][]; navigation: string[]; untaken: string[] };
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
        printProfile(profile, frame);
        console.log(`\nrun ${i + 1}: first frame at ${frame.toFixed(0)} ms`);
        console.log(`  document: ${navigation.join('; ')}; early answers not taken: ${untaken.join(', ') || 'none'}`);
        for (const m of marks) console.log(`  mark ${m[0]} ${m[1].toFixed(0)}`);
        for (const e of entries) {
          const name = e.name
            .replace(server.url, '')
            .replace(/api_key=[^&]+/, 'api_key=…')
            .slice(0, 90);
          console.log(
            `  ${e.startTime.toFixed(0).padStart(5)} → ${e.responseEnd.toFixed(0).padStart(5)}  ${e.initiatorType.padEnd(14)} ${name}`,
          );
        }
        await context.close();
      }
    } finally {
      stopLive();
      await browser.close();
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
