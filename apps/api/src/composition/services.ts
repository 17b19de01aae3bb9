import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { jobHandlers } from '../jobs/job-handlers';
import { createCache, createCachedJson, localCacheBus, redisCacheBus } from '../lib/cache';
import { localSecret } from '../lib/local-secret';
import { createPasswordHasher } from '../lib/password';
import type { ServiceHost } from '../lib/service-host';
import { createViewerService } from '../modules/access/viewer.service';
import { createAnalyticsRepository } from '../modules/analytics/analytics.repository';
import { createAuthService } from '../modules/auth/auth.service';
import { createLoginThrottle } from '../modules/auth/login-throttle';
import { createRecaptchaVerifier, type RecaptchaVerifier } from '../modules/auth/recaptcha';
import { createSocialVerifier, type SocialVerifier } from '../modules/auth/social-verifier';
import { createUsersRepository } from '../modules/auth/users.repository';
import { createCatalogRepository } from '../modules/catalog/catalog.repository';
import { createCatalogService } from '../modules/catalog/catalog.service';
import { createChannelRepository } from '../modules/channel/channel.repository';
import { createChannelService } from '../modules/channel/channel.service';
import { createClipsRepository } from '../modules/clips/clips.repository';
import { createClipsService } from '../modules/clips/clips.service';
import { createEntitlements } from '../modules/commerce/entitlements';
import { createOrdersRepository } from '../modules/commerce/orders.repository';
import { createPassesRepository } from '../modules/commerce/passes.repository';
import { createPassesService } from '../modules/commerce/passes.service';
import type { PlansEventHandler } from '../modules/commerce/webhook.service';
import { createConsoleService } from '../modules/console';
import { createCustomFormsRepository } from '../modules/custom-forms/custom-forms.repository';
import { createCustomFormsService } from '../modules/custom-forms/custom-forms.service';
import { createEventsRepository } from '../modules/events/events.repository';
import { createEventsService } from '../modules/events/events.service';
import { createFavoritesRepository } from '../modules/favorites/favorites.repository';
import { createFavoritesService } from '../modules/favorites/favorites.service';
import { createGeoService } from '../modules/geo/geo.service';
import {
  assertIdentitySandboxAllowed,
  createIdentitySandbox,
  IDENTITY_SANDBOX_PATH,
  loadSandboxKeys,
} from '../modules/identity-sandbox';
import { createStreamKeysRepository, createStreamKeysService } from '../modules/ingest';
import { createKeysRepository } from '../modules/keys/keys.repository';
import { createKeysService } from '../modules/keys/keys.service';
import { ffmpegPath } from '../modules/media/ffmpeg/ffmpeg';
import { createGameRecordings } from '../modules/media/game-recording';
import { setUpLive } from '../modules/media/live-setup';
import { liveAssetOf } from '../modules/media/live-simulator';
import { createMediaRepository } from '../modules/media/media.repository';
import { createMediaAccess, MEDIA_ACCESS_TTL_MS } from '../modules/media/media-access';
import { mediaPaths } from '../modules/media/media-paths';
import { createMediaTokens } from '../modules/media/media-token';
import { createPlaybackService } from '../modules/media/playback.service';
import type { SandboxSubscriptions } from '../modules/payment-sandbox/sandbox-provider';
import { createProfileService } from '../modules/profile/profile.service';
import { createVodRepository } from '../modules/vod/vod.repository';
import { createVodService } from '../modules/vod/vod.service';
import { createMetrics } from '../plugins/metrics';
import { setUpBackgroundWork } from './background-work';
import { setUpCommerce } from './commerce';
import { setUpIngest } from './ingest';
import { liveFeedOf } from './live-feed';
import { loginThrottleStore } from './login-throttle-store';

export type ServiceDeps = {
  config: Config;
  database: Database;
  /** Where the services log and hook their background work (composition/host.ts). */
  host: ServiceHost;
  /** Posts a sandbox event to the webhook route (the server's own route; a command sends none). */
  postWebhook(body: string, signature: string): Promise<number>;
  /** Provider checks; tests give real verifiers pointed at local key sets and servers. */
  social?: SocialVerifier;
  recaptcha?: RecaptchaVerifier;
  /** The sandbox's plans; tests may give a small stand-in. */
  sandboxSubscriptions?: SandboxSubscriptions;
  /** What follows a plan's creation (renewals, retries, trial ends); tests may give a stand-in. */
  plans?: PlansEventHandler;
};

/**
 * The composition root: every service built once, from its exact dependencies, in dependency order. The server's
 * routes, the commands (cli/) and the tests all take their services from here.
 */
