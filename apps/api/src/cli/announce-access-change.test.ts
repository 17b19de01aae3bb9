import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCache, redisCacheBus } from '../lib/cache';
import { VIEWERS_TOPIC, viewerKey } from '../modules/access/viewer.service';
import { MEDIA_ACCESS_TOPIC, userTag } from '../modules/media/media-access';
import { announceAccessChange, openCommandBus } from './announce-access-change';

const REDIS_URL = 'redis://127.0.0.1:6379';

/** `npm run refund` in its own process tells the API processes through Redis, as their own `forget` would. */
describe('a command announcing an access change', () => {
  it("drops that user's viewer and media answers in an API process at once, and no one else's", async () => {
    const prefix = `announce-${randomBytes(4).toString('hex')}`;
    const api = await redisCacheBus({ redisUrl: REDIS_URL, channel: `${prefix}:cache`, log: { warn: () => {} } });
    const command = await openCommandBus({ REDIS_URL, JOBS_PREFIX: prefix });
    if (!command) throw new Error('no bus to Redis');
    try {
      // The API process's caches as app.ts builds them (same names on the bus), each holding users 7 and 8.
      const viewers = createCache({ ttlMs: 60_000, bus: api, topic: VIEWERS_TOPIC });
      const media = createCache({ ttlMs: 60_000, bus: api, topic: MEDIA_ACCESS_TOPIC });
      let loads = 0;
      const load = async () => ++loads;
      const answerOf = (userId: number) => media.get(`event:1:play:key:${userId}`, load, () => [userTag(userId)]);
      const viewerOf = (userId: number) => viewers.get(viewerKey(userId), load);
      const before = [await answerOf(7), await answerOf(8), await viewerOf(7), await viewerOf(8)];

      await announceAccessChange(command, 7);
      await expect.poll(() => answerOf(7), { timeout: 1_000 }).toBeGreaterThan(4);
      await expect.poll(() => viewerOf(7), { timeout: 1_000 }).toBeGreaterThan(4);
      expect([await answerOf(8), await viewerOf(8)]).toEqual([before[1], before[3]]);
    } finally {
      await Promise.all([api.close(), command.close()]);
    }
  });

  it('goes on without a bus when there is no REDIS_URL or Redis does not answer, without waiting long', async () => {
    expect(await openCommandBus({ JOBS_PREFIX: 'sideline' })).toBeNull();
    const started = Date.now();
    expect(await openCommandBus({ REDIS_URL: 'redis://127.0.0.1:1', JOBS_PREFIX: 'sideline' }, 1_000)).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
