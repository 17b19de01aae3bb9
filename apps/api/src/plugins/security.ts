import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { ErrorBody } from '@sideline/contract/errors';
import { MESSAGES } from '@sideline/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import type { ChannelService } from '../modules/channel/channel.service';
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
