import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { liveArgs } from '../../media/demo-game';
import { type FfmpegRun, runFfmpeg } from '../../media/ffmpeg';
import { LADDER, masterPlaylist } from '../../media/ladder';
import type { MediaPaths } from '../../media/media-paths';
import type { MediaRepository } from './media.repository';

export const LIVE_FEED = 'live/main';

/**
 * The simulated live encoder: one real-time ffmpeg writing a sliding-window HLS ladder that every live demo
 * event plays. Started while some event is live, stopped when none is, restarted with backoff if it dies.
 */
export function createLiveSimulator({
  repo,
  paths,
  ffmpeg,
  log,
}: {
  repo: MediaRepository;
  paths: MediaPaths;
  ffmpeg: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}) {
  let run: FfmpegRun | null = null;
  let wanted = false;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  async function start() {
    const dir = paths.hlsDir(LIVE_FEED);
    // A fresh window each start: old segments would carry stale times.
    await rm(dir, { recursive: true, force: true });
    for (const r of LADDER) await mkdir(path.join(dir, r.name), { recursive: true });
    await writeFile(path.join(dir, 'master.m3u8'), masterPlaylist());
    await repo.ensure(LIVE_FEED, 'live', 'Live feed');
    const labels = paths.workDir(LIVE_FEED);
    await mkdir(labels, { recursive: true });
    const current = runFfmpeg(ffmpeg, liveArgs({ away: 'Away', home: 'Home', caption: 'Live', seed: 5 }, dir, labels), {
      onProgress: (seconds) => {
        if (seconds > 2 && failures > 0) failures = 0;
      },
    });
    run = current;
    log.info({ pid: current.pid }, 'live encoder started');
    await repo.setStatus(LIVE_FEED, 'ready', { progress: 100 });
    current.done.then(
      () => onExit(current, null),
      (err: unknown) => onExit(current, err),
    );
  }

  function onExit(ended: FfmpegRun, err: unknown) {
    if (run !== ended) return;
    run = null;
    if (!wanted) return;
    failures++;
    const delay = Math.min(30_000, 1000 * 2 ** Math.min(failures - 1, 5));
    log.error({ err, restartInMs: delay }, 'live encoder died');
    restartTimer = setTimeout(() => {
      if (wanted && !run) start().catch((e) => log.error({ err: e }, 'live encoder restart failed'));
    }, delay);
    restartTimer.unref();
  }

  return {
    isRunning: () => run !== null,
    async ensureRunning() {
      wanted = true;
      if (!run) await start();
    },
    async stop() {
      wanted = false;
      clearTimeout(restartTimer);
      const current = run;
      run = null;
      if (current) {
        current.kill();
        await current.done.catch(() => undefined);
        log.info('live encoder stopped');
      }
      await repo.setStatus(LIVE_FEED, 'pending').catch(() => undefined);
    },
  };
}
export type LiveSimulator = ReturnType<typeof createLiveSimulator>;
