/**
 * Clip request to ready: the time from `POST /clip` to the clip shown ready by a client polling its game's clip list
 * every 100 ms, for a 60 s and a 5 minute clip, beside a plain ffmpeg re-encode of the same span (`ffmpeg -ss … -i
 * playlist -t … -c:v libx264`, the ladder's own settings) timed in the same run. Targets: 60 s within 2 s, 5 min
 * within 5 s. Starts the product as the README does (`npm start`, the demo seeded, its live encoder running), with
 * one change: the demo's recordings are made 330 s long (DEMO_GAME_S) so that a 5 minute clip fits in one.
 * Starts are off the 2 s keyframe grid (the edges are re-encoded); one aligned run shows the stream-copy path.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { plainReencodeArgs, planCut } from '../apps/api/src/modules/media/ffmpeg/clip-cut';
import { ffmpegPath } from '../apps/api/src/modules/media/ffmpeg/ffmpeg';
import { parseMediaPlaylist } from '../apps/api/src/modules/media/hls/hls-playlist';
import { startServer } from '../e2e/support/server';
import { type Summary, summary } from './support/stats';
import { keepLiveEncoderRunning } from './watch-support';

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
const CHANNEL_KEY = 'hcn_demo_channel_key_localhost';
const FAN = { email: 'premium@sideline.test', password: 'Sideline-demo-1' };
const GAME_S = 330;

type Json = Record<string, unknown> & { data?: unknown };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', ...args], { stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
  });
}

export async function benchClipLatency() {
  const server = await startServer({ LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000', DEMO_GAME_S: String(GAME_S) });
  let stopLive = () => {};
  const scratch = await mkdtemp(path.join(tmpdir(), 'sideline-clip-bench-'));
  const call = async (method: string, url: string, body?: Record<string, unknown>): Promise<Json> => {
    const res = await fetch(`${server.url}/api/${url}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Json;
    if (!res.ok)
      throw Object.assign(new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`), { status: res.status });
    return json;
  };
  try {
    const guest = (await call('POST', 'get_api_key', { channel_key: CHANNEL_KEY })).data as { api_key: string };
    // As a fan gets it: the demo's live encoder runs meanwhile (it starts when someone asks for the live feed).
    stopLive = await keepLiveEncoderRunning(server.url);
    const key = ((await call('POST', 'v2/auth/login', { ...FAN, api_key: guest.api_key })).data as { api_key: string })
      .api_key;
    const events = (await call('GET', `events?stream_status=finished&limit=20&api_key=${key}`)).data as {
      id: number;
    }[];
    const game = events[0];
    if (!game) throw new Error('no finished game');
    // The demo packages its recordings in the background at first start: wait until this game plays.
    const until = Date.now() + 15 * 60_000;
    for (;;) {
      try {
        await call('GET', `events/${game.id}/playback?api_key=${key}`);
        break;
      } catch (err) {
        if ((err as { status?: number }).status !== 503 || Date.now() > until) throw err;
        await sleep(2000);
      }
    }
    const tags = (await call('GET', `clips/tags?api_key=${key}`)).data as { alias: string }[];
    const tag = tags[0]?.alias ?? 'highlight';

    const clip = async (start: number, duration: number) => {
      const started = performance.now();
      const made = (
        await call('POST', 'clip', {
          api_key: key,
          event_id: game.id,
          name: 'Bench',
          start_time: start,
          duration,
          tags: [tag],
        })
      ).data as { id: number };
      for (;;) {
        const list = (await call('GET', `clips/event/${game.id}?limit=100&api_key=${key}`)).data as {
          id: number;
          status: string;
        }[];
        const status = list.find((c) => c.id === made.id)?.status;
        if (status === 'ready') {
          const ms = performance.now() - started;
          await call('DELETE', `clip/${made.id}?api_key=${key}`);
          return ms;
        }
        if (status === 'failed') throw new Error(`clip ${made.id} failed`);
        await sleep(100);
      }
    };
    // Every demo recording is packaged alike; the first one stands for the game's in the plain re-encode.
    const playlist = path.join(server.dataDir, 'media', 'hls', 'vod', 'heartland-1', '720p', 'index.m3u8');
    const segments = parseMediaPlaylist(await readFile(playlist, 'utf8'));
    const plain = async (start: number, duration: number) => {
      const started = performance.now();
      await ffmpeg(plainReencodeArgs(playlist, start, duration, path.join(scratch, 'plain.mp4')));
      return performance.now() - started;
    };

    const rows: string[] = [];
    const results: Record<string, { ours: Summary; plain: Summary }> = {};
    for (const [label, duration, target] of [
      ['60 s clip', 60, 2000],
      ['5 min clip', 300, 5000],
    ] as const) {
      const ours: number[] = [];
      const baseline: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Off the keyframe grid, at a different place each run; alternating, so both see the same load.
        const start = 3.3 + i * 1.7;
        ours.push(await clip(start, duration));
        baseline.push(await plain(start, duration));
      }
      const method = planCut(segments, '.', 3.3, duration).method;
      const o = summary(ours);
      const p = summary(baseline);
      results[label] = { ours: o, plain: p };
      rows.push(
        `${label.padEnd(11)} request→ready median ${o.median.toFixed(0).padStart(5)} ms (min ${o.min.toFixed(0)}, max ${o.max.toFixed(0)})` +
          `  plain re-encode median ${p.median.toFixed(0).padStart(6)} ms  ratio ${(o.median / p.median).toFixed(2)}` +
          `  method ${method}  target ${target} ms: ${o.median <= target ? 'met' : 'MISSED'}`,
      );
    }
    const aligned = await clip(10, 60);
    rows.push(
      `60 s clip on the keyframe grid (method ${planCut(segments, '.', 10, 60).method}): ${aligned.toFixed(0)} ms`,
    );
    console.log(`\nClip request to ready, ${RUNS} runs each, demo running (recordings ${GAME_S} s):`);
    for (const row of rows) console.log(row);
    return results;
  } finally {
    stopLive();
    await server.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchClipLatency();
