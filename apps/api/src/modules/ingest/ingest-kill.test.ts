import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { playbackSchema } from '@sideline/contract/media';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { databaseUrl, withAdmin } from '../../../test/support/databases';
import {
  freePort,
  type RunningServer,
  seededDataDir,
  startServer,
  stopServer,
} from '../../../test/support/server-process';
import { waitUntil } from '../../../test/support/system-suite';
import { type DbKind, dbKinds } from '../../../test/support/test-database';

const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const OPERATOR_TOKEN = 'operator-token-for-the-ingest-kill-test';
const GRACE_S = 5;

/** An encoder as OBS would be: RTMP, H.264 + AAC, 1 s GOP, in real time, until stopped. */
function publish(url: string): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=30', '-f', 'lavfi', '-i', 'sine'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, exited };
}

/** The transcoders writing into a data folder's live media (ffmpeg processes naming it), whoever their parent. */
async function ffmpegsIn(dir: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const argv = (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0');
    // A transcoder writes the live folder; the replay's MP4 remux after the end reads the replay and is not one.
    const writesLive = argv.some((a) => a.includes(dir) && a.includes('/hls/live/'));
    if (path.basename(argv[0] ?? '').includes('ffmpeg') && writesLive) found.push(Number(entry));
  }
  return found;
}

/** Whether a process is gone (or a zombie nobody reaped yet: it runs no more). */
async function gone(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat === null || / Z /.test(stat.slice(stat.lastIndexOf(')')));
}

