import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/free-port';
import { logLines } from '../../../test/support/log-lines';
import { FFMPEG, publish, until } from '../../../test/support/rtmp-publisher';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { channels } from '../channel/channel.table';
import { events } from '../events/events.table';
import { HANDSHAKE_LIMIT_MS } from './rtmp-server';

const GRACE_S = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** This process's ffmpeg children writing into `dir`, and whether any child of it is a zombie. */
function transcodersOf(dir: string) {
  const pids: number[] = [];
  let zombies = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [, state, ppid] = /\) (\S) (\d+)/.exec(stat) ?? [];
      if (Number(ppid) !== process.pid) continue;
      if (state === 'Z') zombies++;
      else if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(dir)) pids.push(Number(name));
    } catch {
      // Gone while read.
    }
  }
  return { pids, zombies };
}

/**
 * What a bad publisher does to the ingest: garbage on the port, a stream with no picture, an encoder that drops
 * every few seconds, one that comes back at another size. Each gets a clear log line, and no transcoder is left
 * stuck, doubled or a zombie.
 */
// On one database (PostgreSQL when it runs): what is tested here is the RTMP socket and the transcoders; the writes a
// publish makes (going live, the recording, the end) are the ones rtmp-ingest.test.ts proves on both databases.
describe.each(dbKinds().slice(-1))('RTMP ingest with bad input on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let channelId: number;
  const log = logLines();
  const children: ChildProcess[] = [];
  const url = (key: string) => `rtmp://127.0.0.1:${port}/live/${key}`;
  const liveDir = (id: number) => path.join(t.dataDir, 'media', 'hls', 'live', `e${id}`);
  const statusOf = async (id: number) =>
    (await t.database.db.select().from(events).where(eq(events.id, id)))[0]?.streamStatus;
  const upcoming = async (n: number) =>
    (
      await t.database.db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.channelId, channelId), eq(events.streamStatus, 'upcoming'), eq(events.accessType, 'free')))
        .limit(n)
    ).map((r) => r.id);
  const keyOf = async (id: number) => (await t.services.streamKeys.read(channelId, id)).key;
  const start = (key: string, options: Parameters<typeof publish>[1] | string = {}) => {
    const p = publish(url(key), typeof options === 'string' ? { size: options } : options);
    children.push(p.child);
    return p;
  };

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(
      kind,
      { INGEST_ENABLED: 'true', RTMP_PORT: String(port), LIVE_GRACE_S: String(GRACE_S), LIVE_SIMULATOR: 'false' },
      { logger: log.logger },
    );
    const [row] = await t.database.db.select().from(channels).where(eq(channels.slug, 'heartland'));
    channelId = row?.id ?? 0;
    await until('the RTMP port', async () => t.services.ingest.rtmpPort() === port);
  }, 120_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t?.close();
  });

  it('drops garbage on the RTMP port (random bytes, an HTTP request) and goes on taking encoders', async () => {
    const noise = randomBytes(8192);
    noise[0] = 0xff;
    // Noise, an HTTP request, and a handshake's first byte then the rest as noise (past the version check).
    const withVersion = Buffer.concat([Buffer.from([3]), randomBytes(8191)]);
    for (const junk of [noise, Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'), withVersion]) {
      const socket = connect(port, '127.0.0.1');
      const closed = new Promise<boolean>((r) => socket.once('close', () => r(true)));
      socket.on('error', () => {});
      // Read what the server answers (a handshake), or the socket never sees its end.
      socket.resume();
      socket.write(junk);
      // What is not RTMP is dropped on its first bytes; a handshake that leads nowhere within the limit after it.
      expect(await Promise.race([closed, sleep(HANDSHAKE_LIMIT_MS + 5_000).then(() => false)])).toBe(true);
    }
    expect(log.lines.filter((l) => l.msg === 'rtmp connection dropped').map((l) => l.why)).toContain('not RTMP');
    const [id] = await upcoming(1);
    if (!id) throw new Error('no upcoming game');
    const p = start(await keyOf(id));
    await until('the game live', async () => (await statusOf(id)) === 'live');
    p.child.kill('SIGKILL');
  }, 60_000);

  it('refuses a stream with no picture (audio only) with a clear line: an upcoming game stays so, a waiting one still ends', async () => {
    const [id] = await upcoming(1);
    if (!id) throw new Error('no upcoming game');
    const { exited } = start(await keyOf(id), { audioOnly: true });
    await until(
      'the refusal',
      async () => log.lines.find((l) => l.msg === 'rtmp publish refused' && l.why === 'the stream has no video'),
      20_000,
    );
    expect(await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])).toBe(true);
    expect(await statusOf(id)).toBe('upcoming');
    expect(t.services.ingest.service.has(id)).toBe(false);
    expect(transcodersOf(liveDir(id)).pids).toEqual([]);

    // A game waiting for its encoder to come back: an audio-only return is refused and the wait goes on, so the game
    // still ends after its grace period, its recording the replay.
    const waiting = (await upcoming(5)).find((other) => other !== id);
    if (!waiting) throw new Error('no second upcoming game');
    const key = await keyOf(waiting);
    const good = start(key);
    await until('a segment', async () =>
      (await readFile(path.join(liveDir(waiting), '480p', 'index.m3u8'), 'utf8').catch(() => '')).includes('#EXTINF'),
    );
    good.child.kill('SIGKILL');
    await good.exited;
    const silent = start(key, { audioOnly: true });
    expect(await Promise.race([silent.exited.then(() => true), sleep(15_000).then(() => false)])).toBe(true);
    await until('the game finished', async () => (await statusOf(waiting)) === 'finished', (GRACE_S + 20) * 1000);
  }, 90_000);

  it('an encoder that drops every two seconds: one transcoder at a time, the game live throughout, none left after', async () => {
    const [id] = await upcoming(1);
    if (!id) throw new Error('no upcoming game');
    const key = await keyOf(id);
    for (let i = 0; i < 4; i++) {
      const p = start(key);
      await sleep(2000);
      expect(transcodersOf(liveDir(id)).pids.length, `transcoders 2 s into publish ${i + 1}`).toBeLessThanOrEqual(1);
      p.child.kill('SIGKILL');
      await p.exited;
      await sleep(300);
    }
    const last = start(key);
    const top = path.join(liveDir(id), '480p', 'index.m3u8');
    const segments = async () => ((await readFile(top, 'utf8').catch(() => '')).match(/^#EXTINF/gm) ?? []).length;
    const before = await segments();
    await until('segments from the last publish', async () => (await segments()) >= before + 3, 40_000);
    expect(await statusOf(id), 'the game after the last reconnect').toBe('live');
    expect(transcodersOf(liveDir(id)).pids, 'transcoders of the last publish').toHaveLength(1);
    last.child.kill('SIGKILL');
    await until('no transcoder left', async () => transcodersOf(liveDir(id)).pids.length === 0, 10_000);
    await until('the game finished', async () => (await statusOf(id)) === 'finished', 30_000);
    // A child that has just exited (the end's replay remux, say) is a zombie until Node reaps it a moment later; a
    // child left unreaped stays one, and fails here.
    await until('no zombie child', async () => transcodersOf(liveDir(id)).zombies === 0, 5_000);
  }, 120_000);

  it('an encoder back at another size keeps the game’s renditions: its picture is scaled to them', async () => {
    const [id] = await upcoming(1);
    if (!id) throw new Error('no upcoming game');
    const key = await keyOf(id);
    const first = start(key, '854x480');
    const master = path.join(liveDir(id), 'master.m3u8');
    await until('the master playlist', async () => (await readFile(master, 'utf8').catch(() => '')).includes('480p'));
    const before = await readFile(master, 'utf8');
    const top = path.join(liveDir(id), '480p', 'index.m3u8');
    await until('a segment', async () => (await readFile(top, 'utf8').catch(() => '')).includes('#EXTINF'));
    // The first publish of a folder may open with a discontinuity of its own: the reconnect's is the one after.
    const discontinuities = ((await readFile(top, 'utf8')).match(/#EXT-X-DISCONTINUITY/g) ?? []).length;
    first.child.kill('SIGKILL');
    await first.exited;
    const again = start(key, '1280x720');
    await until(
      'segments after the reconnect',
      async () =>
        ((await readFile(top, 'utf8').catch(() => '')).match(/#EXT-X-DISCONTINUITY/g) ?? []).length > discontinuities,
      30_000,
    );
    expect(await readFile(master, 'utf8')).toBe(before);
    await until(
      'a second segment after the reconnect',
      async () => {
        const text = await readFile(top, 'utf8');
        return (
          (
            text
              .split('#EXT-X-DISCONTINUITY')
              .at(-1)
              ?.match(/^#EXTINF/gm) ?? []
          ).length >= 2
        );
      },
      30_000,
    );
    const after = (await readFile(top, 'utf8')).split('#EXT-X-DISCONTINUITY').at(-1) ?? '';
    const segment = after.split('\n').find((l) => l.endsWith('.ts')) as string;
    // ffmpeg names the picture's size when it reads the segment.
    const probe = spawn(FFMPEG, ['-hide_banner', '-i', path.join(liveDir(id), '480p', segment)]);
    let text = '';
    probe.stderr.on('data', (d) => {
      text += d;
    });
    await new Promise((r) => probe.once('exit', r));
    expect(text).toMatch(/Video: h264.*\b854x480\b/);
    again.child.kill('SIGKILL');
  }, 90_000);
});
