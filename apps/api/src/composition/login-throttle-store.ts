import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import { type FailureStore, memoryFailures, redisFailures } from '../modules/auth/login-throttle';

/** With Redis, failed logins are counted across every API process (one process's memory is not the only copy). */
export async function loginThrottleStore(app: FastifyInstance, config: Config): Promise<FailureStore> {
  if (!config.REDIS_URL) return memoryFailures;
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (err) => app.log.warn({ err: err.message }, 'login throttle store unavailable'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redisFailures(redis, config.JOBS_PREFIX, (err) =>
    app.log.warn({ err }, 'login throttle store unavailable: attempt let through'),
  );
}
