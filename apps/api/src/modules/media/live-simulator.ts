import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type DemoGame, liveArgs } from './ffmpeg/demo-game';
import type { EncoderPids } from './ffmpeg/encoder-pids';
import { runFfmpeg } from './ffmpeg/ffmpeg';
import { keepRunning } from './ffmpeg/kept-running';
import { LADDER, masterPlaylist } from './hls/ladder';
import { type PlaylistPublisher, publishPlaylists } from './hls/playlist-publisher';
import type { MediaPaths } from './media-paths';

/** The live asset of one live event: its own feed, so a token for one game never opens another's. */
export const liveAssetOf = (eventId: number) => `live/e${eventId}`;
/** The channel's test feed of `/simulate`, apart from every game. */
export const SIMULATE_FEED = 'live/simulate';

/** Segments (1 s each) a new feed's window holds before its first viewer is answered. */
const START_SEGMENTS = 3;

export type LiveEncoderDeps = {
  paths: MediaPaths;
  ffmpeg: string;
  pids: EncoderPids;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

/**
 * One simulated live encoder: a real-time ffmpeg writing the sliding-window HLS ladder of one live asset, with
 * that game's team names burned in. Restarted with backoff if it dies while wanted.
 */
export function createLiveEncoder(key: string, game: DemoGame, { paths, ffmpeg, pids, log }: LiveEncoderDeps) {
  const dir = paths.hlsDir(key);
  let publisher: PlaylistPublisher | null = null;
  const encoder = keepRunning({
    asset: key,
    name: 'live encoder',
    log,
    async launch(onProgress, stillWanted) {
      const stale = await pids.killStale(key, dir);
      if (stale) log.warn({ asset: key, pid: stale }, 'ended a stale live encoder');
      // A fresh window each start: old segments would carry stale times.
      await rm(dir, { recursive: true, force: true });
      for (const r of LADDER) await mkdir(path.join(dir, r.name), { recursive: true });
      await writeFile(path.join(dir, 'master.m3u8'), masterPlaylist());
      const labels = paths.workDir(key);
      await mkdir(labels, { recursive: true });
      if (!stillWanted()) return null;
      const run = runFfmpeg(ffmpeg, liveArgs(game, dir, labels), { onProgress });
      publisher?.stop();
      publisher = publishPlaylists(LADDER.map((r) => path.join(dir, r.name)));
      if (run.pid) await pids.write(key, run.pid);
      return run;
    },
    async cleanup() {
      publisher?.stop();
      publisher = null;
      await pids.remove(key);
    },
  });

  return {
    key,
    ...encoder,
    /** Whether this run's playlists hold a few seconds already (`windowHolds`). */
    async hasPlaylists(): Promise<boolean> {
      // Before this run's ffmpeg is up, what is on disk is an earlier run's window, about to be cleared.
      return encoder.isRunning() && (await windowHolds(dir));
    },
  };
}
export type LiveEncoder = ReturnType<typeof createLiveEncoder>;

/** The game the channel's test feed shows (`/simulate`). */
export const SIMULATE_GAME: DemoGame = { away: 'Away', home: 'Home', caption: 'Stream check', seed: 5 };

/** A live playlist rewritten this recently belongs to an encoder that runs. */
const FRESH_MS = 10_000;

/**
 * Whether another process's encoder is writing a feed (a cluster's encoder process, sharing the media folder): every
 * rendition's playlist holds a few seconds and was rewritten within seconds. Waits up to `waitMs` for it.
 */
export async function livePlaylistsOnDisk(paths: MediaPaths, key: string, waitMs: number): Promise<boolean> {
  const dir = paths.hlsDir(key);
  const ready = async () =>
    (await windowHolds(dir, FRESH_MS)) &&
    stat(path.join(dir, 'master.m3u8')).then(
      () => true,
      () => false,
    );
  for (const until = Date.now() + waitMs; ; ) {
    if (await ready()) return true;
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Whether every rendition's playlist in `dir` holds a few seconds (a player starts a little behind the live edge,
 * and on a one-segment window it would start at its beginning and stay seconds behind), and, given `freshMs`, was
 * rewritten that recently.
 */
async function windowHolds(dir: string, freshMs?: number): Promise<boolean> {
  for (const r of LADDER) {
    const file = path.join(dir, r.name, 'index.m3u8');
    const [text, info] = await Promise.all([readFile(file, 'utf8').catch(() => ''), stat(file).catch(() => null)]);
    if (freshMs !== undefined && (!info || Date.now() - info.mtimeMs > freshMs)) return false;
    if ((text.match(/^#EXTINF:/gm) ?? []).length < START_SEGMENTS) return false;
  }
  return true;
}
