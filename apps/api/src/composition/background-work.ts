import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { createJobQueue } from '../jobs/create-job-queue';
import { type CacheBus, createCache } from '../lib/cache';
import type { ServiceHost } from '../lib/service-host';
import type { UsersRepository } from '../modules/auth/users.repository';
import { createClipCutter } from '../modules/clips/clip-cutter';
import type { ClipsRepository } from '../modules/clips/clips.repository';
import { lostClipsSweep } from '../modules/clips/lost-clips';
import { createMailOutbox } from '../modules/mail/mail-outbox';
import { createMailer } from '../modules/mail/mailer';
import type { MediaRepository } from '../modules/media/media.repository';
import type { MediaPaths } from '../modules/media/media-paths';
import { createPackager } from '../modules/media/packager';
import { createReplayMp4 } from '../modules/media/replay-mp4';

/**
 * The work that runs beside the requests: the job queue (in-process, or BullMQ with Redis), the mail outbox, media
 * packaging and clip cuts, with the hooks that start, hand back and stop them. The queue runs its jobs once the
 * services are all built and its handlers given (composition/services.ts, jobs/job-handlers.ts).
 */
export async function setUpBackgroundWork(
  host: ServiceHost,
  deps: {
    config: Config;
    database: Database;
    cacheBus: CacheBus;
    mediaRepo: MediaRepository;
    paths: MediaPaths;
    ffmpeg: string;
    users: UsersRepository;
    clipsRepo: ClipsRepository;
  },
) {
  const { config, database, cacheBus, mediaRepo, paths, ffmpeg, users, clipsRepo } = deps;
  const { db } = database;
  const { log } = host;
  const jobs = await createJobQueue({
    redisUrl: config.REDIS_URL,
    prefix: config.JOBS_PREFIX,
    log,
    worker: config.JOBS_WORKER,
  });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    outboxDir: config.outboxDir,
    fromAddress: config.MAIL_FROM,
    log,
  });
  const packager = createPackager({
    repo: mediaRepo,
    paths,
    ffmpeg,
    log,
    cacheDir: config.DEMO_MEDIA_CACHE_DIR,
  });
  const mail = createMailOutbox({
    db,
    mailer,
    log,
    wake: () => jobs.add({ name: 'mail.send', data: {} }),
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    exclusive: database.kind === 'pglite',
  });
  const clipCache = createCache({ ttlMs: 5_000, bus: cacheBus, topic: 'clips' });
  const cutter = createClipCutter({
    repo: clipsRepo,
    users,
    paths,
    ffmpeg,
    log,
    onReady: (clip) => clipCache.invalidate(`clip-ready:${clip.uuid}`),
    leaseMs: config.CLIP_LEASE_MS,
  });
  const replayMp4 = createReplayMp4({ paths, ffmpeg, log });
  // Before the queue's own close waits for running jobs: a packaging ffmpeg is ended and its job handed back.
  host.preClose(() => packager.close());
  host.preClose(() => replayMp4.close());
  host.preClose(() => cutter.close());
  host.onReady(() => mail.start());
  // Cuts a stopped or crashed process left unfinished are queued again (the clip rows are their state).
  // A failure here must not stop the server (the OpenAPI build runs on an empty database): it is logged.
  host.onReady(async () => {
    try {
      if (database.kind === 'pglite') await clipsRepo.requeueAllProcessing();
      for (const clipId of await clipsRepo.unfinishedIds()) await jobs.add({ name: 'clip.cut', data: { clipId } });
    } catch (err) {
      log.error({ err }, 'unfinished clips not queued again');
    }
  });
  // A process that runs jobs also takes up cuts a killed worker left behind (see lost-clips.ts).
  const lostClips = lostClipsSweep({
    repo: clipsRepo,
    leaseMs: config.CLIP_LEASE_MS,
    everyMs: !config.REDIS_URL || config.JOBS_WORKER ? config.CLIP_SWEEP_MS : 0,
    requeue: (clipId) => jobs.add({ name: 'clip.cut', data: { clipId } }),
    log,
  });
  host.onReady(async () => lostClips.start());
  host.onClose(async () => lostClips.stop());
  host.onClose(async () => {
    await mail.stop();
    await jobs.close();
  });
  return { jobs, mail, packager, replayMp4, cutter, clipCache };
}
