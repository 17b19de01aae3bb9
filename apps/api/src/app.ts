import { randomBytes, randomUUID } from 'node:crypto';
import { eventsPageSchema, eventsQuerySchema } from '@sideline/contract/events';
import { listingFirstPageAddress } from '@sideline/contract/listings';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { setUpBackgroundWork } from './composition/background-work';
import { setUpCommerce } from './composition/commerce';
import { loginThrottleStore } from './composition/login-throttle-store';
import type { Config } from './config/env';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';
import { createCache, createCachedJson, localCacheBus, redisCacheBus } from './lib/cache';
import { localSecret } from './lib/local-secret';
import { createPasswordHasher } from './lib/password';
import { inRequest } from './lib/request-trace';
import { GUEST } from './modules/access/event-access';
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
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createChannelRepository } from './modules/channel/channel.repository';
import { channelFileRoute, channelRoutes } from './modules/channel/channel.routes';
import { createChannelService } from './modules/channel/channel.service';
import { clipMediaRoutes } from './modules/clips/clip-media.routes';
import { createClipsRepository } from './modules/clips/clips.repository';
import { clipsRoutes } from './modules/clips/clips.routes';
import { createClipsService } from './modules/clips/clips.service';
import { createEntitlements } from './modules/commerce/entitlements';
import { createOrdersRepository } from './modules/commerce/orders.repository';
import { createPassesRepository } from './modules/commerce/passes.repository';
import { passesRoutes } from './modules/commerce/passes.routes';
import { createPassesService } from './modules/commerce/passes.service';
import { paymentsRoutes } from './modules/commerce/payments.routes';
import { plansRoutes } from './modules/commerce/plans.routes';
import type { PlansService } from './modules/commerce/plans.service';
import { webhookRoutes } from './modules/commerce/webhook.routes';
import type { PlansEventHandler } from './modules/commerce/webhook.service';
import { createCustomFormsRepository } from './modules/custom-forms/custom-forms.repository';
import { customFormsRoutes } from './modules/custom-forms/custom-forms.routes';
import { createCustomFormsService } from './modules/custom-forms/custom-forms.service';
import { createEventsRepository } from './modules/events/events.repository';
import { eventsRoutes } from './modules/events/events.routes';
import { createEventsService } from './modules/events/events.service';
import { createFavoritesRepository } from './modules/favorites/favorites.repository';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { createFavoritesService } from './modules/favorites/favorites.service';
import { geoRoutes } from './modules/geo/geo.routes';
import { createGeoService } from './modules/geo/geo.service';
import { healthRoutes } from './modules/health/health.routes';
import {
  assertIdentitySandboxAllowed,
  createIdentitySandbox,
  IDENTITY_SANDBOX_PATH,
  identitySandboxRoutes,
  loadSandboxKeys,
} from './modules/identity-sandbox';
import { createKeysRepository } from './modules/keys/keys.repository';
import { keysRoutes } from './modules/keys/keys.routes';
import { createKeysService } from './modules/keys/keys.service';
import { deliveryRoutes } from './modules/media/delivery.routes';
import { ffmpegPath } from './modules/media/ffmpeg/ffmpeg';
import { createGameRecordings } from './modules/media/game-recording';
import { imagesRoutes } from './modules/media/images.routes';
import type { LiveController } from './modules/media/live-controller';
import { setUpLive } from './modules/media/live-setup';
import { livePlaylistsOnDisk } from './modules/media/live-simulator';
import { createMediaRepository, type MediaRepository } from './modules/media/media.repository';
import { createMediaAccess, MEDIA_ACCESS_TTL_MS } from './modules/media/media-access';
import { mediaAccessRoutes } from './modules/media/media-access.routes';
import { type MediaPaths, mediaPaths } from './modules/media/media-paths';
import { createMediaTokens } from './modules/media/media-token';
import type { PackageJob } from './modules/media/packager';
import { playbackRoutes } from './modules/media/playback.routes';
import { createPlaybackService } from './modules/media/playback.service';
import { sandboxRoutes } from './modules/payment-sandbox/sandbox.routes';
import { sandboxPortalRoutes } from './modules/payment-sandbox/sandbox-portal.routes';
import type { SandboxSubscriptions } from './modules/payment-sandbox/sandbox-provider';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { createVodRepository } from './modules/vod/vod.repository';
import { vodRoutes } from './modules/vod/vod.routes';
import { createVodService } from './modules/vod/vod.service';
import { vodDeliveryRoutes } from './modules/vod/vod-delivery.routes';
import { clientErrorHandler } from './plugins/client-errors';
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
    // While draining, a request that arrives on an open connection is still answered (a 503 here would reach the
    // fan: nginx retries only on connection errors); idle connections are closed, so nginx moves to another process.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // A request id carried from the entry point (nginx sets X-Request-Id) into every log line; made here otherwise.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
    // Requests Node's parser refuses before routing (headers too large, a wrong Content-Length) get the error body.
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // First hook of all: what the request does, jobs it queues included, runs under its id.
  app.addHook('onRequest', (request, _reply, done) => inRequest(request.id, done));

  const { db } = database;
  const metrics = createMetrics();
  // With Redis, a write in one process drops the cached copies in every process (see lib/cache/bus.ts).
  const cacheBus = config.REDIS_URL
    ? await redisCacheBus({ redisUrl: config.REDIS_URL, channel: `${config.JOBS_PREFIX}:cache`, log: app.log })
    : localCacheBus();
  app.addHook('onClose', () => cacheBus.close());
  const cache = createCache({ ttlMs: 60_000, bus: cacheBus, topic: 'public' });
  const send = createCachedJson(cache);
  const mediaRepo = createMediaRepository({ db });
  const paths = mediaPaths(config.mediaDir);
  const ffmpeg = ffmpegPath(config.FFMPEG_PATH);
  const users = createUsersRepository({ db });
  const clipsRepo = createClipsRepository({ db });
  const later = { sandboxWork: async () => {}, billingTick: async () => {} };
  const { jobs, mail, packageMedia, clipCache } = await setUpBackgroundWork(app, {
    config,
    database,
    metrics,
    cacheBus,
    mediaRepo,
    paths,
    ffmpeg,
    users,
    clipsRepo,
    // Both are set below, once payments are built; a job taken up before (BullMQ's worker starts at once) does
    // nothing and comes again (the sandbox's poll, the billing timer).
    later,
  });
  app.decorate('jobs', jobs);

  // Social sign-in with no Google client: the offline identity sandbox, unless turned off (see its guard).
  await assertIdentitySandboxAllowed(db, {
    enabled: config.identitySandbox,
    production: config.NODE_ENV === 'production',
  });
  const identitySandbox = config.identitySandbox
    ? createIdentitySandbox({ keys: await loadSandboxKeys(config.dataDir) })
    : null;
  const channels = createChannelService({
    repo: createChannelRepository({ db }),
    cache,
    stripePublishableKey: config.paymentProvider === 'stripe' ? config.STRIPE_PUBLISHABLE_KEY : undefined,
    googleSandbox: identitySandbox
      ? (channel) => ({
          client_id: identitySandbox.clientIdFor(channel),
          sandbox_discovery: `${IDENTITY_SANDBOX_PATH}/.well-known/openid-configuration`,
        })
      : undefined,
  });
  const keys = createKeysService({
    repo: createKeysRepository({ db }),
    ttlDays: config.API_KEY_TTL_DAYS,
    // Verified keys and key checks: up to 50,000 of each.
    cache: createCache({ ttlMs: config.KEYS_CACHE_TTL_MS, max: 100_000, bus: cacheBus, topic: 'keys' }),
  });
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
      store: await loginThrottleStore(app, config),
    }),
    social:
      overrides.social ??
      createSocialVerifier({
        googleKeys: new URL(config.GOOGLE_JWKS_URL),
        facebookGraphUrl: config.FACEBOOK_GRAPH_URL,
        sandboxKeys: identitySandbox?.keys,
      }),
    googleSandbox: identitySandbox
      ? (channel, origin) =>
          channel.extras.providers.googleClientId
            ? null
            : { clientId: identitySandbox.clientIdFor(channel), issuer: identitySandbox.issuerOf(origin) }
      : undefined,
    recaptcha: overrides.recaptcha ?? createRecaptchaVerifier(config.RECAPTCHA_VERIFY_URL),
    grantsOf,
    // plans and clips are built below; this runs only when a fan confirms a deletion.
    beforeAccountDeletion: async (userId) => {
      await plans.endAllOf(userId);
      const uuids = await clipsRepo.uuidsOfUser(userId);
      return () => clips.removeFiles(uuids);
    },
  });
  const geo = createGeoService({ localCountry: config.GEO_LOCAL_COUNTRY });
  const profile = createProfileService({ users, keys, hasher, geo, grantsOf });
  const viewers = createViewerService({
    users,
    cache: createCache({ ttlMs: 5_000, bus: cacheBus, topic: 'viewers' }),
    entitlementsOf: grantsOf,
  });
  const eventsRepo = createEventsRepository({ db });
  const events = createEventsService({
    repo: eventsRepo,
    catalog,
    cache: createCache({ ttlMs: config.EVENTS_CACHE_TTL_MS, bus: cacheBus, topic: 'events' }),
    ttlMs: config.EVENTS_CACHE_TTL_MS,
  });
  app.decorate('sweepEventStatuses', (now?: Date) => events.sweepStatuses(now));
  // The live encoders of this process and the clock that moves games to live and finished (see live-setup.ts).
  const live = setUpLive(app, { config, paths, ffmpeg, mediaRepo, sweepStatuses: () => events.sweepStatuses() });
  const mediaSecret = config.MEDIA_TOKEN_SECRET ?? (await localSecret(config.dataDir, 'media-token'));
  const tokens = createMediaTokens(mediaSecret);
  // The library signs with a key of its own: an event's token cannot open a library item, nor the reverse.
  const vodTokens = createMediaTokens(`${mediaSecret}:vod-library`);
  // Each media request rechecks its fan's rights, remembered per key and event for 30 s (docs/playback.md).
  const keysRepo = createKeysRepository({ db });
  const mediaAccess = createMediaAccess({
    cache: createCache({ ttlMs: MEDIA_ACCESS_TTL_MS, max: 100_000, bus: cacheBus, topic: 'media-access' }),
    keyOwner: async (keyId) => keysRepo.byId(keyId),
    events: eventsRepo,
    viewers,
  });
  const playback = createPlaybackService({
    events: eventsRepo,
    viewers,
    geo,
    media: mediaRepo,
    tokens,
    channels,
    users,
    tokenTtlS: config.MEDIA_TOKEN_TTL_S,
    recordings: createGameRecordings({ media: mediaRepo, jobs, packageOwn: config.GAME_RECORDINGS }),
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
  const commerce = await setUpCommerce(app, {
    config,
    database,
    jobs,
    mail,
    orders: ordersRepo,
    users,
    events: eventsRepo,
    grantsOf,
    // A payment, a refund or a plan's end changes what the fan may watch: listings and media links follow at once.
    forget: (userId) => {
      viewers.forget(userId);
      mediaAccess.forget(userId);
    },
    sandboxSubscriptions: overrides.sandboxSubscriptions,
    plansHandler: overrides.plans,
    webhookPath: `${API_PREFIX}/stripe/webhook`,
  });
  const { provider, sandbox, portalSessions, plans } = commerce;
  later.sandboxWork = commerce.runDue;
  later.billingTick = () => commerce.billingTick(new Date());
  app.decorate('payments', { runDue: commerce.runDue });
  app.decorate('billingTick', commerce.billingTick);
  app.decorate('plans', plans);

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
      keyActive: (keyId) => keys.isActive(keyId),
    });
  }
  if (identitySandbox) await app.register(identitySandboxRoutes, { sandbox: identitySandbox, channels });
  await app.register(clipMediaRoutes, { repo: clipsRepo, paths, tokens, keys, cache: clipCache });
  await app.register(deliveryRoutes, {
    tokens,
    keys,
    paths,
    channels,
    geo,
    access: mediaAccess,
    onLiveFetch: (asset) => live.touch(asset),
    onPlaylist: (keyId) => metrics.viewerSeen(keyId),
  });
  await app.register(vodDeliveryRoutes, { tokens: vodTokens, keys, paths, channels, geo, access: mediaAccess });
  // The edge's question before it serves a playlist or a segment itself (deploy/nginx).
  await app.register(mediaAccessRoutes, {
    tokens,
    libraryTokens: vodTokens,
    keys,
    channels,
    geo,
    access: mediaAccess,
  });
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
      await api.register(paymentsRoutes, { checkout: commerce.checkout, orders: commerce.orders, channels });
      await api.register(webhookRoutes, { provider, webhooks: commerce.webhooks });
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
  await app.register(webPlugin, {
    distDir: config.WEB_DIST_DIR,
    channels,
    bootSecret,
    posterOf: async (channel, eventId) => (await events.get(channel, GUEST, eventId)).poster,
    guestPlaybackOf: (channel, eventId, ip) => playback.forPageGuest(channel, eventId, ip),
    // Parsed by the route's own schemas, so the page carries what `GET /events` would answer a guest there.
    guestListingOf: async (channel, kind) => {
      const query = new URLSearchParams(listingFirstPageAddress(kind).split('?')[1]);
      const page = await events.list(channel, GUEST, eventsQuerySchema.parse(Object.fromEntries(query)));
      return eventsPageSchema.parse(page);
    },
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
