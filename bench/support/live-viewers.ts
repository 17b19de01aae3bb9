/**
 * Live viewers as issue 14 measures them, from wrk (bench/support/wrk.ts): each viewer asks for the live test feed's
 * playlist once a second and fetches its newest segment once a second, while fans page through `GET /api/events`.
 * Shared by the media load (cluster-media.ts) and the faults under that load (cluster-faults.ts).
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type WrkResult, wrk } from './wrk';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type LiveFeed = { key: string; playlist: string };

/** A guest key of the demo channel and the path of the live test feed's 720p playlist, once it holds 3 segments. */
export async function liveFeed(base: string): Promise<LiveFeed> {
  const key = (
    (await (
      await fetch(`${base}/api/get_api_key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel_key: 'hcn_demo_channel_key_localhost' }),
      })
    ).json()) as { data: { api_key: string } }
  ).data.api_key;
  for (const until = Date.now() + 60_000; ; await sleep(500)) {
    const res = await fetch(`${base}/api/simulate/playback?api_key=${key}`);
    if (res.ok) {
      const master = ((await res.json()) as { data: { url: string } }).data.url;
      const playlist = new URL(master.replace('master.m3u8', '720p/index.m3u8'), base).pathname;
      // A few segments on disk before the viewers come, as a player would find a feed already running.
      for (; Date.now() < until; await sleep(500)) {
        const text = await (await fetch(`${base}${playlist}`)).text();
        if (text.split('\n').filter((l) => l.endsWith('.ts')).length >= 3) return { key, playlist };
      }
    }
    if (Date.now() > until) throw new Error(`no live feed at ${base}: ${res.status}`);
  }
}

/** Reads the playlist twice a second (outside the figures) and keeps the newest segment's name in `file` for wrk. */
function followNewest(base: string, playlist: string, file: string) {
  let on = true;
  const loop = (async () => {
    while (on) {
      const text = await (await fetch(`${base}${playlist}`).catch(() => null))?.text().catch(() => '');
      const newest = text
        ?.split('\n')
        .filter((l) => l.endsWith('.ts'))
        .at(-1);
      if (newest) await writeFile(`${file}.tmp`, newest).then(() => rename(`${file}.tmp`, file));
      await sleep(500);
    }
  })();
  return async () => {
    on = false;
    await loop;
    await rm(file, { force: true });
  };
}

export type ViewerFigures = { playlists: WrkResult; segments: WrkResult; fans: WrkResult };

/**
 * Starts three wrk processes for `seconds`: `viewers` connections on the playlist, as many on the newest segment,
 * and `fans` connections on the events listing (one call each every 250 ms). Resolves when all three have ended.
 */
export async function startViewers(
  base: string,
  feed: LiveFeed,
  o: { viewers: number; fans: number; seconds: number; cpus?: string },
): Promise<{ done: Promise<ViewerFigures> }> {
  const newestFile = path.join(tmpdir(), `sideline-newest-${process.pid}-${Date.now()}.txt`);
  const stopFollowing = followNewest(base, feed.playlist, newestFile);
  await sleep(600);
  const pages = Array.from({ length: 10 }, (_, i) => `/api/events?limit=20&offset=${i * 20}&api_key=${feed.key}`);
  const common = { seconds: o.seconds, cpus: o.cpus };
  const runs = [
    await wrk(`${base}${feed.playlist}`, {
      ...common,
      connections: o.viewers,
      script: 'paced.lua',
      args: ['1000', `${o.viewers}`],
    }),
    await wrk(`${base}${feed.playlist}`, {
      ...common,
      connections: o.viewers,
      script: 'segments.lua',
      args: ['1000', `${o.viewers}`, feed.playlist.replace('index.m3u8', ''), newestFile],
    }),
    await wrk(`${base}/api/events`, {
      ...common,
      connections: o.fans,
      script: 'paced.lua',
      args: ['250', `${o.fans}`, ...pages],
    }),
  ];
  const done = (async () => {
    const [playlists, segments, fans] = await Promise.all(runs.map((r) => r.done));
    await stopFollowing();
    if (!playlists || !segments || !fans) throw new Error('wrk gave no figures');
    return { playlists, segments, fans };
  })();
  return { done };
}
