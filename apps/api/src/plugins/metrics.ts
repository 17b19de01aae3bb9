import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../lib/app-error';
import { bearerMatches } from '../lib/tokens';

const VIEWER_WINDOW_MS = 60_000;

/** The app's Prometheus registry and what the rest of the app reports into it: job outcomes and viewers. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sideline_' });
  const jobs = new Counter({
    name: 'sideline_jobs_total',
    help: 'Background jobs run in this process, by name and outcome',
    labelNames: ['name', 'outcome'] as const,
    registers: [registry],
  });
  // Viewers are the media keys that fetched a playlist within the last minute (players refresh live playlists every
  // few seconds and ask for the next VOD segments all along).
  const viewers = new Map<number, number>();
  new Gauge({
    name: 'sideline_active_viewers',
    help: 'Keys that fetched a playlist from this process within the last minute',
    registers: [registry],
    collect() {
      const since = Date.now() - VIEWER_WINDOW_MS;
      for (const [key, at] of viewers) if (at < since) viewers.delete(key);
      this.set(viewers.size);
    },
  });
  // Ingest health (modules/ingest/ingest-health.service.ts): transcoder troubles, once per episode, and encoders now.
  const stalls = new Counter({
    name: 'sideline_ingest_transcoder_stalls_total',
    help: 'Ingest transcoders that made no progress for more than 3 sample periods while their encoder sent',
    registers: [registry],
  });
  const slow = new Counter({
    name: 'sideline_ingest_transcoder_slow_total',
    help: 'Ingest transcoders under 0.9x realtime for 3 sample periods in a row',
    registers: [registry],
  });
  let publishers = () => 0;
  new Gauge({
    name: 'sideline_ingest_publishers',
    help: 'Encoders publishing a game to this process now',
    registers: [registry],
    collect() {
      this.set(publishers());
    },
  });
  return {
    registry,
    ingest: {
      stall: () => stalls.inc(),
      slow: () => slow.inc(),
      /** Where the publishers gauge reads its count (the ingest of this process). */
      countPublishers(count: () => number) {
        publishers = count;
      },
    },
    /** Wraps a job handler so its outcomes are counted. */
    counted<T>(name: string, handler: (data: T) => Promise<void>) {
      return async (data: T) => {
        try {
          await handler(data);
          jobs.inc({ name, outcome: 'done' });
        } catch (err) {
          jobs.inc({ name, outcome: 'failed' });
          throw err;
        }
      };
    },
    viewerSeen(keyId: number) {
      viewers.delete(keyId);
      viewers.set(keyId, Date.now());
      // Bounded: the oldest go first (a map keeps insertion order).
      if (viewers.size > 200_000) viewers.delete(viewers.keys().next().value as number);
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Prometheus metrics at `/metrics` (prom-client): requests by route and status with their durations, server errors,
 * jobs by outcome, the process's own figures. Each process has its own registry; Prometheus scrapes each one and
 * sums. With OPERATOR_TOKEN set it asks for `Authorization: Bearer <token>`; without one, only loopback callers
 * (a scraper on the same machine) are answered.
 */
async function metrics(app: FastifyInstance, opts: { metrics: Metrics; operatorToken: string | undefined }) {
  const { registry } = opts.metrics;
  const requests = new Counter({
    name: 'sideline_http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'sideline_http_request_duration_seconds',
    help: 'HTTP request durations by route pattern',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'sideline_http_server_errors_total',
    help: 'Answers with a 5xx status',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  // The id a request was logged under, for a fan's support question or an operator's trace through nginx.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: ids and tokens would make every request its own series.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ route }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ route });
  });

  app.get('/metrics', { config: { access: 'none' }, schema: { hide: true } }, async (request, reply) => {
    const auth = request.headers.authorization ?? '';
    const allowed = opts.operatorToken
      ? bearerMatches(auth, opts.operatorToken)
      : ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
    if (!allowed) throw new AppError({ status: 401, code: 'operator_token_required' });
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}

export const metricsPlugin = fp(metrics, { name: 'metrics' });
