import { mkdir } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { type DemoGame, publishArgs } from './ffmpeg/demo-game';
import { type FfmpegRun, runFfmpeg } from './ffmpeg/ffmpeg';
import { ingestPlaylistsHold } from './ingest-transcoder';
import type { LiveEncoder } from './live-simulator';
import type { MediaPaths } from './media-paths';

/** Segments every rendition holds before a demo game's first viewer is answered. */
const START_SEGMENTS = 2;

export type LivePublisherDeps = {
  paths: MediaPaths;
  ffmpeg: string;
  /** Where to push the game: its RTMP publish URL on this process's ingest, or null while the ingest is not up. */
  publishUrl: (eventId: number) => Promise<string | null>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

/**
 * The demo's encoder of one live game: an ffmpeg drawing the game (teams, score, wall clock) and pushing it by RTMP
 * into this process's ingest with the game's stream key, so a demo game takes the path a real encoder's game takes
 * (key check, transcoder, ladder, recording, replay). Started on a fan's demand like the simulator it replaces,
 * restarted with backoff if it dies while wanted. Its ffmpeg dies with the server (parent-death signal).
 */
export function createLivePublisher(
  key: string,
  eventId: number,
  game: DemoGame,
  { paths, ffmpeg, publishUrl, log }: LivePublisherDeps,
): LiveEncoder {
  let run: FfmpegRun | null = null;
  let wanted = false;
  let starting: Promise<void> | null = null;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  async function start() {
    const url = await publishUrl(eventId);
    if (!url || !wanted) {
      if (wanted) retry(new Error('the ingest is not listening yet'));
      return;
    }
    const labels = paths.workDir(`${key}-demo`);
    await mkdir(labels, { recursive: true });
    const current = runFfmpeg(ffmpeg, publishArgs(game, url, labels), {
      onProgress: (seconds) => {
        if (seconds > 2 && failures > 0) failures = 0;
      },
    });
    run = current;
    log.info({ asset: key, pid: current.pid }, 'demo encoder publishing');
    current.done.then(
      () => onExit(current, null),
      (err: unknown) => onExit(current, err),
    );
  }

  function retry(err: unknown) {
    failures++;
    const delay = Math.min(30_000, 1000 * 2 ** Math.min(failures - 1, 5));
    // ffmpeg's error names the URL it pushed to, with the key: only the reason is logged.
    const reason = String(err).replace(/rtmp:\/\/\S+/g, 'rtmp://…');
    log.error({ error: reason, asset: key, restartInMs: delay }, 'demo encoder stopped; starting it again');
    restartTimer = setTimeout(() => void ensure(), delay);
    restartTimer.unref();
  }

  function onExit(ended: FfmpegRun, err: unknown) {
    if (run !== ended) return;
    run = null;
    if (wanted) retry(err);
  }

  function ensure(): Promise<void> {
    if (run || !wanted) return Promise.resolve();
    starting ??= start()
      .catch((err) => log.error({ err, asset: key }, 'demo encoder start failed'))
      .finally(() => {
        starting = null;
      });
    return starting;
  }

  return {
    key,
    isRunning: () => run !== null,
    ensureRunning() {
      wanted = true;
      return ensure();
    },
    /** Whether the game's transcoder has written a few seconds of every rendition. */
    async hasPlaylists(): Promise<boolean> {
      return run !== null && (await ingestPlaylistsHold(paths.hlsDir(key), START_SEGMENTS));
    },
    async stop() {
      wanted = false;
      clearTimeout(restartTimer);
      await starting;
      const current = run;
      run = null;
      if (current) {
        current.kill();
        await current.done.catch(() => undefined);
        log.info({ asset: key }, 'demo encoder stopped');
      }
    },
  };
}
