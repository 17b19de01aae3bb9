import { type CacheBus, redisCacheBus } from '../lib/cache';
import { VIEWERS_TOPIC, viewerKey } from '../modules/access/viewer.service';
import { MEDIA_ACCESS_TOPIC, userTag } from '../modules/media/media-access';

/**
 * What an API process's own `forget(userId)` does after a payment event (app.ts), said from a command's process: the
 * user's viewer entry and remembered media answers go in every API process at once, instead of ageing out (up to
 * 30 s in the API, and the edge's own 20 s on top of that).
 */
export async function announceAccessChange(bus: CacheBus, userId: number) {
  await Promise.all([bus.publish(VIEWERS_TOPIC, viewerKey(userId)), bus.publish(MEDIA_ACCESS_TOPIC, userTag(userId))]);
}

/**
 * The API processes' cache bus (Redis, on the deployment's jobs prefix), or null when there is none or Redis does
 * not answer within `waitMs`: a refund must not wait on Redis; the caches' lifetimes then end the access.
 */
export async function openCommandBus(
  config: { REDIS_URL?: string; JOBS_PREFIX: string },
  waitMs = 5_000,
): Promise<CacheBus | null> {
  if (!config.REDIS_URL) return null;
  const log = { warn: (_obj: object, msg: string) => console.error(msg) };
  const opening = redisCacheBus({ redisUrl: config.REDIS_URL, channel: `${config.JOBS_PREFIX}:cache`, log });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  try {
    const bus = await Promise.race([opening, late]);
    // Opened too late: closed as soon as it is there, so the command can exit.
    if (!bus) void opening.then((b) => b.close()).catch(() => {});
    return bus;
  } catch (err) {
    console.error(`cache bus unavailable: ${(err as Error).message}`);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
