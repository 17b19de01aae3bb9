import { mkdir } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { type DemoGame, publishArgs } from './ffmpeg/demo-game';
import { runFfmpeg } from './ffmpeg/ffmpeg';
import { keepRunning } from './ffmpeg/kept-running';
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
 * restarted with backoff if it dies while wanted (`keepRunning`). Its ffmpeg dies with the server (parent-death signal).
 */
export function createLivePublisher(
  key: string,
  eventId: number,
  game: DemoGame,
  { paths, ffmpeg, publishUrl, log }: LivePublisherDeps,
): LiveEncoder {
  const encoder = keepRunning({
    asset: key,
    name: 'demo encoder',
    log,
    async launch(onProgress, stillWanted) {
      const url = await publishUrl(eventId);
      if (!stillWanted()) return null;
      if (!url) throw new Error('the ingest is not listening yet');
      const labels = paths.workDir(`${key}-demo`);
      await mkdir(labels, { recursive: true });
      return runFfmpeg(ffmpeg, publishArgs(game, url, labels), { onProgress });
    },
    // ffmpeg's error names the URL it pushed to, with the key: only the rest is logged.
    redact: (err) => String(err).replace(/rtmp:\/\/\S+/g, 'rtmp://…'),
  });

  return {
    key,
    ...encoder,
    /** Whether the game's transcoder has written a few seconds of every rendition. */
    async hasPlaylists(): Promise<boolean> {
      return encoder.isRunning() && (await ingestPlaylistsHold(paths.hlsDir(key), START_SEGMENTS));
    },
  };
}