const segmentsOf = (playlist: string) => [...playlist.matchAll(/^#EXTINF:([\d.]+)/gm)].map((m) => Number(m[1]));
const seconds = (playlist: string) => segmentsOf(playlist).reduce((sum, s) => sum + s, 0);

/** A data folder, and on PostgreSQL a private copy of the seeded template database (its URL for the server). */
async function storage(
  kind: DbKind,
  cleanup: (() => Promise<unknown>)[],
): Promise<{ dataDir: string; env: Record<string, string> }> {
  if (kind === 'pglite') {
    const dataDir = await seededDataDir('ingest-kill');
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    return { dataDir, env: {} };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-ingest-kill-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const admin = inject('postgresAdminUrl');
  const name = `sideline_t_${inject('runId')}_kill_${Date.now()}`;
  await withAdmin(admin, (sql) => sql.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${inject('postgresTemplate')}"`));
  cleanup.push(() => withAdmin(admin, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));
  return { dataDir, env: { DATABASE_URL: databaseUrl(admin, name) } };
}

/**
 * The real server killed with SIGKILL while an encoder publishes a game over RTMP: its transcoder dies with it (a
 * parent-death signal), and the next start on the same data folder adopts the game: its encoder back within the grace
 * period continues the same recording, else the game ends and its recording is the replay. (The in-process variant,
 * with the folder a stop leaves written by hand, is the last test of `rtmp-ingest.test.ts`.)
 */
describe.each(dbKinds())('kill -9 of the server during an RTMP-ingested game, on %s', (kind) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
  });

  /** A server with the ingest on, a game published to it and live with segments, then killed with -9. */
  async function killedMidGame() {
    const { dataDir, env: dbEnv } = await storage(kind, cleanup);
    const rtmpPort = await freePort();
    const env: Record<string, string> = {
      ...dbEnv,
      INGEST_ENABLED: 'true',
      RTMP_PORT: String(rtmpPort),
      LIVE_GRACE_S: String(GRACE_S),
      OPERATOR_TOKEN,
      LIVE_SIMULATOR: 'false',
      DEMO_MEDIA: 'false',
    };
    const first = await startServer(dataDir, env);
    cleanup.push(() => stopServer(first, 'SIGKILL'));
    const get = async (server: RunningServer, url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${server.url}${url}`, { headers });
      return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
    };
    const fan = await fetch(`${first.url}/api/get_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel_key: 'hcn_demo_channel_key_localhost' }),
    }).then(async (r) => ((await r.json()) as { data: { api_key: string } }).data.api_key);
    // The last upcoming free game: far from its scheduled start, so no clock moves it while the test runs.
    const upcoming = (await get(first, `/api/events?stream_status=upcoming&limit=100&api_key=${fan}`)).json
      .data as unknown as { id: number; type: string }[];
    const id = upcoming.filter((g) => g.type === 'free').at(-1)?.id;
    if (!id) throw new Error('no upcoming free game');
    const streamKey = await get(first, `/api/operator/events/${id}/stream-key`, {
      authorization: `Bearer ${OPERATOR_TOKEN}`,
    });
    expect(streamKey.status).toBe(200);
    const publishUrl = `rtmp://127.0.0.1:${rtmpPort}/live/${String(streamKey.json.data.key)}`;
    const statusOf = async (server: RunningServer) =>
      (await get(server, `/api/events/${id}?api_key=${fan}`)).json.data.stream_status as string;

    const publishers: ChildProcess[] = [];
    cleanup.push(async () => {
      for (const p of publishers) p.kill('SIGKILL');
    });
    const start = () => {
      const p = publish(publishUrl);
      publishers.push(p.child);
      return p;
    };
    const encoder = start();
    const liveDir = path.join(dataDir, 'media', 'hls', 'live', `e${id}`);
    const top = path.join(liveDir, '480p', 'live.m3u8');
    await waitUntil('the game live', async () => (await statusOf(first)) === 'live', 20_000, 200);
    // Fans get the live stream, with segments.
    const playback = await get(first, `/api/events/${id}/playback?api_key=${fan}`);
    expect(playback.status).toBe(200);
    expect(playbackSchema.parse(playback.json.data).kind).toBe('live');
    await waitUntil(
      'a first segment',
      async () => /^#EXTINF/m.test(await readFile(top, 'utf8').catch(() => '')),
      20_000,
      50,
    );
    const firstSegmentAt = Date.now();
    await waitUntil(
      'four segments',
      async () => segmentsOf(await readFile(top, 'utf8').catch(() => '')).length >= 4,
      20_000,
      200,
    );
    const pidFile = path.join(dataDir, 'run', `ffmpeg-live-e${id}.pid`);
    const transcoder = Number(await readFile(pidFile, 'utf8'));
    expect(await ffmpegsIn(dataDir)).toEqual([transcoder]);

    // kill -9 of the node process itself (setpriv exec'd it in its own place: the child's pid is the server's).
    const killedAt = Date.now();
    await stopServer(first, 'SIGKILL');
    // The kernel ends the transcoder with its parent: no ffmpeg of this server runs on alone.
    await waitUntil(
      'no transcoder outlives the server',
      async () => (await gone(transcoder)) && (await ffmpegsIn(dataDir)).length === 0,
      5_000,
    );
    const deadAfterMs = Date.now() - killedAt;
    // The recording as the killed transcoder left it: what was published before the kill.
    const before = await readFile(top, 'utf8');
    // Seconds of the game published since its first segment was written (which holds about 1 s).
    const publishedS = (killedAt - firstSegmentAt) / 1000 + 1;
    // The encoder loses its connection; stopped here in case it lingers.
    encoder.child.kill('SIGKILL');
    await encoder.exited;
    return { dataDir, env, id, fan, get, statusOf, start, liveDir, top, before, publishedS, deadAfterMs };
  }

  it('an encoder back within the grace period after the restart continues the same recording; the game stays live', async () => {
    const k = await killedMidGame();
    expect(k.deadAfterMs).toBeLessThan(5_000);
    const second = await startServer(k.dataDir, k.env);
    cleanup.push(() => stopServer(second, 'SIGKILL'));
    const adoptedAt = Date.now();
    // The restart left the game live, waiting for its encoder (OBS retries on its own).
    expect(await k.statusOf(second)).toBe('live');
    const encoder = k.start();
    const firstBefore = segmentsOf(k.before).length;
    await waitUntil(
      'segments appended to the same playlists',
      async () => {
        const text = await readFile(k.top, 'utf8').catch(() => '');
        return segmentsOf(text).length >= firstBefore + 3 && text.includes('seg_000000.ts');
      },
      20_000,
      200,
    );
    const continued = await readFile(k.top, 'utf8');
    // One recording: the segments of before the kill, as they were, then a discontinuity, then the new publish's.
    const names = (text: string) => text.split('\n').filter((l) => l.endsWith('.ts'));
    const old = names(k.before);
    expect(names(continued).slice(0, old.length)).toEqual(old);
    expect(segmentsOf(continued).slice(0, old.length)).toEqual(segmentsOf(k.before));
    const lastOld = continued.indexOf(`${old.at(-1)}\n`);
    const gap = continued.slice(lastOld, continued.indexOf(names(continued)[old.length] ?? '', lastOld));
    expect(gap).toContain('#EXT-X-DISCONTINUITY');
    expect(continued).not.toContain('#EXT-X-ENDLIST');
    for (const rung of ['480p', '360p']) {
      const text = await readFile(path.join(k.liveDir, rung, 'index.m3u8'), 'utf8');
      expect(text).toContain('seg_000000.ts');
      expect(text).toContain('#EXT-X-DISCONTINUITY');
    }
    // Past the grace period of the restart, the game is still live: its encoder is back.
    await sleep(Math.max(0, adoptedAt + (GRACE_S + 1) * 1000 - Date.now()));
    expect(await k.statusOf(second)).toBe('live');
    const playback = await k.get(second, `/api/events/${k.id}/playback?api_key=${k.fan}`);
    expect(playback.status).toBe(200);
    expect(playbackSchema.parse(playback.json.data).kind).toBe('live');
    // One transcoder, this server's.
    expect(await ffmpegsIn(k.dataDir)).toHaveLength(1);

    // The encoder stops for good: the game ends after the grace period, its one recording (both publishes) the replay.
    const last = await readFile(k.top, 'utf8');
    encoder.child.kill('SIGKILL');
    await encoder.exited;
    await waitUntil('the game finished', async () => (await k.statusOf(second)) === 'finished', GRACE_S * 1000 + 8_000);
    const vod = playbackSchema.parse((await k.get(second, `/api/events/${k.id}/playback?api_key=${k.fan}`)).json.data);
    expect(vod.kind).toBe('vod');
    const replay = await (await fetch(new URL(vod.url.replace('master.m3u8', '480p/index.m3u8'), second.url))).text();
    expect(replay).toContain('#EXT-X-ENDLIST');
    expect(names(replay).slice(0, names(last).length)).toEqual(names(last));
    expect(await ffmpegsIn(k.dataDir)).toEqual([]);
  }, 90_000);

  it('an encoder that stays away: after the grace period the game is finished and its recording is a ready replay', async () => {
    const k = await killedMidGame();
    expect(k.deadAfterMs).toBeLessThan(5_000);
    const second = await startServer(k.dataDir, k.env);
    cleanup.push(() => stopServer(second, 'SIGKILL'));
    const adoptedAt = Date.now();
    expect(await k.statusOf(second)).toBe('live');
    // Never left live without a feed: finished once the grace period is over (a few seconds of slack for a busy machine).
    await waitUntil('the game finished', async () => (await k.statusOf(second)) === 'finished', GRACE_S * 1000 + 8_000);
    expect(Date.now() - adoptedAt).toBeGreaterThanOrEqual(GRACE_S * 1000 - 500);
    expect(existsSync(k.liveDir)).toBe(false);
    expect(await ffmpegsIn(k.dataDir)).toEqual([]);

    // The finished game plays its replay: the recording's segments as a VOD, with everything published before the kill.
    const playback = await k.get(second, `/api/events/${k.id}/playback?api_key=${k.fan}`);
    expect(playback.status).toBe(200);
    const info = playbackSchema.parse(playback.json.data);
    expect(info.kind).toBe('vod');
    const res = await fetch(new URL(info.url.replace('master.m3u8', '480p/index.m3u8'), second.url));
    expect(res.status).toBe(200);
    const replay = await res.text();
    expect(replay).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(replay).toContain('#EXT-X-ENDLIST');
    const published = seconds(k.before);
    expect(published).toBeGreaterThanOrEqual(3);
    // A kill loses at most the segment being written (about 1 s), plus a second of slack for a busy machine.
    expect(published).toBeGreaterThanOrEqual(k.publishedS - 2);
    expect(seconds(replay)).toBeGreaterThanOrEqual(published);
    for (const seg of k.before.split('\n').filter((l) => l.endsWith('.ts'))) expect(replay).toContain(seg);
    expect(info.duration_s).toBeGreaterThanOrEqual(Math.floor(published));
  }, 90_000);
});
