import { playbackSchema } from '@sideline/contract/media';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { caller, createTestApp, guestKey } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { events } from '../events/events.table';

describe('the simulated live encoders', () => {
  it("runs a live game's own feed when asked for and serves a sliding window with program date times", async () => {
    const [kind] = dbKinds();
    const t = await createTestApp(kind ?? 'pglite', { LIVE_SIMULATOR: 'true' });
    try {
      const call = caller(t.app);
      const key = await guestKey(t.app);
      const [live] = await t.database.db
        .select()
        .from(events)
        .where(and(eq(events.channelId, 1), eq(events.streamStatus, 'live'), eq(events.accessType, 'free')))
        .limit(1);
      let info: ReturnType<typeof playbackSchema.parse> | undefined;
      for (let i = 0; i < 60 && !info; i++) {
        const res = await call({ url: `/api/events/${live?.id}/playback`, key });
        if (res.statusCode === 200) info = playbackSchema.parse(res.json().data);
        else await new Promise((r) => setTimeout(r, 500));
      }
      expect(info).toMatchObject({ kind: 'live', duration_s: null, live_window_s: 720 });
      const url = info?.url.replace('master.m3u8', '360p/index.m3u8') ?? '';
      let playlist = '';
      for (let i = 0; i < 40 && (playlist.match(/\.ts/g) ?? []).length < 3; i++) {
        await new Promise((r) => setTimeout(r, 500));
        playlist = (await t.app.inject(url)).body;
      }
      expect(playlist).toContain('#EXT-X-PROGRAM-DATE-TIME:');
      expect(playlist).not.toContain('#EXT-X-ENDLIST');
      const first = new Date(playlist.match(/#EXT-X-PROGRAM-DATE-TIME:(\S+)/)?.[1] ?? 0).getTime();
      expect(Math.abs(Date.now() - first)).toBeLessThan(60_000);
      expect((await t.app.inject(url)).headers['cache-control']).toBe('no-cache');
      expect(t.services.media.live).toBeDefined();
    } finally {
      await t.close();
    }
  }, 90_000);
});
