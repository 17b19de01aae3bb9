import { randomBytes, randomUUID } from 'node:crypto';
import { eventsPageSchema, eventsQuerySchema } from '@sideline/contract/events';
import { listingFirstPageAddress } from '@sideline/contract/listings';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildServices, type ServiceDeps } from './composition/services';
import { inRequest } from './lib/request-trace';
import { fastifyHost } from './lib/service-host';
import { GUEST } from './modules/access/event-access';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { videoAnalyticsRoutes } from './modules/analytics/video-analytics.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { channelFileRoute, channelRoutes } from './modules/channel/channel.routes';
import { clipMediaRoutes } from './modules/clips/clip-media.routes';
import { clipsRoutes } from './modules/clips/clips.routes';
import { passesRoutes } from './modules/commerce/passes.routes';
import { paymentsRoutes } from './modules/commerce/payments.routes';
import { plansRoutes } from './modules/commerce/plans.routes';
import { webhookRoutes } from './modules/commerce/webhook.routes';
import {
  catalogueRoutes,
  consoleAccessPlugin,
  consoleRoutes,
  contentRoutes,
  gamesRoutes,
  staffRoutes,
} from './modules/console';
import { customFormsRoutes } from './modules/custom-forms/custom-forms.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { healthRoutes } from './modules/health/health.routes';
import { identitySandboxRoutes } from './modules/identity-sandbox';
import { ingestHealthRoutes, streamKeysRoutes } from './modules/ingest';
import { keysRoutes } from './modules/keys/keys.routes';
import { deliveryRoutes } from './modules/media/delivery.routes';
import { imagesRoutes } from './modules/media/images.routes';
import { mediaAccessRoutes } from './modules/media/media-access.routes';
import { playbackRoutes } from './modules/media/playback.routes';
import { sandboxRoutes } from './modules/payment-sandbox/sandbox.routes';
import { sandboxPortalRoutes } from './modules/payment-sandbox/sandbox-portal.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { vodRoutes } from './modules/vod/vod.routes';
import { vodDeliveryRoutes } from './modules/vod/vod-delivery.routes';
import { clientErrorHandler } from './plugins/client-errors';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler';
import { loggerOptions } from './plugins/logger';
import { metricsPlugin } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { requestContextPlugin } from './plugins/request-context';
import { securityPlugin } from './plugins/security';
import { responseSerializerCompiler } from './plugins/serializer';
import { webPlugin } from './plugins/web';

export const API_PREFIX = '/api';
export const ANALYTICS_PREFIX = '/analytics';

export type AppDeps = Omit<ServiceDeps, 'host' | 'postWebhook'> & {
  /** Tests pass `false`; the server passes pino options built from the config. */
  logger?: FastifyServerOptions['logger'];
};

/**
 * The HTTP side: a Fastify instance with the services of composition/services.ts, its plugins and its routes.
 * The services come back with it for the server (the demo's media, the command socket) and the tests.
 */
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

  const services = await buildServices({
    config,
    database,
    host: fastifyHost(app),
    // The payment sandbox's events go through the real route, exactly as Stripe's delivery arrives.
    postWebhook: async (body, signature) =>
      (
        await app.inject({
          method: 'POST',
          url: `${API_PREFIX}/stripe/webhook`,
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload: body,
        })
      ).statusCode,
    ...overrides,
  });
  const { db, metrics, send, channels, keys, catalog, passes, grantsOf, forms, auth, geo, profile } = services;
  const { viewers, events, mediaAccess, playback, clips, clipsRepo, clipCache, vod, favorites } = services;
  const { identitySandbox, commerce, plans, tokens, vodTokens } = services;
  const { paths, live } = services.media;
  const { provider, sandbox, portalSessions } = commerce;

  // External first (errors, security, docs), then who-is-calling, then routes (fastify/demo's order).
  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin, { metrics, operatorToken: config.OPERATOR_TOKEN });
  // The page's own calls for its boot answers (plugins/web.ts) carry this, so no visitor's limit counts them.
  const bootSecret = randomBytes(16).toString('hex');
  await app.register(securityPlugin, { config, channels, bootSecret });
  await app.register(openapiPlugin);
  await app.register(requestContextPlugin, { channels, keys });
  await app.register(consoleAccessPlugin, { channels, keys, console: services.console });

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
      await api.register(consoleRoutes, { console: services.console });
      await api.register(staffRoutes, { staff: services.console.staff, channels });
      await api.register(catalogueRoutes, { catalogue: services.console.catalogue });
      await api.register(contentRoutes, { content: services.console.content });
      await api.register(gamesRoutes, {
        games: services.console.games,
        health: services.ingest.health,
        importGames: services.console.importGames,
      });
      await api.register(streamKeysRoutes, { streamKeys: services.streamKeys, operatorToken: config.OPERATOR_TOKEN });
      await api.register(ingestHealthRoutes, {
        health: services.ingest.health,
        operatorToken: config.OPERATOR_TOKEN,
      });
    },
    { prefix: API_PREFIX },
  );
  const analyticsRepo = services.analytics;
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
  return { app, services };
}
export type App = Awaited<ReturnType<typeof buildApp>>['app'];
