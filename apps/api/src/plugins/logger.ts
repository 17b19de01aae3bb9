import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env';
import { jobLogFields } from '../lib/request-trace';

/** Removes secrets from a URL before it is logged: api keys, reset and verification tokens. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:api_key|token|code|key|channel_key)=)[^&#]*/gi, '$1[redacted]');
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
