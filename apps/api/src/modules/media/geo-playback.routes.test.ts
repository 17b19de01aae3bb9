import { errorBodySchema } from '@sideline/contract/errors';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { caller, createTestApp, guestKey } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { events } from '../events/events.table';

describe('geo rules', () => {
  it('blocks a visitor from a country the channel does not allow, with the region message', async () => {
    const [kind] = dbKinds();
    const t = await createTestApp(kind ?? 'pglite', { GEO_LOCAL_COUNTRY: 'FR', LIVE_SIMULATOR: 'false' });
    try {
      const call = caller(t.app);
      const key = await guestKey(t.app);
      const geo = (await call({ url: '/api/geo', key })).json().data;
      expect(geo).toMatchObject({ country: 'France', country_code: 'FR', is_geo_blocked: true });
      const [event] = await t.database.db.select().from(events).where(eq(events.channelId, 1)).limit(1);
      const res = await call({ url: `/api/events/${event?.id}/playback`, key });
      expect(res.statusCode).toBe(403);
      expect(errorBodySchema.parse(res.json()).error).toMatchObject({ code: 'geo_blocked', message: 'region blocked' });
      // The Bulgarian channel is not geo-restricted.
      const sofia = await guestKey(t.app, 'ssn_demo_channel_key_sofia');
      expect((await call({ url: '/api/geo', key: sofia })).json().data.is_geo_blocked).toBe(false);
    } finally {
      await t.close();
    }
  });
});