export async function buildServices({ config, database, host, postWebhook, ...overrides }: ServiceDeps) {
  const { db } = database;
  const metrics = createMetrics();
  // With Redis, a write in one process drops the cached copies in every process (see lib/cache/bus.ts).
  const cacheBus = config.REDIS_URL
    ? await redisCacheBus({ redisUrl: config.REDIS_URL, channel: `${config.JOBS_PREFIX}:cache`, log: host.log })
    : localCacheBus();
  host.onClose(() => cacheBus.close());
  const cache = createCache({ ttlMs: 60_000, bus: cacheBus, topic: 'public' });
  const mediaRepo = createMediaRepository({ db });
  const paths = mediaPaths(config.mediaDir);
  const ffmpeg = ffmpegPath(config.FFMPEG_PATH);
  const users = createUsersRepository({ db });
  const clipsRepo = createClipsRepository({ db });
  const keysRepo = createKeysRepository({ db });
  const eventsRepo = createEventsRepository({ db });
  const ordersRepo = createOrdersRepository({ db });
  const background = await setUpBackgroundWork(host, {
    config,
    database,
    cacheBus,
    mediaRepo,
    paths,
    ffmpeg,
    users,
    clipsRepo,
  });
  const { jobs, mail, clipCache } = background;

  // Social sign-in with no Google client: the offline identity sandbox, unless turned off (see its guard).
  await assertIdentitySandboxAllowed(db, {
    enabled: config.identitySandbox,
    production: config.NODE_ENV === 'production',
  });
  const identitySandbox = config.identitySandbox
    ? createIdentitySandbox({ keys: await loadSandboxKeys(config.dataDir) })
    : null;
  const channelRepo = createChannelRepository({ db });
  const channels = createChannelService({
    repo: channelRepo,
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
    repo: keysRepo,
    ttlDays: config.API_KEY_TTL_DAYS,
    // Verified keys and key checks: up to 50,000 of each.
    cache: createCache({ ttlMs: config.KEYS_CACHE_TTL_MS, max: 100_000, bus: cacheBus, topic: 'keys' }),
  });
  const catalog = createCatalogService({ repo: createCatalogRepository({ db }), cache });
  const passes = createPassesService({ repo: createPassesRepository({ db }), cache });
  const grantsOf = createEntitlements({ orders: ordersRepo });
  const hasher = createPasswordHasher({ cost: config.PASSWORD_HASH_COST });
  const geo = createGeoService({ localCountry: config.GEO_LOCAL_COUNTRY });
  const viewers = createViewerService({
    users,
    cache: createCache({ ttlMs: 5_000, bus: cacheBus, topic: 'viewers' }),
    entitlementsOf: grantsOf,
  });
  // Each media request rechecks its fan's rights, remembered per key and event for 30 s (docs/playback.md).
  const mediaAccess = createMediaAccess({
    cache: createCache({ ttlMs: MEDIA_ACCESS_TTL_MS, max: 100_000, bus: cacheBus, topic: 'media-access' }),
    keyOwner: async (keyId) => keysRepo.byId(keyId),
    events: eventsRepo,
    viewers,
  });
  /** A payment, a refund or a plan's end changes what the fan may watch: listings and media links follow at once. */
  const forget = (userId: number) => {
    viewers.forget(userId);
    mediaAccess.forget(userId);
  };

  // Payments: the offline sandbox by default, Stripe when its keys are set (config.paymentProvider).
  const commerce = await setUpCommerce(host, {
    config,
    database,
    jobs,
    mail,
    orders: ordersRepo,
    users,
    events: eventsRepo,
    grantsOf,
    forget,
    sandboxSubscriptions: overrides.sandboxSubscriptions,
    plansHandler: overrides.plans,
    postWebhook,
  });
  const { plans } = commerce;
  const forms = createCustomFormsService({
    repo: createCustomFormsRepository({ db }),
    cache,
    // The basic pass chosen on the passes form starts its trial.
    onSaved: (...args) => plans.onFormSaved(...args),
  });
  const events = createEventsService({
    repo: eventsRepo,
    catalog,
    cache: createCache({ ttlMs: config.EVENTS_CACHE_TTL_MS, bus: cacheBus, topic: 'events' }),
    ttlMs: config.EVENTS_CACHE_TTL_MS,
  });
  const streamKeys = createStreamKeysService({
    repo: createStreamKeysRepository({ db }),
    address: { host: config.INGEST_HOST, rtmpPort: config.RTMP_PORT, srtPort: config.SRT_PORT },
    transaction: (work) => db.transaction(work),
  });
  // Encoders publishing games (RTMP): a publish makes its game live, its end makes the replay (composition/ingest.ts).
  const ingest = setUpIngest(host, {
    config,
    paths,
    ffmpeg,
    mediaRepo,
    eventsRepo,
    events,
    channels,
    streamKeys,
    db,
    metrics,
    // Called on a publish, after `live` below exists.
    stopSimulated: (eventId) => live.release(liveAssetOf(eventId)),
    // The replay's MP4 for downloads is a job: any process running jobs makes it, off the game's end.
    queueReplayMp4: (key) => jobs.add({ name: 'media.replay-mp4', data: { key } }),
  });
  // The live encoders of this process and the clock that moves games to live and finished (see live-setup.ts).
  const live = setUpLive(host, {
    config,
    paths,
    ffmpeg,
    mediaRepo,
    sweepStatuses: () => events.sweepStatuses(),
    // A channel's encoder publishes the game; the demo's own does not count (its game is still the demo's).
    isIngested: (eventId) => ingest.service.has(eventId) && !ingest.service.simulated(eventId),
    demoIngest: {
      listening: () => ingest.listening(),
      async publishUrl(eventId) {
        if (!ingest.listening()) return null;
        const game = (await mediaRepo.liveEvents()).find((g) => g.id === eventId);
        return game ? ingest.demoPublishUrl((await streamKeys.read(game.channelId, eventId)).key) : null;
      },
    },
  });
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
    recordings: createGameRecordings({ media: mediaRepo, jobs, packageOwn: config.GAME_RECORDINGS }),
    // A replay's MP4 comes a moment after the replay (or was lost with a crash): asked for again, never counted.
    downloadReady: async (key) => {
      if (await background.replayMp4.ready(key)) return true;
      await jobs.add({ name: 'media.replay-mp4', data: { key } });
      return false;
    },
    liveFeed: liveFeedOf({ config, paths, ingest, live }),
  });
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
  const auth = createAuthService({
    users,
    keys,
    hasher,
    db,
    mail,
    throttle: createLoginThrottle({
      maxFailures: config.LOGIN_MAX_FAILURES,
      windowMs: config.LOGIN_FAILURE_WINDOW_MS,
      store: await loginThrottleStore(host, config),
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
    // Runs only when a fan confirms a deletion.
    beforeAccountDeletion: async (userId) => {
      await plans.endAllOf(userId);
      const uuids = await clipsRepo.uuidsOfUser(userId);
      return () => clips.removeFiles(uuids);
    },
  });
  const profile = createProfileService({ users, keys, hasher, geo, grantsOf });
  const vod = createVodService({
    repo: createVodRepository({ db }),
    viewers,
    geo,
    media: mediaRepo,
    tokens: vodTokens,
    tokenTtlS: config.MEDIA_TOKEN_TTL_S,
  });
  const favorites = createFavoritesService({ repo: createFavoritesRepository({ db }), catalog, events: eventsRepo });
  // The operators' console: roles, the audit log, and the changes each role may make (modules/console).
  const consoleService = createConsoleService({
    db,
    channelRepo,
    channels,
    users,
    streamKeys,
    hasher,
    events,
    mail,
    endIngested: (eventId) => ingest.service.endNow(eventId),
  });

  // Every service exists: the queue may run its jobs now (a job queued meanwhile waited for this).
  await jobs.start(
    jobHandlers({
      metrics,
      sendMail: () => mail.sendDue(),
      packageMedia: background.packager.packageMedia,
      replayMp4: (key) => background.replayMp4.make(key),
      cutClip: (clipId) => background.cutter.cut(clipId),
      sandboxWork: commerce.runDue,
      billingTick: commerce.billingTick,
    }),
  );

  return {
    config,
    database,
    db,
    metrics,
    /** Public answers cached as JSON text, shared by the routes that serve them. */
    send: createCachedJson(cache),
    jobs,
    mail,
    users,
    hasher,
    channels,
    keys,
    catalog,
    passes,
    grantsOf,
    forms,
    auth,
    geo,
    profile,
    viewers,
    events,
    mediaAccess,
    forget,
    /** Media packaging and the live encoders (tests package small games; the server queues the demo's). */
    media: { repo: mediaRepo, paths, packageMedia: background.packager.packageMedia, live },
    tokens,
    vodTokens,
    playback,
    clips,
    clipsRepo,
    clipCache,
    vod,
    favorites,
    identitySandbox,
    commerce,
    plans,
    /** The payment sandbox's due work (confirm due payments, send due events); tests call it instead of waiting. */
    payments: { runDue: commerce.runDue },
    /**
     * The billing clock at `now` (tests move it): the sandbox's due renewals, trial notices, retries and ends, then
     * the expiry of access whose period passed. It also runs as the `billing.tick` job on a timer.
     */
    billingTick: commerce.billingTick,
    analytics: createAnalyticsRepository({ db }),
    /** The games' stream keys, which encoders publish with. */
    streamKeys,
    console: consoleService,
    /** The RTMP ingest (its port once listening: tests publish on a free one). */
    ingest,
  };
}

export type Services = Awaited<ReturnType<typeof buildServices>>;
