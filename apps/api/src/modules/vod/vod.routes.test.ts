import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@sideline/contract/errors';
import {
  vodCategorySchema,
  vodMediaItemSchema,
  vodMediaPageSchema,
  vodPlaybackSchema,
  vodRailSchema,
} from '@sideline/contract/vod';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  caller,
  createTestApp,
  demoFanKey,
  guestKey,
  type Inject,
  SOFIA_KEY,
  type TestApp,
} from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { users } from '../auth/users.table';
import { events } from '../events/events.table';
import { createMediaTokens } from '../media';
import { vodMediaItems } from './vod.table';

const SECRET = 'test-media-secret-0123456789-abcdefghij';
const SOFIA = 'sofia.localhost';

describe.each(dbKinds())('the on-demand library on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let guest: string;
  let fan: string;
  let premium: string;

  const login = (email: string) => demoFanKey(t.app, email);
  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const page = async (url: string, key = guest) => {
    const res = await call({ url, key });
    expect(res.statusCode, res.body).toBe(200);
    return vodMediaPageSchema.parse(res.json());
  };
  const itemOf = async (title: string) => {
    const [row] = await t.database.db.select().from(vodMediaItems).where(eq(vodMediaItems.title, title));
    if (!row) throw new Error(`no library item ${title}`);
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      MEDIA_TOKEN_SECRET: SECRET,
      LIVE_SIMULATOR: 'false',
      AUTH_RATE_LIMIT_MAX: '1000',
      DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache'),
    });
    call = caller(t.app);
    guest = await guestKey(t.app);
    // A fan whose account grants nothing beyond watching: no library.
    await t.database.db
      .update(users)
      .set({ capabilities: ['watch'] })
      .where(eq(users.email, 'fan@heartland.example'));
    fan = await login('fan@heartland.example');
    premium = await login('premium@sideline.test');
    for (const suffix of ['1', '2', '3', '4']) {
      await t.services.media.packageMedia({
        key: `vod/lib-heartland-${suffix}`,
        game: { away: 'Lib', home: 'Test', caption: 'Library', durationS: 4, seed: Number(suffix) },
        mp4: false,
      });
    }
  }, 180_000);
  afterAll(() => t.close());

  it('lists the categories of the caller’s channel, in order', async () => {
    const res = await call({ url: '/api/vod-media-categories', key: guest });
    expect(res.statusCode).toBe(200);
    const list = z.array(vodCategorySchema).parse(res.json().data);
    expect(list.map((c) => c.alias)).toEqual(['interviews', 'season-highlights', 'hype-reels']);
    expect(list.map((c) => c.name)).toEqual(['Interviews', 'Season highlights', 'Hype reels']);
    const sofia = await call({ url: '/api/vod-media-categories', key: await guestKey(t.app, SOFIA_KEY), host: SOFIA });
    expect(z.array(vodCategorySchema).parse(sofia.json().data)[0]?.name).toBe('Интервюта');
  });

  it('pages the items newest first and filters them by category', async () => {
    const first = await page('/api/vod-media-items?limit=5');
    const second = await page('/api/vod-media-items?limit=5&offset=5');
    expect(first.meta).toEqual({ total: 12, offset: 0, limit: 5 });
    expect(first.data).toHaveLength(5);
    expect(second.data).toHaveLength(5);
    const all = [...first.data, ...second.data];
    expect(new Set(all.map((i) => i.id)).size).toBe(10);
    const dates = all.map((i) => i.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(first.data[0]?.assets[0]).toEqual({ type: 'image', path: expect.stringMatching(/^\/media\/images\//) });

    const categories = z
      .array(vodCategorySchema)
      .parse((await call({ url: '/api/vod-media-categories', key: guest })).json().data);
    const interviews = categories.find((c) => c.alias === 'interviews')?.id as number;
    const filtered = await page(`/api/vod-media-items?category_id=${interviews}&no_limit=1`);
    expect(filtered.meta.total).toBe(3);
    expect(filtered.data.every((i) => i.category_id === interviews)).toBe(true);
  });

  it('answers one item of the channel, and 404 for another channel’s or a missing one', async () => {
    const own = await itemOf('Rivalry week hype reel');
    const res = await call({ url: `/api/vod-media-items/${own.id}`, key: guest });
    expect(res.statusCode).toBe(200);
    expect(vodMediaItemSchema.parse(res.json().data)).toMatchObject({ id: own.id, title: own.title });

    const foreign = await itemOf('Седмица на дербитата');
    for (const url of [`/api/vod-media-items/${foreign.id}`, `/api/vod-media-items/${foreign.id}/playback`]) {
      const other = await call({ url, key: premium });
      expect(other.statusCode, url).toBe(404);
      expect(error(other).code).toBe('not_found');
    }
    expect((await call({ url: '/api/vod-media-items/999999', key: guest })).statusCode).toBe(404);
  });

  it('searches titles in any case, ten a page, by date or by title', async () => {
    const first = await page('/api/vod-media/search');
    expect(first.meta).toEqual({ total: 12, offset: 0, limit: 10 });
    expect(first.data).toHaveLength(10);
    const next = await page('/api/vod-media/search?offset=10');
    expect(next.data).toHaveLength(2);
    expect(next.data.some((i) => first.data.some((f) => f.id === i.id))).toBe(false);

    const found = await page('/api/vod-media/search?title=HIGHLIGHTS&sort_field=title');
    const titles = found.data.map((i) => i.title);
    expect(titles).toEqual([
      'Basketball highlights: opening night',
      'Football highlights: week 1',
      'Football highlights: week 2',
      'Volleyball highlights: the five-set thriller',
    ]);
    // The fan's `%` and `_` are letters, not patterns.
    expect((await page('/api/vod-media/search?title=%25')).meta.total).toBe(0);
    expect((await page('/api/vod-media/search?title=_')).meta.total).toBe(0);
  });

  it('gives the rails, each with its items in order', async () => {
    const res = await call({ url: '/api/vod-media-rails', key: guest });
    expect(res.statusCode).toBe(200);
    const rails = z.array(vodRailSchema).parse(res.json().data);
    expect(rails.map((r) => r.title)).toEqual(['Latest highlights', 'Meet the teams', 'Get hyped']);
    expect(rails[0]?.vod_media_items.map((i) => i.title)).toEqual([
      'Football highlights: week 1',
      'Basketball highlights: opening night',
      'Football highlights: week 2',
      'Volleyball highlights: the five-set thriller',
      'Top 10 plays of the month',
    ]);
  });

  it('plays an item only for a fan with vod_media_access: 401 for a guest, 403 without it', async () => {
    const item = await itemOf('Rivalry week hype reel');
    const url = `/api/vod-media-items/${item.id}/playback`;
    const asGuest = await call({ url, key: guest });
    expect(asGuest.statusCode).toBe(401);
    expect(error(asGuest).code).toBe('login_required');
    const asFan = await call({ url, key: fan });
    expect(asFan.statusCode).toBe(403);
    expect(error(asFan)).toMatchObject({ code: 'capability_missing', field: 'vod_media_access' });

    const ok = await call({ url, key: premium });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const info = vodPlaybackSchema.parse(ok.json().data);
    expect(info).toMatchObject({ vod_media_item_id: item.id, kind: 'vod', preroll: null, duration_s: 4 });
    expect(info.url).toMatch(new RegExp(`^/media/l/${item.id}/[\\w-]+\\.[\\w-]+/master\\.m3u8$`));

    const master = await t.app.inject(info.url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const media = await t.app.inject(info.url.replace('master.m3u8', '360p/index.m3u8'));
    expect(media.body).toContain('#EXT-X-ENDLIST');
    const segment = media.body.split('\n').find((l) => l.endsWith('.ts')) as string;
    const bytes = await t.app.inject(info.url.replace('master.m3u8', `360p/${segment}`));
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp2t');
  });

  it('refuses an event token, a forged, expired or other item’s token on library media, and a library token on event media', async () => {
    const item = await itemOf('Rivalry week hype reel');
    const other = await itemOf('Tip-off hype reel');
    const libraryUrl = vodPlaybackSchema.parse(
      (await call({ url: `/api/vod-media-items/${item.id}/playback`, key: premium })).json().data,
    ).url;
    const libraryToken = libraryUrl.split('/')[4] as string;
    const [event] = await t.database.db.select().from(events).where(eq(events.streamStatus, 'finished')).limit(1);
    const eventId = event?.id as number;
    const exp = Math.floor(Date.now() / 1000) + 600;
    const grant = { keyId: 1, channelId: 1, asset: item.mediaKey, purpose: 'play' as const };
    // Signed with the events' key, for the item's own id and asset: still not a library token.
    const eventToken = createMediaTokens(SECRET).sign({ ...grant, eventId: item.id, exp });
    const expired = createMediaTokens(`${SECRET}:vod-library`).sign({ ...grant, eventId: item.id, exp: exp - 700 });
    const forged = createMediaTokens('another-secret-another-secret-another').sign({ ...grant, eventId: item.id, exp });
    for (const bad of [
      `/media/l/${item.id}/${eventToken}/master.m3u8`,
      `/media/l/${item.id}/${expired}/master.m3u8`,
      `/media/l/${item.id}/${forged}/master.m3u8`,
      `/media/l/${other.id}/${libraryToken}/master.m3u8`,
      `/media/l/${item.id}/${libraryToken}/download.mp4`,
      `/media/e/${item.id}/${libraryToken}/master.m3u8`,
      `/media/e/${eventId}/${libraryToken}/master.m3u8`,
    ]) {
      const res = await t.app.inject(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(errorBodySchema.parse(res.json()).error.code, bad).toBe('media_link_invalid');
    }
    // The right token still opens the item: the refusals above are about the token, not the route.
    expect((await t.app.inject(libraryUrl)).statusCode).toBe(200);
  });

  it('applies the channel’s geo rules to the playback call and to every media request, and ends with the key', async () => {
    const item = await itemOf('Tip-off hype reel');
    // 90.0.0.1 is in France: the conference channel allows only the US and Canada.
    const abroad = await call({
      url: `/api/vod-media-items/${item.id}/playback`,
      key: premium,
      remoteAddress: '90.0.0.1',
    });
    expect(abroad.statusCode).toBe(403);
    expect(error(abroad).code).toBe('geo_blocked');

    const session = await login('premium@sideline.test');
    const url = vodPlaybackSchema.parse(
      (await call({ url: `/api/vod-media-items/${item.id}/playback`, key: session })).json().data,
    ).url;
    const media = url.replace('master.m3u8', '360p/index.m3u8');
    expect((await t.app.inject(media)).statusCode).toBe(200);
    const blocked = await t.app.inject({ url: media, remoteAddress: '90.0.0.1' });
    expect(blocked.statusCode).toBe(403);
    expect(error(blocked).code).toBe('geo_blocked');

    await call({ method: 'POST', url: '/api/auth/logout', key: session });
    const revoked = await t.app.inject(media);
    expect(revoked.statusCode).toBe(403);
    expect(error(revoked).code).toBe('media_link_invalid');
  });

  it('answers bad input with 400 and the common error body, never 500', async () => {
    for (const url of [
      '/api/vod-media-items/abc',
      '/api/vod-media-items/99999999999',
      '/api/vod-media-items/0/playback',
      '/api/vod-media-items?category_id=1e30',
      '/api/vod-media-items?category_id=x',
      '/api/vod-media-items?limit=100000',
      '/api/vod-media-items?surprise=1',
      '/api/vod-media/search?title=a%00b',
      '/api/vod-media/search?offset=99999999999',
      '/api/vod-media/search?sort_field=views',
      '/api/vod-media/search?limit=0',
    ]) {
      const res = await call({ url, key: guest });
      expect(res.statusCode, url).toBe(400);
      expect(error(res).code, url).toBe('validation_failed');
    }
  });

  it('needs a key for every library call', async () => {
    for (const url of ['/api/vod-media-items', '/api/vod-media-categories', '/api/vod-media-rails']) {
      const res = await call({ url });
      expect(res.statusCode, url).toBe(401);
      expect(error(res).code, url).toBe('api_key_invalid');
    }
  });
});
