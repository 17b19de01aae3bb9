import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@sideline/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { UsersRepository } from '../auth';
import type { MediaPaths } from '../media';
import {
  createFfmpegJobs,
  HandedBack,
  LADDER,
  parseMediaPlaylist,
  planCut,
  runCut,
  type Segment,
  SourceTooShort,
} from '../media';
import type { ClipRow, ClipsRepository } from './clips.repository';

/** The media a clip is cut from is gone (a live window that slid past, a removed recording): no retry helps. */
class MediaGone extends Error {}

export const CLIP_MAX_ATTEMPTS = 3;

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/**
 * The `clip.cut` job: takes an unfinished clip, cuts it from its source (see `media/clip-cut.ts`) and publishes
 * `clips/<uuid>/clip.mp4` and its thumbnail. The clip's row is the job's state, so it is idempotent (a clip that is
 * ready is not cut again) and a restart or another worker takes up what was left.
 */
export function createClipCutter({
  repo,
  users,
  paths,
  ffmpeg,
  log,
  onReady,
  leaseMs,
}: {
  /** A cut still `processing` this long after its last progress lost its process (config CLIP_LEASE_MS). */
  leaseMs: number;
  repo: ClipsRepository;
  users: UsersRepository;
  paths: MediaPaths;
  ffmpeg: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** A clip became ready (or failed): caches of clip lists drop it. */
  onReady?: (clip: ClipRow) => void;
}) {
  // At close the running cuts end and their clips go back to the queue (HandedBack).
  const ffmpegJobs = createFfmpegJobs(ffmpeg);
  const run = (args: string[]) => ffmpegJobs.run(args);

  async function segmentsOf(clip: ClipRow): Promise<{ dir: string; segments: Segment[] }> {
    const top = LADDER[0]?.name ?? '720p';
    const dir = path.join(paths.hlsDir(clip.source.asset), top);
    if (clip.source.kind === 'live') return { dir, segments: clip.source.segments };
    const playlist = await readFile(path.join(dir, 'index.m3u8'), 'utf8').catch(() => null);
    if (playlist === null) throw new MediaGone(`no playlist for ${clip.source.asset}`);
    return { dir, segments: parseMediaPlaylist(playlist) };
  }

  async function fail(clip: ClipRow, err: unknown) {
    if (await repo.markFailed(clip.id, MESSAGES.clipCreatingFailed)) {
      await users.uncountClip(clip.userId);
      onReady?.(clip);
    }
    log.warn({ clip: clip.id, err }, 'clip failed');
  }

  async function cutOne(clipId: number) {
    const clip = await repo.claim(clipId, leaseMs);
    if (!clip) return;
    const started = Date.now();
    const dir = paths.clipDir(clip.uuid);
    try {
      const source = await segmentsOf(clip);
      const plan = planCut(source.segments, source.dir, clip.startTime, clip.duration);
      const files = plan.parts.flatMap((p) => (p.kind === 'copy' ? p.files : [p.file]));
      for (const file of files) if (!(await exists(file))) throw new MediaGone(`segment ${file} is gone`);
      await runCut(plan, {
        workDir: paths.clipWorkDir(clip.id),
        outFile: path.join(dir, 'clip.mp4'),
        thumbFile: path.join(dir, 'thumb.jpg'),
        run,
        onStep: (percent) => void repo.setProgress(clip.id, percent).catch(() => undefined),
      });
      await repo.markReady(clip.id, plan.method);
      // Deleted while it was being cut: its files go too.
      if (!(await repo.byId(clip.channelId, clip.id))) await rm(dir, { recursive: true, force: true });
      else onReady?.(clip);
      log.info({ clip: clip.id, ms: Date.now() - started, method: plan.method }, 'clip ready');
    } catch (err) {
      if (err instanceof HandedBack) {
        await repo.requeue(clip.id).catch(() => undefined);
        return;
      }
      if (err instanceof MediaGone || err instanceof SourceTooShort || clip.attempts >= CLIP_MAX_ATTEMPTS) {
        await fail(clip, err);
        return;
      }
      // A passing failure (a busy disk, an ffmpeg crash): queued again, the job queue retries with backoff.
      await repo.requeue(clip.id);
      throw err;
    }
  }

  return {
    cut: (clipId: number): Promise<void> => ffmpegJobs.track(cutOne(clipId)),
    /** At close: the running ffmpeg cuts end and their clips go back to the queue. */
    close: () => ffmpegJobs.close(),
  };
}
export type ClipCutter = ReturnType<typeof createClipCutter>;
