import { randomBytes, randomUUID } from 'node:crypto';
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
import { createLoginThrottle, type FailureStore, memoryFailures, redisFailures } from './modules/auth/login-throttle';
import { createRecaptchaVerifier, type RecaptchaVerifier } from './modules/auth/recaptcha';
import { createSocialVerifier, type SocialVerifier } from './modules/auth/social-verifier';
import { createUsersRepository } from './modules/auth/users.repository';
import { createChannelRepository } from './modules/channel/channel.repository';
import { channelFileRoute, channelRoutes } from './modules/channel/channel.routes';
import { createChannelService } from './modules/channel/channel.service';
import { createClipCutter } from './modules/clips/clip-cutter';
import { clipMediaRoutes } from './modules/clips/clip-media.routes';
import { createClipsRepository } from './modules/clips/clips.repository';
import { clipsRoutes } from './modules/clips/clips.routes';
import { createClipsService } from './modules/clips/clips.service';
import { createCheckoutService } from './modules/commerce/checkout.service';
import { createCommerceMail } from './modules/commerce/commerce-mail';
import { createEntitlements } from './modules/commerce/entitlements';
import { createOrderSettlement } from './modules/commerce/order-settlement';
import { createOrdersRepository } from './modules/commerce/orders.repository';
import { createOrdersService } from './modules/commerce/orders.service';
import { createPassesRepository } from './modules/commerce/passes.repository';
import { passesRoutes } from './modules/commerce/passes.routes';
import { createPassesService } from './modules/commerce/passes.service';
import { paymentsRoutes } from './modules/commerce/payments.routes';
import { plansRoutes } from './modules/commerce/plans.routes';
import { createPlansService, type PlansService } from './modules/commerce/plans.service';
import { webhookRoutes } from './modules/commerce/webhook.routes';
import { createWebhookService, type PlansEventHandler } from './modules/commerce/webhook.service';
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
import {
  createLiveEncoder,
  liveAssetOf,
  livePlaylistsOnDisk,
  SIMULATE_FEED,
  SIMULATE_GAME,
} from './modules/media/live-simulator';
import { createMediaRepository, type MediaRepository } from './modules/media/media.repository';
import { createMediaTokens } from './modules/media/media-token';
import { createPackager, type PackageJob } from './modules/media/packager';
import { playbackRoutes } from './modules/media/playback.routes';
import { createPlaybackService } from './modules/media/playback.service';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { sandboxRoutes } from './modules/payments/sandbox/sandbox.routes';
import { createSandboxBilling } from './modules/payments/sandbox/sandbox-billing';
import { createSandboxEventSender, emitSandboxEvent } from './modules/payments/sandbox/sandbox-events';
import { sandboxPortalRoutes } from './modules/payments/sandbox/sandbox-portal.routes';
import {
  createSandboxProvider,
  type SandboxProvider,
  type SandboxSubscriptions,
} from './modules/payments/sandbox/sandbox-provider';
import { createSandboxStore } from './modules/payments/sandbox/sandbox-store';
import { createPortalSessions, createSandboxSubscriptions } from './modules/payments/sandbox/sandbox-subscriptions';
import { createSandboxWorker, type SandboxWorker } from './modules/payments/sandbox/sandbox-worker';
import { createStripeProvider } from './modules/payments/stripe/stripe-provider';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { createVodRepository } from './modules/vod/vod.repository';
import { vodRoutes } from './modules/vod/vod.routes';
import { createVodService } from './modules/vod/vod.service';
import { vodDeliveryRoutes } from './modules/vod/vod-delivery.routes';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler';
import { loggerOptions } from './plugins/logger';
import { createMetrics, metricsPlugin } from './plugins/metrics';
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
  /** The sandbox's plans; tests may give a small stand-in. */
  sandboxSubscriptions?: SandboxSubscriptions;
  /** What follows a plan's creation (renewals, retries, trial ends); tests may give a stand-in. */
  plans?: PlansEventHandler;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (tests drain it to read the mail it sent). */
    jobs: JobQueue;
    /** Advances event statuses with the clock now (it also runs on a timer). */
    sweepEventStatuses(now?: Date): Promise<number[]>;
    /** Media packaging and the live encoder (tests package small games; the server queues the demo's). */
    media: {
      repo: MediaRepository;
      paths: MediaPaths;
      packageMedia: (job: PackageJob) => Promise<void>;
      live: LiveController;
    };
    /** The payment sandbox's due work (confirm due payments, send due events); tests call it instead of waiting. */
    payments: { runDue(): Promise<void> };
    /**
     * The billing clock at `now` (tests move it): the sandbox's due renewals, trial notices, retries and ends, then
     * the expiry of access whose period passed. It also runs as the `billing.tick` job on a timer.
     */
    billingTick(now?: Date): Promise<void>;
    plans: PlansService;
  }
}

