import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@sideline/contract/errors';
import { downloadSchema, playbackSchema } from '@sideline/contract/media';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/support/clock';
import { grantPass } from '../../../test/support/commerce';
import { caller, createTestApp, demoFanKey, guestKey, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { expectByteRanges, packageTestGames } from '../../../test/support/test-media';
import { users } from '../auth/users.table';
import { events } from '../events/events.table';
import { liveAssetOf } from './live-simulator';
import { createMediaTokens, type MediaGrant } from './media-token';

const SECRET = 'test-media-secret-0123456789-abcdefghij';

describe.each(dbKinds())('playback and media delivery on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let guest: string;
  let fan: string;
  const pick = async (where: {
    accessType: 'free' | 'register' | 'paid' | 'ppv';
    status: 'finished' | 'upcoming' | 'live';
  }) => {
    const [row] = await t.database.db
      .select()
      .from(events)
      .where(
        and(eq(events.channelId, 1), eq(events.accessType, where.accessType), eq(events.streamStatus, where.status)),
      )
      .limit(1);
    if (!row) throw new Error(`no ${where.accessType} ${where.status} event`);
    return row;
  };

  // Cache lifetimes pass by moving the clock (see test/support/clock.ts), not by waiting.
  let clock: ReturnType<typeof movableClock>;
  beforeAll(async () => {
    clock = movableClock();
    // A built page as Vite leaves it (its boot placeholder): a game's page carries a guest's playback.
    const dist = await mkdtemp(path.join(tmpdir(), 'sideline-playback-web-'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><!--sideline-boot--></head><body></body></html>',
    );
    t = await createTestApp(kind, {
      WEB_DIST_DIR: dist,
      MEDIA_TOKEN_SECRET: SECRET,
      LIVE_SIMULATOR: 'false',
      // Packaged once, reused by the next database's suite and later runs (cached by content).
      DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache'),
    });
    call = caller(t.app);
    guest = await guestKey(t.app);
    fan = await demoFanKey(t.app);
    // Every finished heartland game plays one of the channel's packaged games; package short ones for real.
    await packageTestGames(t, { caption: 'Test', durationS: 4, mp4: true });
    await t.services.media.packageMedia({
      key: 'preroll/conference-promo',
      game: { away: 'Ad', home: 'Ad', caption: 'Advertisement', durationS: 2, seed: 9 },
      mp4: false,
    });
  }, 180_000);
  afterAll(async () => {
    await t.close();
    clock.restore();
  });

  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const playback = async (eventId: number, key = guest) => call({ url: `/api/events/${eventId}/playback`, key });

  it('plays a free game: signed master, rendition playlists and segments with their media types', async () => {
    const event = await pick({ accessType: 'free', status: 'finished' });
    const res = await playback(event.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const info = playbackSchema.parse(res.json().data);
    expect(info).toMatchObject({ event_id: event.id, kind: 'vod', live_window_s: null, duration_s: 4 });
    expect(info.url).toMatch(new RegExp(`^/media/e/${event.id}/[\\w-]+\\.[\\w-]+/master\\.m3u8$`));

    const master = await t.app.inject(info.url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body).toContain('720p/index.m3u8');
    expect(master.body).toContain('RESOLUTION=640x360');
    const media = await t.app.inject(info.url.replace('master.m3u8', '360p/index.m3u8'));
    expect(media.body).toContain('#EXT-X-ENDLIST');
    const segment = media.body.split('\n').find((l) => l.endsWith('.ts')) as string;
    const bytes = await t.app.inject(info.url.replace('master.m3u8', `360p/${segment}`));
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp2t');
    expect(bytes.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
  });

  it('refuses media requests with no token, a forged, expired or other-event token, or a revoked key: 403 and no bytes', async () => {
    const free = await pick({ accessType: 'free', status: 'finished' });
    const url = playbackSchema.parse((await playback(free.id, fan)).json().data).url;
    const token = url.split('/')[4] as string;
    const tokens = createMediaTokens(SECRET);
    const exp = Math.floor(Date.now() / 1000) - 5;
    const expired = tokens.sign({
      keyId: 1,
      channelId: 1,
      eventId: free.id,
      asset: 'vod/heartland-1',
      purpose: 'play',
      exp,
    });
    const other = await t.database.db.select().from(events).where(eq(events.streamStatus, 'finished')).limit(2);
    const otherId = other.find((e) => e.id !== free.id)?.id as number;
    const forged = createMediaTokens('another-secret-another-secret-another').sign({
      keyId: 1,
      channelId: 1,
      eventId: free.id,
      asset: 'vod/heartland-1',
      purpose: 'play',
      exp: exp + 3600,
    });
    for (const bad of [
      `/media/e/${free.id}/master.m3u8`,
      `/media/e/${free.id}/not-a-token/master.m3u8`,
      `/media/e/${free.id}/${forged}/master.m3u8`,
      `/media/e/${free.id}/${expired}/360p/index.m3u8`,
      `/media/e/${otherId}/${token}/master.m3u8`,
      `/media/e/${free.id}/${token}/../../../secrets/media-token`,
      `/media/e/${free.id}/${token}/720p/seg_0001.mp4`,
    ]) {
      const res = await t.app.inject(bad);
      expect([403, 404], bad).toContain(res.statusCode);
      expect(res.headers['content-type'], bad).toContain('application/json');
      expect(res.rawPayload.includes(0x47) && res.rawPayload.length > 1000, bad).toBe(false);
    }
    expect((await t.app.inject(url)).statusCode).toBe(200);
    await call({ method: 'POST', url: '/api/auth/logout', key: fan });
    expect((await t.app.inject(url)).statusCode).toBe(403);
    fan = await demoFanKey(t.app);
  });

  it("carries a guest's playback in a free game's page: it plays with no key, and only that game", async () => {
    const bootOf = async (url: string, host = 'localhost') => {
      const res = await t.app.inject({ url, headers: { host, 'accept-encoding': 'identity' } });
      expect(res.statusCode).toBe(200);
      return JSON.parse(
        /<script id="sideline-boot" type="application\/json">(.*?)<\/script>/s.exec(res.body)?.[1] ?? 'null',
      );
    };
    // A page waits a quarter of a second for the playback, then goes without it (by design): on a loaded machine the
    // first views may miss it, so this asks the page again, as a fan's next view would.
    const carriedIn = async (url: string) => {
      for (let tries = 0; ; tries++) {
        const boot = await bootOf(url);
        if (boot.playback || tries === 20) return boot.playback;
      }
    };
    const free = await pick({ accessType: 'free', status: 'finished' });
    const carried = playbackSchema.parse(await carriedIn(`/watch/${free.id}`));
    expect(carried).toMatchObject({ event_id: free.id, kind: 'vod', duration_s: 4 });
    // The same answer a guest gets by asking (the preroll included), but no key was asked for.
    const asked = playbackSchema.parse((await playback(free.id)).json().data);
    expect({ ...carried, url: '', expires_at: '' }).toEqual({ ...asked, url: '', expires_at: '' });
    const master = await t.app.inject(carried.url);
    expect(master.statusCode).toBe(200);
    const media = await t.app.inject(carried.url.replace('master.m3u8', '360p/index.m3u8'));
    expect(media.body).toContain('#EXT-X-ENDLIST');
    expect((await carriedIn(`/watch_embed/${free.id}`)).event_id).toBe(free.id);

    // Its token opens no other game; each page has a grant of its own (counted as its own viewer), no key behind it.
    const finished = await t.database.db.select().from(events).where(eq(events.streamStatus, 'finished')).limit(2);
    const other = finished.find((e) => e.id !== free.id);
    const token = carried.url.split('/')[4] as string;
    expect((await t.app.inject(`/media/e/${other?.id}/${token}/master.m3u8`)).statusCode).toBe(403);
    const grantOf = (url: string) =>
      JSON.parse(Buffer.from(url.split('/')[4]?.split('.')[0] ?? '', 'base64url').toString()) as number[];
    const again = playbackSchema.parse(await carriedIn(`/watch/${free.id}`));
    expect(grantOf(carried.url)[0]).toBeLessThan(0);
    expect(grantOf(again.url)[0]).toBeLessThan(0);
    expect(grantOf(again.url)[0]).not.toBe(grantOf(carried.url)[0]);

    // None where a guest may not play: a register or paid game, one not started, another channel's, and no game.
    const register = await pick({ accessType: 'register', status: 'finished' });
    const paid = await pick({ accessType: 'paid', status: 'finished' });
    const upcoming = await pick({ accessType: 'free', status: 'upcoming' });
    for (const id of [register.id, paid.id, upcoming.id, 999_999]) {
      expect((await bootOf(`/watch/${id}`)).playback, String(id)).toBeUndefined();
    }
    expect((await bootOf(`/watch/${free.id}`, 'sofia.localhost:8080')).playback).toBeUndefined();
    expect((await bootOf('/schedule')).playback).toBeUndefined();
  });

  it('asks guests to log in for register games, and everyone to buy paid and pay-per-view games', async () => {
    const register = await pick({ accessType: 'register', status: 'finished' });
    const asGuest = await playback(register.id);
    expect(asGuest.statusCode).toBe(401);
    expect(error(asGuest).code).toBe('login_required');
    expect((await playback(register.id, fan)).statusCode).toBe(200);

    for (const accessType of ['paid', 'ppv'] as const) {
      const event = await pick({ accessType, status: 'finished' });
      const res = await playback(event.id, fan);
      expect(res.statusCode).toBe(403);
      expect(error(res).code).toBe('purchase_required');
    }
  });

  it('says an upcoming game has not started, and that a game without media is not ready yet', async () => {
    const upcoming = await pick({ accessType: 'free', status: 'upcoming' });
    expect(error(await playback(upcoming.id)).code).toBe('not_started');
    const live = await pick({ accessType: 'free', status: 'live' });
    const res = await playback(live.id);
    expect(res.statusCode).toBe(503);
    expect(error(res).code).toBe('media_unavailable');
  });

  it('chooses a preroll for viewers with ads and none for viewers with no_ads', async () => {
    const event = await pick({ accessType: 'free', status: 'finished' });
    const info = playbackSchema.parse((await playback(event.id)).json().data);
    expect(info.preroll?.url).toBe('/media/prerolls/conference-promo/master.m3u8');
    const ad = await t.app.inject(info.preroll?.url ?? '');
    expect(ad.statusCode).toBe(200);
    expect(ad.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    // A file the preroll does not have: the common error body, not media bytes or an empty answer.
    const missing = await t.app.inject('/media/prerolls/conference-promo/720p/seg_9999.ts');
    expect(missing.statusCode).toBe(404);
    expect(error(missing).code).toBe('not_found');

    await t.database.db
      .update(users)
      .set({ capabilities: ['watch', 'no_ads'] })
      .where(eq(users.email, 'fan@heartland.example'));
    // Once the viewer cache (5 s) has forgotten the fan.
    clock.advance(5_100);
    const after = await playback(event.id, fan);
    expect(playbackSchema.parse(after.json().data).preroll).toBeNull();
    await t.database.db.update(users).set({ capabilities: null }).where(eq(users.email, 'fan@heartland.example'));
  });

  it('counts downloads for users with the capability, serves the MP4 with ranges, and stops at the limit', async () => {
    const event = await pick({ accessType: 'free', status: 'finished' });
    const denied = await call({ url: `/api/download-event/${event.id}`, key: fan });
    expect(denied.statusCode).toBe(403);
    expect(error(denied).code).toBe('capability_missing');
    expect((await call({ url: `/api/download-event/${event.id}`, key: guest })).statusCode).toBe(401);

    // Downloads come with a pass: the demo's download add-on, with its counter two short of its limit.
    const [fanRow] = await t.database.db.select().from(users).where(eq(users.email, 'fan@heartland.example'));
    const addOn = await grantPass(t.database.db, fanRow?.id ?? 0, 'Replay & Download Add-on');
    const limit = addOn.downloadsLimit;
    await t.database.db
      .update(users)
      .set({ downloadsCount: limit - 2 })
      .where(eq(users.email, 'fan@heartland.example'));
    clock.advance(5_100);
    const first = await call({ url: `/api/download-event/${event.id}`, key: fan });
    expect(first.statusCode).toBe(200);
    const download = downloadSchema.parse(first.json().data);
    expect(download.downloads_left).toBe(1);
    expect(download.filename).toMatch(/\.mp4$/);
    const whole = await t.app.inject(download.url);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await t.app.inject({ url: download.url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect(part.rawPayload.subarray(4, 8).toString()).toBe('ftyp');

    expect((await call({ url: `/api/download-event/${event.id}`, key: fan })).json().data.downloads_left).toBe(0);
    const over = await call({ url: `/api/download-event/${event.id}`, key: fan });
    expect(error(over).code).toBe('limit_reached');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'fan@heartland.example'));
    expect(row?.downloadsCount).toBe(limit);
    const access = (await call({ url: '/api/user/access', key: fan })).json().data;
    expect(access.featureCount.downloads).toBe(limit);
    expect(access.limits.downloads).toBe(limit);
  });

  it('serves the MP4 only to a download link and the playlists only to a play link, with or without a range', async () => {
    const event = await pick({ accessType: 'free', status: 'finished' });
    const play = playbackSchema.parse((await playback(event.id)).json().data).url;
    const noBytes = (res: { statusCode: number; rawPayload: Buffer; json(): unknown }, what: string) => {
      expect(res.statusCode, what).toBe(403);
      expect(error(res).code, what).toBe('media_link_invalid');
      expect(res.rawPayload.length, what).toBeLessThan(200);
    };
    for (const headers of [{}, { range: 'bytes=0-99' }]) {
      noBytes(await t.app.inject({ url: play.replace('master.m3u8', 'download.mp4'), headers }), 'play → mp4');
    }

    // The fan has the download capability from the test before; a fresh count leaves room for this one.
    await t.database.db.update(users).set({ downloadsCount: 0 }).where(eq(users.email, 'fan@heartland.example'));
    const counted = await call({ url: `/api/download-event/${event.id}`, key: fan });
    const download = downloadSchema.parse(counted.json().data).url;
    expect((await t.app.inject(download)).statusCode).toBe(200);
    const segment = (await t.app.inject(play.replace('master.m3u8', '360p/index.m3u8'))).body
      .split('\n')
      .find((l) => l.endsWith('.ts')) as string;
    for (const file of ['master.m3u8', '360p/index.m3u8', `360p/${segment}`]) {
      for (const headers of [{}, { range: 'bytes=0-99' }]) {
        noBytes(await t.app.inject({ url: download.replace('download.mp4', file), headers }), `download → ${file}`);
      }
    }
    // A clip's download link (same game, a clip asset) opens no game MP4: a 403, not a server error.
    const token = download.split('/')[4] as string;
    const keyId = (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as number[])[0];
    const clipLink = createMediaTokens(SECRET).sign({
      keyId: keyId as number,
      channelId: 1,
      eventId: event.id,
      asset: 'clip/5f0c9c1e-0000-4000-8000-000000000000',
      purpose: 'download',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    noBytes(await t.app.inject(`/media/e/${event.id}/${clipLink}/download.mp4`), 'clip download → game mp4');
  });

  it('answers byte ranges of segments and the MP4: 206 when satisfiable, 416 past the end, the whole file when malformed', async () => {
    const event = await pick({ accessType: 'free', status: 'finished' });
    const play = playbackSchema.parse((await playback(event.id)).json().data).url;
    const segment = (await t.app.inject(play.replace('master.m3u8', '360p/index.m3u8'))).body
      .split('\n')
      .find((l) => l.endsWith('.ts')) as string;
    await expectByteRanges(t, play.replace('master.m3u8', `360p/${segment}`));

    // The fan has the download capability from the tests before; a fresh count leaves room for this one.
    await t.database.db.update(users).set({ downloadsCount: 0 }).where(eq(users.email, 'fan@heartland.example'));
    const counted = await call({ url: `/api/download-event/${event.id}`, key: fan });
    await expectByteRanges(t, downloadSchema.parse(counted.json().data).url);
  });

  it('refuses media to an address in a blocked country, even with a link issued where it was allowed', async () => {
    const event = await pick({ accessType: 'free', status: 'finished' });
    const url = playbackSchema.parse((await playback(event.id)).json().data).url; // from 127.0.0.1: the US
    const media = url.replace('master.m3u8', '360p/index.m3u8');
    expect((await t.app.inject({ url: media, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    const segment = (await t.app.inject(media)).body.split('\n').find((l) => l.endsWith('.ts')) as string;
    // 90.0.0.1 is in France: the conference channel allows only the US and Canada.
    for (const file of [media, url.replace('master.m3u8', `360p/${segment}`)]) {
      const abroad = await t.app.inject({ url: file, remoteAddress: '90.0.0.1' });
      expect(abroad.statusCode).toBe(403);
      expect(error(abroad)).toMatchObject({ code: 'geo_blocked', message: 'region blocked' });
      expect(abroad.rawPayload.includes(0x47) && abroad.rawPayload.length > 1000).toBe(false);
    }
  });

  it("binds a live link to its own game's feed: no token opens another game's or the test feed", async () => {
    const free = await pick({ accessType: 'free', status: 'live' });
    const paid = await pick({ accessType: 'paid', status: 'live' });
    // Both games' feeds are on disk, as while fans watch them.
    for (const game of [free, paid]) {
      const dir = t.services.media.paths.hlsDir(liveAssetOf(game.id));
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'master.m3u8'), '#EXTM3U\n');
    }
    // The guest's key, read from a link it was given (live games need the encoder, off in this suite).
    const vod = await pick({ accessType: 'free', status: 'finished' });
    const url = playbackSchema.parse((await playback(vod.id)).json().data).url;
    const keyId = (
      JSON.parse(Buffer.from(url.split('/')[4]?.split('.')[0] ?? '', 'base64url').toString()) as number[]
    )[0];
    const tokens = createMediaTokens(SECRET);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const as = (grant: Partial<MediaGrant>) =>
      tokens.sign({
        keyId: keyId as number,
        channelId: 1,
        eventId: free.id,
        asset: '',
        purpose: 'play',
        exp,
        ...grant,
      });
    const own = as({ asset: liveAssetOf(free.id) });
    expect((await t.app.inject(`/media/e/${free.id}/${own}/master.m3u8`)).statusCode).toBe(200);
    for (const [eventId, token] of [
      // The guest's own key may not watch the paid game: even its own feed is refused (media-access.ts).
      [paid.id, as({ eventId: paid.id, asset: liveAssetOf(paid.id) })],
      [free.id, as({ asset: liveAssetOf(paid.id) })],
      [free.id, as({ asset: 'live/main' })],
      [0, as({ eventId: 0, asset: liveAssetOf(paid.id) })],
    ] as const) {
      const res = await t.app.inject(`/media/e/${eventId}/${token}/master.m3u8`);
      expect(res.statusCode).toBe(403);
      expect(error(res).code).toBe('media_link_invalid');
    }
  });
});
