import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
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

// Long enough for a publisher's ffmpeg to start again on a loaded machine (a 3 s grace ended the game before the
// reconnect in one CI-like run, with other suites on both cores).
const GRACE_S = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Whether a refused publisher is gone (ffmpeg exits with an error when the server drops it). Dropped within
 * milliseconds of its publish; the bound is for ffmpeg's own start on a loaded machine.
 */
const refusedWithin = (p: { exited: Promise<number | null> }, ms = 20_000) =>
  Promise.race([p.exited.then((code) => code !== 0), sleep(ms).then(() => false)]);

describe.each(dbKinds())('RTMP ingest on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let channelId: number;
  const publishers: ChildProcess[] = [];
  const url = (key: string) => `rtmp://127.0.0.1:${port}/live/${key}`;
  const start = (key: string, size?: string) => {
    const p = publish(url(key), { size });
    publishers.push(p.child);
    return p;
  };
  const liveDir = (id: number) => path.join(t.dataDir, 'media', 'hls', 'live', `e${id}`);
  const statusOf = async (id: number) =>
    (await t.database.db.select().from(events).where(eq(events.id, id)))[0]?.streamStatus;
  const games = async (status: 'upcoming' | 'finished', n: number) =>
    (
      await t.database.db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.channelId, channelId), eq(events.streamStatus, status), eq(events.accessType, 'free')))
        .limit(n)
    ).map((r) => r.id);
  const keyOf = async (id: number) => (await t.services.streamKeys.read(channelId, id)).key;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(kind, {
      INGEST_ENABLED: 'true',
      RTMP_PORT: String(port),
      LIVE_GRACE_S: String(GRACE_S),
      LIVE_SIMULATOR: 'false',
    });
    const [row] = await t.database.db.select().from(channels).where(eq(channels.slug, 'heartland'));
    channelId = row?.id ?? 0;
    await until('the RTMP port', async () => t.services.ingest.rtmpPort() === port);
  }, 120_000);
  afterAll(async () => {
    for (const child of publishers) child.kill('SIGKILL');
    await t?.close();
  });

  it('refuses an unknown, a malformed, a rotated or a finished game’s key before any transcoder starts', async () => {
    const [upcoming] = await games('upcoming', 1);
    const [finished] = await games('finished', 1);
    if (!upcoming || !finished) throw new Error('no games to publish to');
    const old = await keyOf(upcoming);
    await t.services.streamKeys.rotate(channelId, upcoming);
    const finishedKey = await keyOf(finished);
    const tries = [`sk_${'A'.repeat(32)}`, 'not-a-key', old, finishedKey].map((key) => start(key));
    for (const p of tries) expect(await refusedWithin(p)).toBe(true);
    expect(await statusOf(upcoming)).toBe('upcoming');
    expect(await statusOf(finished)).toBe('finished');
    for (const id of [upcoming, finished]) {
      expect(t.services.ingest.service.has(id)).toBe(false);
      expect(existsSync(liveDir(id))).toBe(false);
    }
  }, 45_000);

  it('a valid key makes the game live with a ladder matched to the source; a second publisher is refused; a reconnect continues; the end makes the replay', async () => {
    const [id] = await games('upcoming', 1);
    if (!id) throw new Error('no upcoming game');
    const key = await keyOf(id);
    const first = start(key);
    await until('the game live', async () => (await statusOf(id)) === 'live');
    const master = await until('the master playlist', () =>
      readFile(path.join(liveDir(id), 'master.m3u8'), 'utf8').catch(() => ''),
    );
    const rungs = master.split('\n').filter((l) => l.endsWith('/index.m3u8'));
    // A 480p source: itself on top (passed through), 360p under it; nothing above 480.
    expect(rungs).toEqual(['480p/index.m3u8', '360p/index.m3u8']);
    const heights = [...master.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...heights)).toBeLessThanOrEqual(480);
    const top = path.join(liveDir(id), '480p', 'index.m3u8');
    const segmentsOf = async () => ((await readFile(top, 'utf8').catch(() => '')).match(/^#EXTINF/gm) ?? []).length;
    await until('three segments', async () => (await segmentsOf()) >= 3);
    const playlist = await readFile(top, 'utf8');
    expect(playlist).toContain('#EXT-X-PROGRAM-DATE-TIME:');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(playlist).not.toContain('#EXT-X-ENDLIST');

    // Fans get the live stream through the playback call, and its signed playlist.
    const call = caller(t.app);
    const fan = await guestKey(t.app);
    const res = await call({ url: `/api/events/${id}/playback`, key: fan });
    expect(res.statusCode).toBe(200);
    const info = playbackSchema.parse(res.json().data);
    expect(info.kind).toBe('live');
    const served = await t.app.inject(info.url.replace('master.m3u8', '360p/index.m3u8'));
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('#EXT-X-PROGRAM-DATE-TIME:');

    // A second publisher on the same key is refused; the first one goes on.
    const second = start(key);
    expect(await refusedWithin(second)).toBe(true);
    expect(first.child.exitCode).toBeNull();

    // The encoder drops and comes back within the grace period: the same folder, the same playlists, continued.
    const before = await segmentsOf();
    first.child.kill('SIGKILL');
    await first.exited;
    await sleep(500);
    const again = start(key);
    await until('segments after the reconnect', async () => (await segmentsOf()) >= before + 3, 40_000);
    expect(await readFile(top, 'utf8')).toContain('#EXT-X-DISCONTINUITY');
    expect(await statusOf(id)).toBe('live');

    // The encoder stops for good: after the grace period the game ends and its recording is the replay.
    again.child.kill('SIGINT');
    await again.exited;
    const stoppedAt = Date.now();
    await until('the game finished', async () => (await statusOf(id)) === 'finished');
    const [asset] = await t.database.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.key, `vod/heartland-e${id}`));
    expect(asset?.status).toBe('ready');
    expect(asset?.durationS).toBeGreaterThan(4);
    // The replay is ready within 10 s of the end of the grace period.
    expect(Date.now() - stoppedAt).toBeLessThan(GRACE_S * 1000 + 10_000);
    const replayDir = path.join(t.dataDir, 'media', 'hls', 'vod', `heartland-e${id}`);
    const replay = await readFile(path.join(replayDir, '480p', 'index.m3u8'), 'utf8');
    expect(replay).toContain('#EXT-X-ENDLIST');
    expect(replay).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect((await readdir(path.join(replayDir, '360p'))).filter((f) => f.endsWith('.ts')).length).toBeGreaterThan(3);
    expect(existsSync(liveDir(id))).toBe(false);
    expect(t.services.ingest.service.has(id)).toBe(false);

    // The finished game plays its replay.
    const vod = await call({ url: `/api/events/${id}/playback`, key: fan });
    expect(vod.statusCode).toBe(200);
    expect(playbackSchema.parse(vod.json().data).kind).toBe('vod');
    // Its download's MP4 follows, remuxed from the replay's top rendition.
    const mp4 = t.services.media.paths.mp4File(`vod/heartland-e${id}`);
    await until('the replay MP4', async () => (await stat(mp4).catch(() => null))?.size, 30_000);
    expect((await readFile(mp4)).subarray(4, 8).toString()).toBe('ftyp');
    // And its key publishes no more.
    expect(await refusedWithin(start(key))).toBe(true);
  }, 90_000);

  it('a game a stopped server left live is adopted at start: it ends after the grace period, or its encoder resumes it', async () => {
    const [ended, resumed] = await games('upcoming', 2);
    if (!ended || !resumed) throw new Error('no upcoming games');
    // What a server stopped mid-game leaves: the game live, its folder with a playlist and the ingest's marker.
    const oldPlaylist = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:EVENT',
      '#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000+0000',
      '#EXTINF:1.000000,',
      'seg_000000.ts',
      '',
    ].join('\n');
    for (const id of [ended, resumed]) {
      await t.database.db.update(events).set({ streamStatus: 'live' }).where(eq(events.id, id));
      await mkdir(path.join(liveDir(id), '360p'), { recursive: true });
      await writeFile(path.join(liveDir(id), '360p', 'live.m3u8'), oldPlaylist);
      await writeFile(path.join(liveDir(id), '360p', 'index.m3u8'), oldPlaylist);
      await writeFile(path.join(liveDir(id), '360p', 'seg_000000.ts'), '');
      await writeFile(path.join(liveDir(id), 'master.m3u8'), '#EXTM3U\n');
      const source = { video: 'h264', audio: 'aac', height: 360 };
      await writeFile(path.join(liveDir(id), 'ingest.json'), JSON.stringify({ eventId: id, source }));
    }
    await t.services.ingest.settleLeftovers();
    expect(t.services.ingest.service.has(ended)).toBe(true);
    const p = start(await keyOf(resumed), '640x360');
    const playlist = path.join(liveDir(resumed), '360p', 'index.m3u8');
    await until('segments appended', async () => {
      const text = await readFile(playlist, 'utf8').catch(() => '');
      return (text.match(/^#EXTINF/gm) ?? []).length >= 3 && text.includes('seg_000000.ts');
    });
    expect(await readFile(playlist, 'utf8')).toContain('#EXT-X-DISCONTINUITY');
    // The one nobody resumed ends after the grace period, its recording the replay.
    await until('the abandoned game finished', async () => (await statusOf(ended)) === 'finished');
    const [asset] = await t.database.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.key, `vod/heartland-e${ended}`));
    expect(asset?.status).toBe('ready');
    expect(await statusOf(resumed)).toBe('live');
    p.child.kill('SIGKILL');
    await until('the resumed game finished', async () => (await statusOf(resumed)) === 'finished');
  }, 60_000);
});
