import { mkdir, rename, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/support/clock';
import { waitUntil } from '../../../test/support/system-suite';
import { createTestApp, guestKey, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { events } from '../events/events.table';
import { apiKeys } from '../keys/api-key.table';
import { withDeltaUpdates } from './hls/playlist-delta';
import { liveAssetOf } from './live-simulator';
import { createMediaTokens } from './media-token';

const SECRET = 'test-media-secret-0123456789-abcdefghij';

/** A live playlist of `n` one-second segments, as the encoder writes it (its length changes with `n`). */
const playlist = (n: number) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:1',
    `#EXT-X-MEDIA-SEQUENCE:${n}`,
    ...Array.from({ length: n }, (_, i) => [
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(1_700_000_000_000 + (n + i) * 1000).toISOString()}`,
      '#EXTINF:1.000000,',
      `seg_${String(n + i).padStart(6, '0')}.ts`,
    ]).flat(),
    '',
  ].join('\n');

type Answer = { status: number; length: number | null; body: Buffer; encoding: string | undefined };

/** One GET over the shared keep-alive agent, the body as received (not decoded). */
function get(agent: http.Agent, port: number, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent, headers, timeout: 5_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          length: res.headers['content-length'] ? Number(res.headers['content-length']) : null,
          body: Buffer.concat(chunks),
          encoding: res.headers['content-encoding'],
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no complete answer to ${url} within 5 s`)));
    req.on('error', reject);
  });
}

describe.each(dbKinds())('live playlists under concurrent fetches on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let url: string;
  let file: string;

  // Cache lifetimes pass by moving the clock (see test/support/clock.ts), not by waiting.
  let clock: ReturnType<typeof movableClock>;
  beforeAll(async () => {
    clock = movableClock();
    t = await createTestApp(kind, { MEDIA_TOKEN_SECRET: SECRET, LIVE_SIMULATOR: 'false' });
    await guestKey(t.app);
    const [key] = await t.database.db.select().from(apiKeys).orderBy(desc(apiKeys.id)).limit(1);
    const [live] = await t.database.db
      .select()
      .from(events)
      // A free game: the media route rechecks that the token's (guest) key may still watch what it opens.
      .where(and(eq(events.channelId, 1), eq(events.streamStatus, 'live'), eq(events.accessType, 'free')))
      .limit(1);
    if (!key || !live) throw new Error('no key or live event');
    const asset = liveAssetOf(live.id);
    const token = createMediaTokens(SECRET).sign({
      keyId: key.id,
      channelId: 1,
      eventId: live.id,
      asset,
      purpose: 'play',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    url = `/media/e/${live.id}/${token}/360p/index.m3u8`;
    file = path.join(t.services.media.paths.hlsDir(asset), '360p', 'index.m3u8');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, playlist(700));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    clock.restore();
  });

  it('sends every answer whole, its length the one declared, while the encoder renames new versions in', async () => {
    // What a viewer may get: a whole version the encoder wrote (with the delta-update control the server adds).
    const written = new Set<string>([withDeltaUpdates(playlist(700)).full]);
    let writing = true;
    let renames = 0;
    // The encoder's way (temp_file): write beside, rename over; each version a different length.
    const writer = (async () => {
      for (let n = 701; writing; n = n >= 760 ? 640 : n + 1) {
        const text = playlist(n);
        written.add(withDeltaUpdates(text).full);
        await writeFile(`${file}.tmp`, text);
        await rename(`${file}.tmp`, file);
        renames++;
      }
    })();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    try {
      const answers: Answer[] = [];
      // Rounds of parallel fetches on 16 kept-alive sockets, spread over the snapshots of several renames: between
      // two rounds the encoder renames a new version in, and the clock moves past the snapshot's half second.
      for (let round = 0; round < 8; round++) {
        answers.push(...(await Promise.all(Array.from({ length: 40 }, () => get(agent, port, url)))));
        const seen = renames;
        await waitUntil('the encoder renaming a new version in', () => renames > seen, 5_000, 5);
        clock.advance(600);
      }
      expect(answers).toHaveLength(320);
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.length).toBe(a.body.length);
        expect(written.has(a.body.toString())).toBe(true);
      }
      expect(new Set(answers.map((a) => a.body.toString())).size).toBeGreaterThan(1);
    } finally {
      writing = false;
      await writer;
      agent.destroy();
    }
  });

  it('gzips the playlist for a client that takes it, and answers a delta update to a client that asks', async () => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      const text = playlist(720);
      await writeFile(`${file}.tmp`, text);
      await rename(`${file}.tmp`, file);
      // Past the snapshot's half second, so the new text is read.
      clock.advance(600);
      const zipped = await get(agent, port, url, { 'accept-encoding': 'gzip, deflate' });
      expect(zipped.encoding).toBe('gzip');
      expect(zipped.length).toBe(zipped.body.length);
      expect(zipped.body.length).toBeLessThan(text.length / 4);
      expect(gunzipSync(zipped.body).toString()).toBe(withDeltaUpdates(text).full);
      const plain = await get(agent, port, url);
      expect(plain.encoding).toBeUndefined();
      expect(plain.body.toString()).toBe(withDeltaUpdates(text).full);
      expect(plain.body.toString()).toContain('#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=12.0');
      // A reload asking for a delta update gets the last 12 s, the older 708 segments skipped.
      const delta = await get(agent, port, `${url}?_HLS_skip=YES&_HLS_msn=1440`);
      expect(delta.length).toBe(delta.body.length);
      expect(delta.body.toString()).toContain('#EXT-X-SKIP:SKIPPED-SEGMENTS=708');
      expect(delta.body.length).toBeLessThan(2_000);
    } finally {
      agent.destroy();
    }
  });
});
