import type { Config } from '../config/env';
import type { ServiceHost } from '../lib/service-host';
import { type FailureStore, memoryFailures, redisFailures } from '../modules/auth/login-throttle';

/** With Redis, failed logins are counted across every API process (one process's memory is not the only copy). */
export async function loginThrottleStore(host: ServiceHost, config: Config): Promise<FailureStore> {
  if (!config.REDIS_URL) return memoryFailures;
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (err) => host.log.warn({ err: err.message }, 'login throttle store unavailable'));
  host.onClose(() => redis.disconnect());
  return redisFailures(redis, config.JOBS_PREFIX, (err) =>
    host.log.warn({ err }, 'login throttle store unavailable: attempt let through'),
  );
}