/** The composition root: services are built here from their exact dependencies and handed to the routes. */
export async function buildApp({ config, database, logger = loggerOptions(config), ...overrides }: AppDeps) {
  const app = Fastify({
    logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    // A request id carried from the entry point (nginx sets X-Request-Id) into every log line; made here otherwise.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const { db } = database;
  const metrics = createMetrics();
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
  const users = createUsersRepository({ db });
  const clipsRepo = createClipsRepository({ db });
  const clipCache = createCache({ ttlMs: 5_000 });
  const cutter = createClipCutter({
    repo: clipsRepo,
    users,
    paths,
    ffmpeg,
    log: app.log,
    onReady: (clip) => clipCache.invalidate(`clip-ready:${clip.uuid}`),
  });
  // Set below once the provider is chosen; only the sandbox has due work of its own.
  let sandboxWorker: SandboxWorker | undefined;
  const handlers: JobHandlers = {
    'mail.send': metrics.counted('mail.send', () => mail.sendDue()),
    'media.package': metrics.counted('media.package', packager.packageMedia),
    'clip.cut': metrics.counted('clip.cut', ({ clipId }: { clipId: number }) => cutter.cut(clipId)),
    'sandbox.work': metrics.counted('sandbox.work', async () => sandboxWorker?.runDue()),
    'billing.tick': metrics.counted('billing.tick', () => billingTick(new Date())),
  };
  const packageMedia = packager.packageMedia;
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
  app.decorate('jobs', jobs);
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
  app.addHook('onClose', async () => {
    await mail.stop();
    await jobs.close();
  });

  const channels = createChannelService({
    repo: createChannelRepository({ db }),
    cache,
    stripePublishableKey: config.paymentProvider === 'stripe' ? config.STRIPE_PUBLISHABLE_KEY : undefined,
  });
  const keys = createKeysService({ repo: createKeysRepository({ db }), ttlDays: config.API_KEY_TTL_DAYS });
  const catalog = createCatalogService({ repo: createCatalogRepository({ db }), cache });
  const passes = createPassesService({ repo: createPassesRepository({ db }), cache });
  const ordersRepo = createOrdersRepository({ db });
  const grantsOf = createEntitlements({ orders: ordersRepo });
  const forms = createCustomFormsService({
    repo: createCustomFormsRepository({ db }),
    cache,
    // The basic pass chosen on the passes form starts its trial (plans is built below, with the provider).
    onSaved: (...args) => plans.onFormSaved(...args),
  });
  // With Redis, failed logins are counted across every API process (one process's memory is not the only copy).
  let throttleStore: FailureStore = memoryFailures;
  if (config.REDIS_URL) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'login throttle store unavailable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    throttleStore = redisFailures(redis, config.JOBS_PREFIX, (err) =>
      app.log.warn({ err }, 'login throttle store unavailable: attempt let through'),
    );
  }
  const hasher = createPasswordHasher({ cost: config.PASSWORD_HASH_COST });
  const auth = createAuthService({
    users,
    keys,
    hasher,
    db,
    mail,
    throttle: createLoginThrottle({
      maxFailures: config.LOGIN_MAX_FAILURES,
      windowMs: config.LOGIN_FAILURE_WINDOW_MS,
      store: throttleStore,
    }),
    social:
      overrides.social ??
      createSocialVerifier({
        googleKeys: new URL(config.GOOGLE_JWKS_URL),
        facebookGraphUrl: config.FACEBOOK_GRAPH_URL,
      }),
    recaptcha: overrides.recaptcha ?? createRecaptchaVerifier(config.RECAPTCHA_VERIFY_URL),
  });
  const geo = createGeoService({ localCountry: config.GEO_LOCAL_COUNTRY });
  const profile = createProfileService({ users, keys, hasher, geo, grantsOf });
  const viewers = createViewerService({ users, cache: createCache({ ttlMs: 5_000 }), entitlementsOf: grantsOf });
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
            if (!config.LIVE_SIMULATOR || config.LIVE_ENCODERS === 'elsewhere') return;
            if (config.LIVE_ENCODERS === 'always') await keepLiveFeedsRunning();
            await live.check(Date.now(), new Set((await mediaRepo.liveEventIds()).map(liveAssetOf)));
          })
          .catch((err) => app.log.error({ err }, 'event status sweep failed'));
      }, config.EVENT_STATUS_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  /** The encoder process of a cluster: every game live now (up to the cap) and the test feed, watched or not. */
  async function keepLiveFeedsRunning() {
    live.demand(SIMULATE_FEED, SIMULATE_GAME);
    const games = (await mediaRepo.liveEvents()).slice(0, Math.max(0, config.LIVE_MAX_ENCODERS - 1));
    for (const game of games) {
      const teams = await mediaRepo.teamNames(game.homeTeamId, game.awayTeamId);
      live.demand(liveAssetOf(game.id), { ...teams, caption: 'Live', seed: game.id });
    }
  }
  const pids = encoderPids(path.join(config.dataDir, 'run'));
  const live = createLiveController({
    createEncoder: (key, game) => createLiveEncoder(key, game, { paths, ffmpeg, pids, log: app.log }),
    maxEncoders: config.LIVE_MAX_ENCODERS,
    log: app.log,
  });
  app.addHook('onClose', () => live.stop());
  // Encoders a crashed server left behind (where no parent-death signal could be set) end before any new one. Only
  // in a process that encodes: in a cluster the API processes share the folder with the encoder process's own.
  app.addHook('onReady', async () => {
    if (!config.LIVE_SIMULATOR || config.LIVE_ENCODERS === 'elsewhere') return;
    const killed = await pids.killAllStale(config.mediaDir);
    if (killed.length) app.log.warn({ pids: killed }, 'ended stale live encoders');
  });
  // After the stale encoders are ended, or it would end its own new ones.
  if (config.LIVE_SIMULATOR && config.LIVE_ENCODERS === 'always') {
    app.addHook('onReady', () => void keepLiveFeedsRunning().catch((err) => app.log.error({ err }, 'live feeds')));
  }
  const mediaSecret = config.MEDIA_TOKEN_SECRET ?? (await localSecret(config.dataDir, 'media-token'));
  const tokens = createMediaTokens(mediaSecret);
  // The library signs with a key of its own: an event's token cannot open a library item, nor the reverse.
  const vodTokens = createMediaTokens(`${mediaSecret}:vod-library`);
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
      // Another process encodes (a cluster's encoder process): its playlists in the shared media folder say it runs.
      if (config.LIVE_ENCODERS === 'elsewhere') return livePlaylistsOnDisk(paths, key, config.LIVE_START_WAIT_MS);
      const encoder = config.LIVE_SIMULATOR ? live.demand(key, game) : null;
      return encoder !== null && (await live.waitForPlaylists(encoder, config.LIVE_START_WAIT_MS));
    },
  });
  app.decorate('media', { repo: mediaRepo, paths, packageMedia, live });
  const clips = createClipsService({
    repo: clipsRepo,
    users,
    events: eventsRepo,
    eventViews: events,
    viewers,
    playback,
    paths,
    tokens,
    jobs,
    tokenTtlS: config.MEDIA_TOKEN_TTL_S,
    onRemoved: (uuid) => clipCache.invalidate(`clip-ready:${uuid}`),
  });
  const vod = createVodService({
    repo: createVodRepository({ db }),
    viewers,
    geo,
    media: mediaRepo,
    tokens: vodTokens,
    tokenTtlS: config.MEDIA_TOKEN_TTL_S,
  });
  const favorites = createFavoritesService({ repo: createFavoritesRepository({ db }), catalog, events: eventsRepo });

  // Payments: the offline sandbox by default, Stripe when its keys are set (config.paymentProvider).
  let sandbox: SandboxProvider | undefined;
  let provider: PaymentProvider;
  // The sandbox's plans and its customer portal (Stripe hosts both itself).
  const portalSessions = createPortalSessions(
    config.MEDIA_TOKEN_SECRET
      ? `${config.MEDIA_TOKEN_SECRET}:sandbox-portal`
      : await localSecret(config.dataDir, 'sandbox-portal'),
  );
  const sandboxBilling = createSandboxBilling({ db });
  if (config.paymentProvider === 'stripe') {
    provider = createStripeProvider(config, { log: app.log });
  } else {
    const webhookSecret = await localSecret(config.dataDir, 'sandbox-webhook');
    const store = createSandboxStore({ db });
    sandbox = createSandboxProvider({
      db,
      store,
      emit: emitSandboxEvent,
      webhookSecret,
      publishableKey: 'pk_sandbox_local',
      settleMs: config.SANDBOX_SETTLE_MS,
      subscriptions:
        overrides.sandboxSubscriptions ??
        createSandboxSubscriptions({
          db,
          portal: portalSessions,
          challengeUrl: (pi) =>
            `/sandbox-pay/authenticate/${pi.id}?client_secret=${encodeURIComponent(pi.clientSecret)}`,
        }),
      wake: () => void sandboxWorker?.wake(),
    });
    const sender = createSandboxEventSender({
      db,
      secret: webhookSecret,
      log: app.log,
      // Through the real route, exactly as Stripe's delivery arrives.
      post: async (body, signature) =>
        (
          await app.inject({
            method: 'POST',
            url: `${API_PREFIX}/stripe/webhook`,
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            payload: body,
          })
        ).statusCode,
    });
    const settler = sandbox;
    sandboxWorker = createSandboxWorker({
      settleDue: async () => {
        const settled = await settler.settleDue();
        // A plan's first invoice paid after the fan's authentication step: its invoice.paid follows at once.
        if (settled > 0) await sandboxBilling.runDue(new Date());
        return settled;
      },
      deliverDue: () => sender.deliverDue(),
      nextDueAt: async () => {
        const times = [await settler.nextSettleAt(), await sender.nextDueAt()].filter((d): d is Date => d !== null);
        return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
      },
      onStart: database.kind === 'pglite' ? () => sender.takeBackLeases() : undefined,
      wake: () => jobs.add({ name: 'sandbox.work', data: {} }),
      log: app.log,
    });
    provider = sandbox.provider;
  }
  const worker = sandboxWorker;
  app.decorate('payments', { runDue: async () => worker?.runDue() });
  if (worker) {
    app.addHook('onReady', () => worker.start());
    // Before the queue closes: a run in flight finishes its delivery.
    app.addHook('preClose', () => worker.stop());
  }
  const forgetAccess = (userId: number) => viewers.forget(userId);
  const commerceMail = createCommerceMail({ db, mail });
  const plans = createPlansService({
    db,
    provider,
    providerName: config.paymentProvider,
    mail: commerceMail,
    forget: forgetAccess,
  });
  async function billingTick(now = new Date()) {
    if (config.paymentProvider === 'sandbox') await sandboxBilling.runDue(now);
    await plans.expireDue(now);
    // Events the tick queued go out now rather than at the sender's next poll.
    await sandboxWorker?.wake();
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
  const settlement = createOrderSettlement({ orders: ordersRepo, onOrderPaid: commerceMail.receipt });
  const checkout = createCheckoutService({
    db,
    orders: ordersRepo,
    users,
    events: eventsRepo,
    provider,
    settlement,
    grantsOf,
    forget: forgetAccess,
  });
  const ordersService = createOrdersService({ orders: ordersRepo });
  const webhooks = createWebhookService({
    orders: ordersRepo,
    settlement,
    plans: overrides.plans ?? plans,
    forget: forgetAccess,
  });

  // External first (errors, security, docs), then who-is-calling, then routes (fastify/demo's order).
  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin, { metrics, operatorToken: config.OPERATOR_TOKEN });
  // The page's own calls for its boot answers (plugins/web.ts) carry this, so no visitor's limit counts them.
  const bootSecret = randomBytes(16).toString('hex');
  await app.register(securityPlugin, { config, channels, bootSecret });
  await app.register(openapiPlugin);
  await app.register(requestContextPlugin, { channels, keys });

  await app.register(healthRoutes, { db, storage: database.storage });
  await app.register(channelFileRoute, { channels, send, apiHost: API_PREFIX });
  await app.register(imagesRoutes, { mediaDir: config.mediaDir });
  if (sandbox) {
    await app.register(sandboxRoutes, { sandbox });
    await app.register(sandboxPortalRoutes, {
      db,
      sessions: portalSessions,
      cancel: (customerId, subscriptionId) => plans.cancelBySubscription(customerId, subscriptionId),
    });
  }
  await app.register(clipMediaRoutes, { repo: clipsRepo, paths, tokens, keys, cache: clipCache });
  await app.register(deliveryRoutes, {
    tokens,
    keys,
    paths,
    channels,
    geo,
    onLiveFetch: (asset) => live.touch(asset),
    onPlaylist: (keyId) => metrics.viewerSeen(keyId),
  });
  await app.register(vodDeliveryRoutes, { tokens: vodTokens, keys, paths, channels, geo });
  await app.register(
    async (api) => {
      await api.register(keysRoutes, { channels, keys, rateLimitMax: config.API_KEY_RATE_LIMIT_MAX });
      await api.register(channelRoutes, { channels, send });
      await api.register(catalogRoutes, { catalog, send });
      await api.register(passesRoutes, {
        passes,
        send,
        keys,
        ordersOf: async (channel, userId) => (await grantsOf(channel, userId)).orders,
      });
      await api.register(paymentsRoutes, { checkout, orders: ordersService, channels });
      await api.register(webhookRoutes, { provider, webhooks });
      await api.register(plansRoutes, { plans, channels });
      await api.register(customFormsRoutes, { forms });
      await api.register(authRoutes, { auth, channels, geo, rateLimitMax: config.AUTH_RATE_LIMIT_MAX });
      await api.register(profileRoutes, { profile, auth, channels });
      await api.register(eventsRoutes, { events, viewers, favorites, catalog });
      await api.register(favoritesRoutes, { favorites });
      await api.register(geoRoutes, { geo });
      await api.register(playbackRoutes, { playback });
      await api.register(clipsRoutes, { clips });
      await api.register(vodRoutes, { vod });
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
