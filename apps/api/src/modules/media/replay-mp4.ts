import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createFfmpegJobs } from './ffmpeg/ffmpeg';
import { COPY_TO_MP4 } from './hls/ladder';
import type { MediaPaths } from './media-paths';

/** The top rendition's playlist a master lists first (ingest and packaged masters list the tallest first). */
export async function topPlaylist(hlsDir: string): Promise<string | null> {
  const master = await readFile(path.join(hlsDir, 'master.m3u8'), 'utf8').catch(() => '');
  const first = master.split('\n').find((l) => /^[\w-]+\/index\.m3u8$/.test(l.trim()));
  return first ? path.join(hlsDir, first.trim()) : null;
}

/**
 * The MP4 a finished game's download serves, remuxed from its replay's top rendition (a stream copy: no encode,
 * seconds for a whole game), written aside and renamed into place so a download never reads half a file. The
 * `media.replay-mp4` job runs it; asking twice for the same replay runs it once.
 */
export function createReplayMp4({
  paths,
  ffmpeg,
  log,
}: {
  paths: MediaPaths;
  ffmpeg: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}) {
  // A background job: it yields the cores to the live transcoders and the API.
  const ffmpegJobs = createFfmpegJobs(ffmpeg, { niceness: 10 });
  const inFlight = new Map<string, Promise<void>>();

  const ready = (key: string) =>
    stat(paths.mp4File(key)).then(
      (s) => s.size > 0,
      () => false,
    );

  async function remux(key: string) {
    if (await ready(key)) return;
    const input = await topPlaylist(paths.hlsDir(key));
    if (!input) {
      log.warn({ asset: key }, 'replay MP4: the replay has no playlist to remux');
      return;
    }
    const out = paths.mp4File(key);
    const tmp = `${out}.part.mp4`;
    await mkdir(path.dirname(out), { recursive: true });
    try {
      await ffmpegJobs.run(['-y', '-i', input, ...COPY_TO_MP4, tmp]);
      await rename(tmp, out);
    } finally {
      await rm(tmp, { force: true });
    }
    log.info({ asset: key }, 'replay MP4 ready');
  }

  return {
    /** Whether the replay's MP4 is there to download. */
    ready,
    /** Makes the replay's MP4 unless it is there; one run per replay at a time. */
    make(key: string): Promise<void> {
      let run = inFlight.get(key);
      if (!run) {
        run = ffmpegJobs.track(remux(key)).finally(() => inFlight.delete(key));
        inFlight.set(key, run);
      }
      return run;
    },
    close: () => ffmpegJobs.close(),
  };
}
export type ReplayMp4 = ReturnType<typeof createReplayMp4>;
