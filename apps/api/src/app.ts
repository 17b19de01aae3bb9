import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { createJobQueue } from './jobs/create-job-queue';
import type { JobHandlers } from './jobs/job-types';
import type { JobQueue } from './jobs/queue';
import { createCache } from './lib/cache';
import { createCachedJson } from './lib/cached-json';
import { localSecret } from './lib/local-secret';
import { createPasswordHasher } from './lib/password';
import { encoderPids } from './media/encoder-pids';
import { ffmpegPath } from './media/ffmpeg';
import { type MediaPaths, mediaPaths } from './media/media-paths';
import { createViewerService } from './modules/access/viewer.service';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { videoAnalyticsRoutes } from './modules/analytics/video-analytics.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createLoginThrottle } from './modules/auth/login-throttle';
import { createRecaptchaVerifier, type RecaptchaVerifier } from './modules/auth/recaptcha';
import { createSocialVerifier, type SocialVerifier } from './modules/auth/social-verifier';
import { createUsersRepository } from './modules/auth/users.repository';
import { createChannelRepository } from './modules/channel/channel.repository';
import { channelFileRoute, channelRoutes } from './modules/channel/channel.routes';
import { createChannelService } from './modules/channel/channel.service';
import { createCommerceMail } from './modules/commerce/commerce-mail';
import { createPassesRepository } from './modules/commerce/passes.repository';
import { passesRoutes } from './modules/commerce/passes.routes';
import { createPassesService } from './modules/commerce/passes.service';
import { plansRoutes } from './modules/commerce/plans.routes';
import { createPlansService, type PlansService } from './modules/commerce/plans.service';
import { createCustomFormsRepository } from './modules/custom-forms/custom-forms.repository';
import { customFormsRoutes } from './modules/custom-forms/custom-forms.routes';
import { createCustomFormsService } from './modules/custom-forms/custom-forms.service';
import { createCatalogRepository } from './modules/events/catalog.repository';
import { catalogRoutes } from './modules/events/catalog.routes';
import { createCatalogService } from './modules/events/catalog.service';
import { createEventsRepository } from './modules/events/events.repository';
import { eventsRoutes } from './modules/events/events.routes';
import { createEventsService } from './modules/events/events.service';
import { createFavoritesRepository } from './modules/favorites/favorites.repository';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { createFavoritesService } from './modules/favorites/favorites.service';
import { geoRoutes } from './modules/geo/geo.routes';
import { createGeoService } from './modules/geo/geo.service';
import { healthRoutes } from './modules/health/health.routes';
import { createKeysRepository } from './modules/keys/keys.repository';
import { keysRoutes } from './modules/keys/keys.routes';
import { createKeysService } from './modules/keys/keys.service';
import { createMailOutbox } from './modules/mail/mail-outbox';
import { createMailer } from './modules/mail/mailer';
import { deliveryRoutes } from './modules/media/delivery.routes';
import { imagesRoutes } from './modules/media/images.routes';
import { createLiveController, type LiveController } from './modules/media/live-controller';
import { createLiveEncoder, liveAssetOf } from './modules/media/live-simulator';
import { createMediaRepository, type MediaRepository } from './modules/media/media.repository';
import { createMediaTokens } from './modules/media/media-token';
import { createPackager, type PackageJob } from './modules/media/packager';
import { playbackRoutes } from './modules/media/playback.routes';
import { createPlaybackService } from './modules/media/playback.service';
import { createSandboxBilling } from './modules/payments/sandbox/sandbox-billing';
import { sandboxPortalRoutes } from './modules/payments/sandbox/sandbox-portal.routes';
import { createPortalSessions, createSandboxSubscriptions } from './modules/payments/sandbox/sandbox-subscriptions';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler';
import { loggerOptions } from './plugins/logger';
import { openapiPlugin } from './plugins/openapi';
import { requestContextPlugin } from './plugins/request-context';
import { securityPlugin } from './plugins/security';
import { responseSerializerCompiler } from './plugins/serializer';
import { webPlugin } from './plugins/web';

export const API_PREFIX = '/api';
export const ANALYTICS_PREFIX = '/analytics';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Tests pass `false`; the server passes pino options built from the config. */
  logger?: FastifyServerOptions['logger'];
  /** Provider checks; tests give real verifiers pointed at local key sets and servers. */
  social?: SocialVerifier;
  recaptcha?: RecaptchaVerifier;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (tests drain it to read the mail it sent). */
    jobs: JobQueue;
    /**
     * The billing clock at `now` (tests move it): the sandbox's due renewals, trial notices, retries and ends, then
     * the expiry of access whose period passed. It also runs as the `billing.tick` job on a timer.
     */
    billingTick(now?: Date): Promise<void>;
    plans: PlansService;
    /** Advances event statuses with the clock now (it also runs on a timer). */
    sweepEventStatuses(now?: Date): Promise<number[]>;
    /** Media packaging and the live encoder (tests package small games; the server queues the demo's). */
    media: {
      repo: MediaRepository;
      paths: MediaPaths;
      packageMedia: (job: PackageJob) => Promise<void>;
      live: LiveController;
    };
  }
}

