import { createHash } from 'node:crypto';
import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type DemoGame, mp4Args, vodArgs } from './ffmpeg/demo-game';
import { createFfmpegJobs, HandedBack } from './ffmpeg/ffmpeg';
import { LADDER, masterPlaylist } from './hls/ladder';
import type { MediaRepository } from './media.repository';
import type { MediaPaths } from './media-paths';

export type PackageJob = { key: string; game: DemoGame & { durationS: number }; mp4: boolean };

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/**
 * The `media.package` job: generates a game with ffmpeg and packages it as an HLS ladder (plus an MP4 for
 * downloads), logging progress every 10%. With a cache folder, a package made once is copied instead of
 * encoded again (the demo's media is the same on every start; tests reuse it across data folders).
 */
export function createPackager({
  repo,
  paths,
  ffmpeg,
  log,
  cacheDir,
}: {
  repo: MediaRepository;
  paths: MediaPaths;
  ffmpeg: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  cacheDir?: string | undefined;
}) {
  // A cached package is named by its asset and a hash of what it shows, so a changed game is never reused.
  const cached = (job: PackageJob) =>
    cacheDir
      ? path.join(
          cacheDir,
          `${job.key.replace('/', '-')}-${createHash('sha1')
            .update(JSON.stringify([job.game, job.mp4, LADDER]))
            .digest('hex')
            .slice(0, 12)}`,
        )
      : null;

  async function fromCache(job: PackageJob): Promise<boolean> {
    const dir = cached(job);
    if (!dir || !(await exists(path.join(dir, '.complete')))) return false;
    await rm(paths.hlsDir(job.key), { recursive: true, force: true });
    await mkdir(path.dirname(paths.hlsDir(job.key)), { recursive: true });
    await cp(path.join(dir, 'hls'), paths.hlsDir(job.key), { recursive: true });
    if (job.mp4) {
      await mkdir(path.dirname(paths.mp4File(job.key)), { recursive: true });
      await cp(path.join(dir, 'download.mp4'), paths.mp4File(job.key));
    }
    return true;
  }

  // Packaging is background work (demo games, each finished game's own recording): it yields the cores to the
  // live encoders, clip cuts and the API a fan is waiting on.
  const ffmpegJobs = createFfmpegJobs(ffmpeg, { niceness: 10 });
  const ffmpegJob = ffmpegJobs.run;

  async function encode(job: PackageJob) {
    const work = paths.workDir(job.key);
    await rm(work, { recursive: true, force: true });
    const hls = path.join(work, 'hls');
    for (const r of LADDER) await mkdir(path.join(hls, r.name), { recursive: true });
    let reported = 0;
    await ffmpegJob(vodArgs(job.game, hls, work), (seconds) => {
      const percent = Math.min(100, Math.floor((seconds / job.game.durationS) * 100));
      if (percent >= reported + 10) {
        reported = percent - (percent % 10);
        log.info({ asset: job.key, progress: reported }, 'packaging media');
        void repo.setStatus(job.key, 'processing', { progress: reported });
      }
    });
    await writeFile(path.join(hls, 'master.m3u8'), masterPlaylist());
    if (job.mp4) await ffmpegJob(mp4Args(hls, path.join(work, 'download.mp4')));
    if (ffmpegJobs.isClosing()) throw new HandedBack('closing');

    const dir = cached(job);
    if (dir) {
      await rm(dir, { recursive: true, force: true });
      await cp(work, dir, { recursive: true });
      await writeFile(path.join(dir, '.complete'), new Date().toISOString());
    }
    await rm(paths.hlsDir(job.key), { recursive: true, force: true });
    await mkdir(path.dirname(paths.hlsDir(job.key)), { recursive: true });
    await rename(hls, paths.hlsDir(job.key));
    if (job.mp4) {
      await mkdir(path.dirname(paths.mp4File(job.key)), { recursive: true });
      await rename(path.join(work, 'download.mp4'), paths.mp4File(job.key));
    }
    await rm(work, { recursive: true, force: true });
  }

  function packageMedia(job: PackageJob): Promise<void> {
    return ffmpegJobs.track(packageOne(job));
  }

  async function packageOne(job: PackageJob) {
    await repo.ensure(
      job.key,
      job.key.startsWith('preroll/') ? 'preroll' : 'vod',
      `${job.game.away} @ ${job.game.home}`,
    );
    await repo.setStatus(job.key, 'processing', { progress: 0, error: null });
    const started = Date.now();
    try {
      const reused = await fromCache(job);
      if (!reused) await encode(job);
      await repo.setStatus(job.key, 'ready', { progress: 100, durationS: job.game.durationS });
      log.info({ asset: job.key, ms: Date.now() - started, reused }, 'media ready');
    } catch (err) {
      if (err instanceof HandedBack) {
        // Pending again: the next start queues it anew (nothing half-made is published).
        await repo.setStatus(job.key, 'pending', { progress: 0 }).catch(() => undefined);
        log.info({ asset: job.key }, 'media packaging handed back at close');
        return;
      }
      await repo.setStatus(job.key, 'failed', {
        error: err instanceof Error ? err.message.slice(0, 500) : String(err),
      });
      throw err;
    }
  }

  return {
    packageMedia,
    /** Ends the running ffmpeg jobs at app close; their assets go back to pending. */
    close: () => ffmpegJobs.close(),
  };
}
