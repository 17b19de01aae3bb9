import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env';
import { jobLogFields } from '../lib/request-trace';

/**
 * Bearer parts of paths: media tokens (games, library, clip downloads) and the sandbox portal's session. Each opens
 * what it names for hours to whoever holds it, so a log reader must not.
 */
const SECRET_PATH_PARTS = [
  /^(\/media\/[el]\/[^/?#]+\/)[^/?#]+/i,
  /^(\/media\/clips\/[^/?#]+\/download\/)[^/?#]+/i,
  /^(\/sandbox-pay\/portal\/)[^/?#]+/i,
];

/** Removes secrets from a URL before it is logged: api keys, tokens, client secrets, bearer path parts. */
export function redactUrl(url: string): string {
  const path = SECRET_PATH_PARTS.reduce((u, re) => u.replace(re, '$1[redacted]'), url);
  return path.replace(/([?&](?:api_key|token|code|key|channel_key|client_secret)=)[^&#]*/gi, '$1[redacted]');
}

/** pino options: request lines without secrets, bodies never logged. */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    mixin: jobLogFields,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', '*.password', '*.api_key'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
    },
  };
}