/** The composition root: services are built here from their exact dependencies and handed to the routes. */
export async function buildApp({ config, database, logger = loggerOptions(config), ...overrides }: AppDeps) {
  const app = Fastify({
    logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const { db } = database;
  const cache = createCache({ ttlMs: 60_000 });
  const send = createCachedJson(cache);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    outboxDir: config.outboxDir,
    fromAddress: config.MAIL_FROM,
    log: app.log,
  });
  const mediaRepo = createMediaRepository({ db });
  const paths = mediaPaths(config.mediaDir);
  const ffmpeg = ffmpegPath(config.FFMPEG_PATH);
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
  const handlers: JobHandlers = {
    'mail.send': () => mail.sendDue(),
    'media.package': packager.packageMedia,
    'billing.tick': () => billingTick(new Date()),
  };
  const packageMedia = packager.packageMedia;
  // Before the queue's own close waits for running jobs: a packaging ffmpeg is ended and its job handed back.
  app.addHook('preClose', () => packager.close());
  const jobs = await createJobQueue({ redisUrl: config.REDIS_URL, prefix: config.JOBS_PREFIX, handlers, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => mail.start());
  app.addHook('onClose', async () => {
    await mail.stop();
    await jobs.close();
  });

  // Plans after their purchase: the sandbox's subscriptions and billing clock, the order side of renewals and ends.
  const portalSessions = createPortalSessions(
    config.MEDIA_TOKEN_SECRET
      ? `${config.MEDIA_TOKEN_SECRET}:sandbox-portal`
      : await localSecret(config.dataDir, 'sandbox-portal'),
  );
  const sandboxSubscriptions = createSandboxSubscriptions({ db, portal: portalSessions });
  const sandboxBilling = createSandboxBilling({ db });
  const plans = createPlansService({
    db,
    // Integration: the configured provider (sandbox or Stripe); the sandbox's subscriptions until it exists.
    provider: sandboxSubscriptions,
    providerName: config.paymentProvider,
    mail: createCommerceMail({ db, mail }),
    forget: (userId) => viewers.forget(userId),
  });
  async function billingTick(now = new Date()) {
    if (config.paymentProvider === 'sandbox') await sandboxBilling.runDue(now);
    await plans.expireDue(now);
  }
  app.decorate('billingTick', billingTick);
  app.decorate('plans', plans);
  if (config.BILLING_SWEEP_MS > 0) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        jobs.add({ name: 'billing.tick', data: {} }).catch((err) => app.log.error({ err }, 'billing tick not queued'));
      }, config.BILLING_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const channels = createChannelService({ repo: createChannelRepository({ db }), cache });
  const keys = createKeysService({ repo: createKeysRepository({ db }), ttlDays: config.API_KEY_TTL_DAYS });
  const catalog = createCatalogService({ repo: createCatalogRepository({ db }), cache });
  const passes = createPassesService({ repo: createPassesRepository({ db }), cache });
  const forms = createCustomFormsService({
    repo: createCustomFormsRepository({ db }),
    cache,
    onSaved: plans.onFormSaved,
  });
  const users = createUsersRepository({ db });
  const hasher = createPasswordHasher({ cost: config.PASSWORD_HASH_COST });
  const auth = createAuthService({
    users,
    keys,
    hasher,
    db,
    mail,
    throttle: createLoginThrottle({ maxFailures: config.LOGIN_MAX_FAILURES, windowMs: config.LOGIN_FAILURE_WINDOW_MS }),
    social:
      overrides.social ??
      createSocialVerifier({
        googleKeys: new URL(config.GOOGLE_JWKS_URL),
        facebookGraphUrl: config.FACEBOOK_GRAPH_URL,
      }),
    recaptcha: overrides.recaptcha ?? createRecaptchaVerifier(config.RECAPTCHA_VERIFY_URL),
  });
  const geo = createGeoService({ localCountry: config.GEO_LOCAL_COUNTRY });
  const profile = createProfileService({ users, keys, hasher, geo });
  const viewers = createViewerService({ users, cache: createCache({ ttlMs: 5_000 }) });
  const eventsRepo = createEventsRepository({ db });
  const events = createEventsService({
    repo: eventsRepo,
    catalog,
    cache: createCache({ ttlMs: config.EVENTS_CACHE_TTL_MS }),
    ttlMs: config.EVENTS_CACHE_TTL_MS,
  });
  app.decorate('sweepEventStatuses', (now?: Date) => events.sweepStatuses(now));
  if (config.EVENT_STATUS_SWEEP_MS > 0) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        events
          .sweepStatuses()
          .then(async () => {
            if (!config.LIVE_SIMULATOR) return;
            await live.check(Date.now(), new Set((await mediaRepo.liveEventIds()).map(liveAssetOf)));
          })
          .catch((err) => app.log.error({ err }, 'event status sweep failed'));
      }, config.EVENT_STATUS_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  const pids = encoderPids(path.join(config.dataDir, 'run'));
  const live = createLiveController({
    createEncoder: (key, game) => createLiveEncoder(key, game, { paths, ffmpeg, pids, log: app.log }),
    maxEncoders: config.LIVE_MAX_ENCODERS,
    log: app.log,
  });
  app.addHook('onClose', () => live.stop());
  // Encoders a crashed server left behind (where no parent-death signal could be set) end before any new one.
  app.addHook('onReady', async () => {
    const killed = await pids.killAllStale(config.mediaDir);
    if (killed.length) app.log.warn({ pids: killed }, 'ended stale live encoders');
  });
  const tokens = createMediaTokens(config.MEDIA_TOKEN_SECRET ?? (await localSecret(config.dataDir, 'media-token')));
  const playback = createPlaybackService({
    events: eventsRepo,
    viewers,
    geo,
    media: mediaRepo,
    tokens,
    channels,
    users,
    tokenTtlS: config.MEDIA_TOKEN_TTL_S,
    liveFeed: async (key, game) => {
      const encoder = config.LIVE_SIMULATOR ? live.demand(key, game) : null;
      return encoder !== null && (await live.waitForPlaylists(encoder, config.LIVE_START_WAIT_MS));
    },
  });
  app.decorate('media', { repo: mediaRepo, paths, packageMedia, live });
  const favorites = createFavoritesService({ repo: createFavoritesRepository({ db }), catalog, events: eventsRepo });

  // External first (errors, security, docs), then who-is-calling, then routes (fastify/demo's order).
  await app.register(errorHandlerPlugin);
  // The page's own calls for its boot answers (plugins/web.ts) carry this, so no visitor's limit counts them.
  const bootSecret = randomBytes(16).toString('hex');
  await app.register(securityPlugin, { config, channels, bootSecret });
  await app.register(openapiPlugin);
  await app.register(requestContextPlugin, { channels, keys });

  await app.register(healthRoutes, { db, storage: database.storage });
  await app.register(channelFileRoute, { channels, send, apiHost: API_PREFIX });
  await app.register(imagesRoutes, { mediaDir: config.mediaDir });
  await app.register(sandboxPortalRoutes, {
    db,
    sessions: portalSessions,
    cancel: (customerId, subscriptionId) => plans.cancelBySubscription(customerId, subscriptionId),
  });
  await app.register(deliveryRoutes, { tokens, keys, paths, channels, geo, onLiveFetch: (asset) => live.touch(asset) });
  await app.register(
    async (api) => {
      await api.register(keysRoutes, { channels, keys, rateLimitMax: config.API_KEY_RATE_LIMIT_MAX });
      await api.register(channelRoutes, { channels, send });
      await api.register(catalogRoutes, { catalog, send });
      await api.register(passesRoutes, { passes, send });
      await api.register(customFormsRoutes, { forms });
      await api.register(authRoutes, { auth, channels, geo, rateLimitMax: config.AUTH_RATE_LIMIT_MAX });
      await api.register(profileRoutes, { profile, auth, channels });
      await api.register(eventsRoutes, { events, viewers, favorites, catalog });
      await api.register(favoritesRoutes, { favorites });
      await api.register(geoRoutes, { geo });
      await api.register(playbackRoutes, { playback });
      await api.register(plansRoutes, { plans, channels });
    },
    { prefix: API_PREFIX },
  );
  const analyticsRepo = createAnalyticsRepository({ db });
  await app.register(analyticsRoutes, { prefix: ANALYTICS_PREFIX, channels, repo: analyticsRepo });
  await app.register(videoAnalyticsRoutes, {
    prefix: ANALYTICS_PREFIX,
    channels,
    repo: analyticsRepo,
    operatorToken: config.OPERATOR_TOKEN,
  });
  await app.register(webPlugin, { distDir: config.WEB_DIST_DIR, channels, bootSecret });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
