import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clipDownloadSchema, clipListItemSchema, clipSchema, sharedClipSchema } from '@sideline/contract/clips';
import { errorBodySchema } from '@sideline/contract/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { grantPass, newBuyer } from '../../../test/support/commerce';
import { probeMedia } from '../../../test/support/media-probe';
import { caller, createTestApp, guestKey, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { expectByteRanges, packageTestGames } from '../../../test/support/test-media';
import { users } from '../auth/users.table';
import { events } from '../events/events.table';
import { clips } from './clips.table';

describe.each(dbKinds())('clips on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let guest: string;
  let maker: { key: string; userId: number };
  let other: { key: string; userId: number };
  let freeGame: number;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      LIVE_SIMULATOR: 'false',
      DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache'),
    });
    call = caller(t.app);
    guest = await guestKey(t.app);
    // Finished heartland games play the channel's packaged games: 12 s each, 2 s segments.
    await packageTestGames(t, { caption: 'Clip test', durationS: 12, mp4: false });
    maker = await newBuyer(t, 'maker');
    await grantPass(t.database.db, maker.userId, 'Annual Pass');
    other = await newBuyer(t, 'other');
    await grantPass(t.database.db, other.userId, 'Annual Pass');
    const [game] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.channelId, 1), eq(events.accessType, 'free'), eq(events.streamStatus, 'finished')))
      .limit(1);
    if (!game) throw new Error('no free finished game');
    freeGame = game.id;
  }, 180_000);
  afterAll(() => t.close());

  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const create = (key: string, body: Record<string, unknown>) =>
    call({
      method: 'POST',
      url: '/api/clip',
      key,
      body: { event_id: freeGame, name: 'Great play', start_time: 3, duration: 5, tags: ['goal'], ...body },
    });
  const clipCount = async () => (await t.database.db.select().from(clips)).length;
  const counterOf = async (userId: number) =>
    (await t.database.db.select({ n: users.clipsCount }).from(users).where(eq(users.id, userId)))[0]?.n;

  it("lists the channel's tags with their names in each language", async () => {
    const res = await call({ url: '/api/clips/tags', key: guest });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ alias: 'goal', names: { en: 'Goal', fr: 'But', bg: 'Гол' } });
  });

  it('refuses a guest and a fan without `clipping`, writing nothing', async () => {
    const before = await clipCount();
    const asGuest = await create(guest, {});
    expect(asGuest.statusCode).toBe(401);
    expect(error(asGuest).code).toBe('login_required');
    const plain = await newBuyer(t, 'plain');
    const noCapability = await create(plain.key, {});
    expect(noCapability.statusCode).toBe(403);
    expect(error(noCapability)).toMatchObject({ code: 'capability_missing', field: 'clipping' });
    expect(await clipCount()).toBe(before);
    expect(await counterOf(plain.userId)).toBe(0);
  });

  it('gives the spec messages for a clip without a name, a tag or room, and bad input never writes', async () => {
    const before = await clipCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'Please fill in the input field'],
      [{ tags: [] }, 'Please select tag'],
      [{ tags: ['not-a-tag'] }, 'Please select tag'],
      [{ start_time: 9, duration: 5 }, 'Clip duration is longer than the end time'],
      [{ name: 'a\u0000b' }, 'must not contain a NUL character'],
      [{ start_time: 1e300 }, 'body.start_time'],
      [{ duration: 301 }, 'body.duration'],
      [{ duration: '5' }, 'body.duration'],
      [{ event_id: 99_999_999_999 }, 'body.event_id'],
    ];
    for (const [body, message] of cases) {
      const res = await create(maker.key, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(res).message).toContain(message);
    }
    const missing = await create(maker.key, { event_id: 2_000_000_000 });
    expect(missing.statusCode).toBe(404);
    expect(await clipCount()).toBe(before);
    expect(await counterOf(maker.userId)).toBe(0);
  });

  let made: { id: number; uuid: string; url: string };

  it('cuts a clip: queued at once, then ready with an MP4 of the asked length and a thumbnail', async () => {
    const res = await create(maker.key, { start_time: 3, duration: 5 });
    expect(res.statusCode).toBe(201);
    const clip = clipSchema.parse(res.json().data);
    expect(clip).toMatchObject({ status: 'queued', name: 'Great play', tags: ['goal'], own: true, url: null });
    expect(await counterOf(maker.userId)).toBe(1);
    await t.services.jobs.drain();

    const list = await call({ url: `/api/clips/event/${freeGame}`, key: maker.key });
    const ready = clipSchema
      .array()
      .parse(list.json().data)
      .find((c) => c.id === clip.id);
    expect(ready).toMatchObject({ status: 'ready', progress: 100, own: true });
    made = { id: clip.id, uuid: clip.uuid, url: ready?.url ?? '' };
    expect(made.url).toBe(`/media/clips/${clip.uuid}/clip.mp4`);

    const [row] = await t.database.db.select().from(clips).where(eq(clips.id, clip.id));
    expect(row?.method).toBe('edges');
    const file = path.join(t.dataDir, 'media', 'clips', clip.uuid, 'clip.mp4');
    const probe = probeMedia(file);
    expect(probe.video && probe.audio).toBe(true);
    expect(Math.abs(probe.durationS - 5)).toBeLessThan(0.25);

    const mp4 = await t.app.inject({ url: made.url, headers: { range: 'bytes=0-99' } });
    expect(mp4.statusCode).toBe(206);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expect(mp4.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const thumb = await t.app.inject(ready?.thumbnail ?? '');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  });

  it("answers byte ranges of a clip's MP4: 206 when satisfiable, 416 past the end, the whole file when malformed", async () => {
    await expectByteRanges(t, made.url);
  });

  it('stream-copies a clip that starts and ends on segment boundaries', async () => {
    const res = await create(maker.key, { start_time: 2, duration: 6, name: 'Aligned' });
    const clip = clipSchema.parse(res.json().data);
    await t.services.jobs.drain();
    const [row] = await t.database.db.select().from(clips).where(eq(clips.id, clip.id));
    expect(row).toMatchObject({ status: 'ready', method: 'copy' });
    const probe = probeMedia(path.join(t.dataDir, 'media', 'clips', clip.uuid, 'clip.mp4'));
    expect(Math.abs(probe.durationS - 6)).toBeLessThan(0.25);
  });

  it('cuts a span that starts and ends inside one segment (start 5 s, length 1 s): ready, about 1 s, with video', async () => {
    const res = await create(maker.key, { start_time: 5, duration: 1, name: 'Inside one segment' });
    expect(res.statusCode).toBe(201);
    const clip = clipSchema.parse(res.json().data);
    await t.services.jobs.drain();
    const [row] = await t.database.db.select().from(clips).where(eq(clips.id, clip.id));
    expect(row).toMatchObject({ status: 'ready', method: 'edges', error: null });
    const probe = probeMedia(path.join(t.dataDir, 'media', 'clips', clip.uuid, 'clip.mp4'));
    expect(probe.video && probe.audio).toBe(true);
    expect(Math.abs(probe.durationS - 1)).toBeLessThan(0.25);
  });

  it("lists a fan's own clips with their game; another fan sees them only among the game's ready clips", async () => {
    const mine = await call({ url: '/api/clips/user', key: maker.key });
    const items = clipListItemSchema.array().parse(mine.json().data);
    expect(items.map((c) => c.id)).toContain(made.id);
    expect(items.find((c) => c.id === made.id)?.event.id).toBe(freeGame);
    expect(mine.json().meta).toMatchObject({ offset: 0 });

    const theirs = await call({ url: '/api/clips/user', key: other.key });
    expect(theirs.json().data).toEqual([]);
    const seenByOther = clipSchema
      .array()
      .parse((await call({ url: `/api/clips/event/${freeGame}`, key: other.key })).json().data)
      .find((c) => c.id === made.id);
    expect(seenByOther).toMatchObject({ status: 'ready', own: false });

    const moments = await call({ url: '/api/clips/moments', key: guest });
    expect(
      clipListItemSchema
        .array()
        .parse(moments.json().data)
        .map((c) => c.id),
    ).toContain(made.id);
    const withClips = await call({ url: '/api/events/with_clip', key: guest });
    expect(withClips.json().data.map((e: { id: number }) => e.id)).toContain(freeGame);
    expect((await call({ url: '/api/clips/user', key: guest })).statusCode).toBe(401);
  });

  it('opens a shared clip by its UUID without a key, only on its own channel', async () => {
    const res = await call({ url: `/api/shared-clip/${made.uuid}` });
    expect(res.statusCode).toBe(200);
    const shared = sharedClipSchema.parse(res.json().data);
    expect(shared).toMatchObject({ id: made.id, url: made.url, event: { id: freeGame } });
    expect(res.json().data).not.toHaveProperty('own');
    expect((await call({ url: `/api/shared-clip/${made.uuid}`, host: 'sofia.localhost' })).statusCode).toBe(404);
    expect((await call({ url: '/api/shared-clip/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await call({ url: '/api/shared-clip/not-a-uuid' })).statusCode).toBe(400);
  });

  it('downloads only for its maker with `download_clip`, counted, by a signed link that cannot be reused elsewhere', async () => {
    expect((await call({ url: `/api/clip/download/${made.id}`, key: guest })).statusCode).toBe(401);
    const byOther = await call({ url: `/api/clip/download/${made.id}`, key: other.key });
    expect(byOther.statusCode).toBe(404);
    expect(error(byOther).code).toBe('clip_not_found');

    const res = await call({ url: `/api/clip/download/${made.id}`, key: maker.key });
    expect(res.statusCode).toBe(200);
    const link = clipDownloadSchema.parse(res.json().data);
    expect(link.filename).toBe('Great play.mp4');
    const file = await t.app.inject(link.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['content-type']).toBe('video/mp4');

    const aligned = (await t.database.db.select().from(clips).where(eq(clips.name, 'Aligned')))[0];
    const token = link.url.split('/').at(-1) ?? '';
    expect((await t.app.inject(`/media/clips/${aligned?.uuid}/download/${token}`)).statusCode).toBe(403);
    expect((await t.app.inject(`/media/clips/${made.uuid}/download/${token.slice(0, -2)}xx`)).statusCode).toBe(403);
  });

  it('stops at the clip allowance with limit_reached', async () => {
    const full = await newBuyer(t, 'full');
    await grantPass(t.database.db, full.userId, 'Annual Pass');
    await t.database.db.update(users).set({ clipsCount: 200 }).where(eq(users.id, full.userId));
    const res = await create(full.key, {});
    expect(res.statusCode).toBe(403);
    expect(error(res).code).toBe('limit_reached');
  });

  it('answers 503 when the job queue cannot take the cut (Redis away), leaving no clip and the allowance', async () => {
    const before = { clips: await clipCount(), counter: await counterOf(other.userId) };
    // What the BullMQ queue throws while Redis is down (its adds fail at once instead of waiting).
    const add = vi
      .spyOn(t.services.jobs, 'add')
      .mockRejectedValueOnce(new Error("Stream isn't writeable and enableOfflineQueue options is false"));
    try {
      const res = await create(other.key, {});
      expect(res.statusCode).toBe(503);
      expect(error(res)).toMatchObject({ status: 503, code: 'service_unavailable' });
    } finally {
      add.mockRestore();
    }
    expect(await clipCount()).toBe(before.clips);
    expect(await counterOf(other.userId)).toBe(before.counter);
  });

  it('ends a clip whose media is gone failed, with "clip creating failed", and gives back the allowance', async () => {
    const before = await counterOf(maker.userId);
    const [row] = await t.database.db
      .insert(clips)
      .values({
        channelId: 1,
        userId: maker.userId,
        eventId: freeGame,
        name: 'Lost',
        startTime: 0,
        duration: 4,
        tags: ['goal'],
        source: { kind: 'vod', asset: 'vod/heartland-gone' },
      })
      .returning();
    await t.database.db
      .update(users)
      .set({ clipsCount: (before ?? 0) + 1 })
      .where(eq(users.id, maker.userId));
    await t.services.jobs.add({ name: 'clip.cut', data: { clipId: row?.id ?? 0 } });
    await t.services.jobs.drain();
    const list = clipSchema.array().parse((await call({ url: '/api/clips/user', key: maker.key })).json().data);
    expect(list.find((c) => c.id === row?.id)).toMatchObject({ status: 'failed', error: 'clip creating failed' });
    expect(await counterOf(maker.userId)).toBe(before);
  });

  it('cuts the last seconds of a live game from its rewind window', async () => {
    const [live] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.channelId, 1), eq(events.accessType, 'free'), eq(events.streamStatus, 'live')))
      .limit(1);
    if (!live) throw new Error('no free live game');
    // A live window on disk: the packaged game's segments under a live playlist (no end tag).
    const { cp, mkdir, readFile } = await import('node:fs/promises');
    const liveDir = path.join(t.dataDir, 'media', 'hls', 'live', `e${live.id}`, '720p');
    await mkdir(liveDir, { recursive: true });
    const vodDir = path.join(t.dataDir, 'media', 'hls', 'vod', 'heartland-1', '720p');
    await cp(vodDir, liveDir, { recursive: true });
    const playlist = (await readFile(path.join(liveDir, 'index.m3u8'), 'utf8'))
      .replace('#EXT-X-PLAYLIST-TYPE:VOD\n', '')
      .replace('#EXT-X-ENDLIST\n', '');
    await writeFile(path.join(liveDir, 'index.m3u8'), playlist);

    const res = await create(maker.key, { event_id: live.id, start_time: 0, duration: 5, name: 'Live play' });
    expect(res.statusCode).toBe(201);
    const clip = clipSchema.parse(res.json().data);
    // The last 5 s of the 6 s the three newest segments hold: it starts 1 s into them.
    expect(clip.start_time).toBeCloseTo(1, 1);
    await t.services.jobs.drain();
    const [row] = await t.database.db.select().from(clips).where(eq(clips.id, clip.id));
    expect(row?.status).toBe('ready');
    const probe = probeMedia(path.join(t.dataDir, 'media', 'clips', clip.uuid, 'clip.mp4'));
    expect(Math.abs(probe.durationS - 5)).toBeLessThan(0.25);

    // A feed opened 4 s ago (two segments so far) and a 30 s clip asked: the clip is the 4 s there are, and the
    // answer's duration says so (it used to be 400 "Clip duration is longer than the end time" for ~40 s).
    const lines = playlist.split('\n');
    const firstTwo = lines.slice(0, lines.findIndex((l, i) => i > 0 && l.startsWith('#EXTINF')) + 4).join('\n');
    expect(firstTwo.match(/#EXTINF/g)).toHaveLength(2);
    await writeFile(path.join(liveDir, 'index.m3u8'), `${firstTwo}\n`);
    const early = await create(maker.key, { event_id: live.id, start_time: 0, duration: 30, name: 'Early' });
    expect(early.statusCode).toBe(201);
    const short = clipSchema.parse(early.json().data);
    expect(short).toMatchObject({ start_time: 0, duration: 4 });
    await t.services.jobs.drain();
    const [shortRow] = await t.database.db.select().from(clips).where(eq(clips.id, short.id));
    expect(shortRow?.status).toBe('ready');
    const shortProbe = probeMedia(path.join(t.dataDir, 'media', 'clips', short.uuid, 'clip.mp4'));
    expect(Math.abs(shortProbe.durationS - 4)).toBeLessThan(0.25);

    // A feed stopped a minute ago (nobody watched): its window is old video, not "the last 5 seconds".
    const { utimes } = await import('node:fs/promises');
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(path.join(liveDir, 'index.m3u8'), minuteAgo, minuteAgo);
    const stale = await create(maker.key, { event_id: live.id, start_time: 0, duration: 5, name: 'Stale' });
    expect(stale.statusCode).toBe(503);
    expect(stale.json().error.code).toBe('media_unavailable');
  }, 90_000);

  it('deletes only for its maker: files and link gone', async () => {
    const byOther = await call({ method: 'DELETE', url: `/api/clip/${made.id}`, key: other.key });
    expect(byOther.statusCode).toBe(404);
    expect((await t.app.inject(made.url)).statusCode).toBe(200);
    const res = await call({ method: 'DELETE', url: `/api/clip/${made.id}`, key: maker.key });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject(made.url)).statusCode).toBe(404);
    expect((await call({ url: `/api/shared-clip/${made.uuid}` })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `/api/clip/${made.id}`, key: maker.key })).statusCode).toBe(404);
  });
});
