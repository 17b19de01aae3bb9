import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { ErrorBody } from '@sideline/contract/errors';
import { MESSAGES } from '@sideline/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import type { ChannelService } from '../modules/channel';
import { BOOT_CALL_HEADER } from './web';

/** `scheme://host[:port]` as a browser writes it in Origin (default ports dropped); null when not a URL. */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Security headers, CORS for channel hosts and configured origins, and per-address rate limits. */
async function security(app: FastifyInstance, opts: { config: Config; channels: ChannelService; bootSecret: string }) {
  await app.register(helmet, {
    // The web plugin sets the page's own policy; API answers are JSON and need none.
    contentSecurityPolicy: false,
    // The embed route must be framable by other sites; framing is ruled by CSP frame-ancestors on pages.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });

  const extraOrigins = new Set(opts.config.WEB_ORIGINS.map(originOf));
  // Exact origins only: a channel's host name under another port or scheme is another site (any local
  // service on localhost:9999, a plain-http twin of an https host) and gets no CORS answer.
  const allowed = async (request: FastifyRequest, origin: string | undefined) => {
    // Browsers send the serialized origin; anything else (a path, upper case, "null") is not one of ours.
    if (!origin || originOf(origin) !== origin) return false;
    if (extraOrigins.has(origin)) return true;
    if (origin !== originOf(`${request.protocol}://${request.host}`)) return false;
    return opts.channels.byHost(request.hostname).then(
      () => true,
      () => false,
    );
  };
  await app.register(cors, {
    delegator: (request, cb) => {
      allowed(request, request.headers.origin).then(
        (origin) => cb(null, { origin, credentials: false, maxAge: 600 }),
        (err) => cb(err),
      );
    },
  });

  // With Redis, every API process counts against the same limits (one process's memory is not the only copy).
  let redis: import('ioredis').Redis | undefined;
  if (opts.config.REDIS_URL) {
    const { Redis } = await import('ioredis');
    redis = new Redis(opts.config.REDIS_URL, {
      connectTimeout: 1_000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    // A Redis restart must not stop the site: errors are logged and requests pass while it is away (skipOnError).
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'rate-limit store unavailable'));
    const client = redis;
    // Counted from the first request when Redis is there at start; a start without it is not held up.
    await new Promise<void>((resolve) => {
      client.once('ready', () => resolve());
      setTimeout(resolve, 1_000).unref();
    });
    app.addHook('onClose', async () => {
      client.disconnect();
    });
  }
  await app.register(rateLimit, {
    ...(redis ? { redis, nameSpace: `${opts.config.JOBS_PREFIX}:rate:`, skipOnError: true } : {}),
    max: opts.config.RATE_LIMIT_MAX,
    timeWindow: opts.config.RATE_LIMIT_WINDOW_MS,
    // Health probes and static files are not limited; API calls are, but for the page's own boot answers.
    allowList: (request) =>
      (!request.url.startsWith('/api/') && !request.url.startsWith('/analytics/') && request.url !== '/channel.json') ||
      request.headers[BOOT_CALL_HEADER] === opts.bootSecret,
    errorResponseBuilder: (_request, context) => {
      const body: ErrorBody = { error: { status: 429, code: 'rate_limited', message: MESSAGES.tooManyRequests } };
      return Object.assign(new Error(MESSAGES.tooManyRequests), { statusCode: context.statusCode, body });
    },
  });
}

export const securityPlugin = fp(security, { name: 'security' });
