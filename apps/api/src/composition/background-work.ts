import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { createJobQueue } from '../jobs/create-job-queue';
import type { JobHandlers } from '../jobs/job-types';
import { type CacheBus, createCache } from '../lib/cache';
import type { UsersRepository } from '../modules/auth/users.repository';
import { createClipCutter } from '../modules/clips/clip-cutter';
import type { ClipsRepository } from '../modules/clips/clips.repository';
import { lostClipsSweep } from '../modules/clips/lost-clips';
import { createMailOutbox } from '../modules/mail/mail-outbox';
import { createMailer } from '../modules/mail/mailer';
import type { MediaRepository } from '../modules/media/media.repository';
import type { MediaPaths } from '../modules/media/media-paths';
import { createPackager } from '../modules/media/packager';
import type { Metrics } from '../plugins/metrics';

/**
 * The work that runs beside the requests: the mail outbox, media packaging, clip cuts and the billing clock, on the
 * job queue (in-process, or BullMQ with Redis), with the hooks that start, hand back and stop it.
 */
export async function setUpBackgroundWork(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    metrics: Metrics;
    cacheBus: CacheBus;
    mediaRepo: MediaRepository;
    paths: MediaPaths;
    ffmpeg: string;
    users: UsersRepository;
    clipsRepo: ClipsRepository;
    /** Built later (payments come after the queue): called only once jobs run. */
    later: { sandboxWork(): Promise<void>; billingTick(): Promise<void> };
  },
) {
  const { config, database, metrics, cacheBus, mediaRepo, paths, ffmpeg, users, clipsRepo, later } = deps;
  const { db } = database;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    outboxDir: config.outboxDir,
    fromAddress: config.MAIL_FROM,
    log: app.log,
  });
  const packager = createPackager({
    repo: mediaRepo,
    paths,
    ffmpeg,
    log: app.log,
    cacheDir: config.DEMO_MEDIA_CACHE_DIR,
  });
  const mail = createMailOutbox({
    db,
    mailer,
    log: app.log,
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
    log: app.log,
    onReady: (clip) => clipCache.invalidate(`clip-ready:${clip.uuid}`),
    leaseMs: config.CLIP_LEASE_MS,
  });
  const handlers: JobHandlers = {
    'mail.send': metrics.counted('mail.send', () => mail.sendDue()),
    'media.package': metrics.counted('media.package', packager.packageMedia),
    'clip.cut': metrics.counted('clip.cut', ({ clipId }: { clipId: number }) => cutter.cut(clipId)),
    'sandbox.work': metrics.counted('sandbox.work', () => later.sandboxWork()),
    'billing.tick': metrics.counted('billing.tick', () => later.billingTick()),
  };
  // Before the queue's own close waits for running jobs: a packaging ffmpeg is ended and its job handed back.
  app.addHook('preClose', () => packager.close());
  app.addHook('preClose', () => cutter.close());
  const jobs = await createJobQueue({
    redisUrl: config.REDIS_URL,
    prefix: config.JOBS_PREFIX,
    handlers,
    log: app.log,
    worker: config.JOBS_WORKER,
  });
  app.addHook('onReady', () => mail.start());
  // Cuts a stopped or crashed process left unfinished are queued again (the clip rows are their state).
  // A failure here must not stop the server (the OpenAPI build runs on an empty database): it is logged.
  app.addHook('onReady', async () => {
    try {
      if (database.kind === 'pglite') await clipsRepo.requeueAllProcessing();
      for (const clipId of await clipsRepo.unfinishedIds()) await jobs.add({ name: 'clip.cut', data: { clipId } });
    } catch (err) {
      app.log.error({ err }, 'unfinished clips not queued again');
    }
  });
  // A process that runs jobs also takes up cuts a killed worker left behind (see lost-clips.ts).
  const lostClips = lostClipsSweep({
    repo: clipsRepo,
    leaseMs: config.CLIP_LEASE_MS,
    everyMs: !config.REDIS_URL || config.JOBS_WORKER ? config.CLIP_SWEEP_MS : 0,
    requeue: (clipId) => jobs.add({ name: 'clip.cut', data: { clipId } }),
    log: app.log,
  });
  app.addHook('onReady', async () => lostClips.start());
  app.addHook('onClose', async () => lostClips.stop());
  app.addHook('onClose', async () => {
    await mail.stop();
    await jobs.close();
  });
  return { jobs, mail, packageMedia: packager.packageMedia, clipCache };
}
