import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { ErrorBody } from '@sideline/contract/errors';
import { MESSAGES } from '@sideline/contract/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import type { ChannelService } from '../modules/channel/channel.service';
import { BOOT_CALL_HEADER } from './web';

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

  const extraOrigins = new Set(opts.config.WEB_ORIGINS);
  await app.register(cors, {
    credentials: false,
    maxAge: 600,
    origin: (origin, cb) => {
      if (!origin) return cb(null, false);
      if (extraOrigins.has(origin)) return cb(null, true);
      let hostname: string;
      try {
        hostname = new URL(origin).hostname;
      } catch {
        return cb(null, false);
      }
      opts.channels.byHost(hostname).then(
        () => cb(null, true),
        () => cb(null, false),
      );
    },
  });

  await app.register(rateLimit, {
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
