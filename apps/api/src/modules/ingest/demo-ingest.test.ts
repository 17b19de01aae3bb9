import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { playbackSchema } from '@sideline/contract/media';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/free-port';
import { publish, until } from '../../../test/support/rtmp-publisher';
import { caller, createTestApp, guestKey, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { channels } from '../channel/channel.table';
import { events } from '../events/events.table';
import { mediaAssets } from '../media/media.table';

const GRACE_S = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The demo's live games take the path a channel's encoder takes: the demo's own encoder pushes each watched game by
 * RTMP into the ingest with the game's key. It pauses when no fan watches (the game stays live by its schedule),
 * continues the same recording for the next fan, gives way to a channel's encoder, and its game's end makes the replay.
 */
describe.each(dbKinds())('the demo’s live games through the ingest on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let channelId: number;
  const children: ChildProcess[] = [];
  const liveDir = (id: number) => path.join(t.dataDir, 'media', 'hls', 'live', `e${id}`);
  const top = (id: number) => path.join(liveDir(id), '720p', 'index.m3u8');
  const segments = async (id: number) =>
    ((await readFile(top(id), 'utf8').catch(() => '')).match(/^#EXTINF/gm) ?? []).length;
  const statusOf = async (id: number) =>
    (await t.database.db.select().from(events).where(eq(events.id, id)))[0]?.streamStatus;
  const liveGames = async () =>
    (
      await t.database.db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.channelId, channelId), eq(events.streamStatus, 'live'), eq(events.accessType, 'free')))
    ).map((r) => r.id);
  /** A fan opens the game: its playback, once the demo's encoder and the transcoder have a few seconds. */
  const watch = async (id: number) => {
    const call = caller(t.app);
    const key = await guestKey(t.app);
    const res = await until(
      'the live playback',
      async () => {
        const r = await call({ url: `/api/events/${id}/playback`, key });
        return r.statusCode === 200 ? r : null;
      },
      40_000,
    );
    return playbackSchema.parse(res.json().data);
  };

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(kind, {
      INGEST_ENABLED: 'true',
      RTMP_PORT: String(port),
      LIVE_GRACE_S: String(GRACE_S),
      LIVE_SIMULATOR: 'true',
      LIVE_MAX_ENCODERS: '2',
      // The clock's sweep runs, as in the product: it is how a paused demo game learns its schedule ended.
      EVENT_STATUS_SWEEP_MS: '1000',
    });
    const [row] = await t.database.db.select().from(channels).where(eq(channels.slug, 'heartland'));
    channelId = row?.id ?? 0;
    await until('the RTMP port', async () => t.services.ingest.listening());
  }, 120_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t?.close();
  });

  it('a fan’s demand pushes the game into the ingest; no fan pauses it, still live; the next fan continues it; its end makes the replay', async () => {
    const [id] = await liveGames();
    if (!id) throw new Error('no live game');
    const info = await watch(id);
    expect(info.kind).toBe('live');
    const ingest = t.services.ingest.service;
    expect([ingest.has(id), ingest.simulated(id), ingest.connected(id)]).toEqual([true, true, true]);
    // The transcoder's folder: the demo's 720p passed through, 360p encoded under it, the whole game kept.
    const master = await readFile(path.join(liveDir(id), 'master.m3u8'), 'utf8');
    expect(master.split('\n').filter((l) => l.endsWith('/index.m3u8'))).toEqual(['720p/index.m3u8', '360p/index.m3u8']);
    const playlist = await readFile(top(id), 'utf8');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(playlist).toContain('#EXT-X-PROGRAM-DATE-TIME:');
    expect(JSON.parse(await readFile(path.join(liveDir(id), 'ingest.json'), 'utf8'))).toMatchObject({
      simulated: true,
    });
    const served = await t.app.inject(info.url.replace('master.m3u8', '360p/index.m3u8'));
    expect(served.statusCode).toBe(200);

    // Nobody watches any more: the demo's encoder stops; past the grace period the game is still live.
    await t.services.media.live.check(Date.now() + 3600_000);
    await until('the demo encoder gone', async () => !ingest.connected(id));
    await sleep((GRACE_S + 2) * 1000);
    expect(await statusOf(id)).toBe('live');
    expect(ingest.has(id)).toBe(true);

    // The next fan: the same recording goes on after a discontinuity.
    const before = await segments(id);
    await watch(id);
    await until('segments after the pause', async () => (await segments(id)) >= before + 2, 30_000);
    expect(await readFile(top(id), 'utf8')).toContain('#EXT-X-DISCONTINUITY');

    // Paused again, then its schedule ends: the recording becomes its replay.
    await t.services.media.live.check(Date.now() + 3600_000);
    await until('the demo encoder gone again', async () => !ingest.connected(id));
    await t.database.db.update(events).set({ streamStatus: 'finished' }).where(eq(events.id, id));
    await until(
      'the replay',
      async () =>
        (
          await t.database.db
            .select()
            .from(mediaAssets)
            .where(eq(mediaAssets.key, `vod/heartland-e${id}`))
        )[0]?.status === 'ready',
      30_000,
    );
    expect(existsSync(liveDir(id))).toBe(false);
    expect(ingest.has(id)).toBe(false);
  }, 150_000);

  it('a channel’s encoder takes over a demo game: the demo’s stops, the recording goes on under the channel’s', async () => {
    // Another free game, brought to its kick-off (the one before ended).
    const [upcoming] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.channelId, channelId), eq(events.streamStatus, 'upcoming'), eq(events.accessType, 'free')))
      .limit(1);
    const id = upcoming?.id;
    if (!id) throw new Error('no upcoming free game');
    await t.database.db.update(events).set({ streamStatus: 'live' }).where(eq(events.id, id));
    await watch(id);
    const ingest = t.services.ingest.service;
    expect(ingest.simulated(id)).toBe(true);
    const before = await segments(id);
    const key = (await t.services.streamKeys.read(channelId, id)).key;
    const obs = publish(`rtmp://127.0.0.1:${port}/live/${key}`, { size: '1280x720' });
    children.push(obs.child);
    await until('the channel’s encoder publishing', async () => ingest.connected(id) && !ingest.simulated(id), 30_000);
    await until('its segments', async () => (await segments(id)) >= before + 3, 30_000);
    expect(t.services.media.live.running()).not.toContain(`live/e${id}`);
    // A fan now gets the channel's stream, and the demo's encoder is not started again for them.
    await watch(id);
    expect(t.services.media.live.running()).not.toContain(`live/e${id}`);
    expect(obs.child.exitCode).toBeNull();
    obs.child.kill('SIGKILL');
  }, 120_000);
});
