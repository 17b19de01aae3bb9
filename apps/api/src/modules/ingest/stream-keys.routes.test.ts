import { errorBodySchema } from '@sideline/contract/errors';
import { STREAM_KEY_PATTERN, streamKeySchema } from '@sideline/contract/ingest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { channels } from '../channel/channel.table';
import { events } from '../events/events.table';

const TOKEN = 'operator-token-for-the-stream-key-tests';

describe.each(dbKinds())('stream keys on %s', (kind) => {
  let t: TestApp;
  let heartlandGame: number;
  let sofiaGame: number;

  const call = (method: 'GET' | 'POST', url: string, { host = 'localhost', token = TOKEN as string | null } = {}) =>
    t.app.inject({
      method,
      url,
      headers: { host, ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    });
  const read = (id: number | string, opts?: Parameters<typeof call>[2]) =>
    call('GET', `/api/operator/events/${id}/stream-key`, opts);
  const rotate = (id: number | string, opts?: Parameters<typeof call>[2]) =>
    call('POST', `/api/operator/events/${id}/stream-key/rotate`, opts);
  const keyOf = (res: { json(): unknown }) => streamKeySchema.parse((res.json() as { data: unknown }).data);
  const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;

  beforeAll(async () => {
    t = await createTestApp(kind, { OPERATOR_TOKEN: TOKEN, INGEST_HOST: 'ingest.example.org', RTMP_PORT: '1936' });
    const gameOf = async (slug: string) => {
      const [row] = await t.services.db
        .select({ id: events.id })
        .from(events)
        .innerJoin(channels, eq(channels.id, events.channelId))
        .where(eq(channels.slug, slug))
        .limit(1);
      if (!row) throw new Error(`no game on ${slug}`);
      return row.id;
    };
    heartlandGame = await gameOf('heartland');
    sofiaGame = await gameOf('sofia');
  }, 120_000);
  afterAll(() => t?.close());

  it('gives a game its key on first read, the same key afterwards, with its publish addresses', async () => {
    const first = await read(heartlandGame);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const key = keyOf(first);
    expect(key.key).toMatch(STREAM_KEY_PATTERN);
    expect(key).toMatchObject({
      event_id: heartlandGame,
      rtmp_server: 'rtmp://ingest.example.org:1936/live',
      rtmp_url: `rtmp://ingest.example.org:1936/live/${key.key}`,
      srt_url: `srt://ingest.example.org:9000?streamid=#!::r=live/${key.key},m=publish`,
    });
    expect(keyOf(await read(heartlandGame)).key).toBe(key.key);
    expect(await t.services.streamKeys.resolve(key.key)).toEqual({
      channelId: expect.any(Number),
      eventId: heartlandGame,
    });
  });

  it('rotation replaces the key: the old one names no game any more', async () => {
    const before = keyOf(await read(heartlandGame)).key;
    const rotated = await rotate(heartlandGame);
    expect(rotated.statusCode).toBe(200);
    const after = keyOf(rotated).key;
    expect(after).not.toBe(before);
    expect(keyOf(await read(heartlandGame)).key).toBe(after);
    expect(await t.services.streamKeys.resolve(before)).toBeUndefined();
    expect((await t.services.streamKeys.resolve(after))?.eventId).toBe(heartlandGame);
  });

  it('keys of different games differ, and unknown or malformed keys resolve to nothing', async () => {
    const sofia = keyOf(await read(sofiaGame, { host: 'sofia.localhost' }));
    expect(sofia.key).not.toBe(keyOf(await read(heartlandGame)).key);
    for (const key of ['', 'sk_', `sk_${'A'.repeat(32)}`, `${sofia.key}x`, sofia.key.toLowerCase(), 'sk_\u0000']) {
      expect(await t.services.streamKeys.resolve(key)).toBeUndefined();
    }
  });

  it('refuses a caller without the operator token, or with a wrong one, before reading anything', async () => {
    for (const token of [null, 'wrong', `${TOKEN}x`, '']) {
      for (const res of [await read(heartlandGame, { token }), await rotate(heartlandGame, { token })]) {
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).code).toBe('operator_token_required');
        expect(res.body).not.toContain('sk_');
      }
    }
    // Even for an id that does not exist: a caller without the token learns nothing of which games exist.
    expect((await read(999_999, { token: null })).statusCode).toBe(403);
  });

  it("another channel's game is not found from this channel's host, and its key is not changed", async () => {
    const sofiaKey = keyOf(await read(sofiaGame, { host: 'sofia.localhost' })).key;
    for (const res of [await read(sofiaGame), await rotate(sofiaGame)]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('event_not_found');
    }
    expect(keyOf(await read(sofiaGame, { host: 'sofia.localhost' })).key).toBe(sofiaKey);
    expect((await read(heartlandGame, { host: 'sofia.localhost' })).statusCode).toBe(404);
  });

  it('answers a bad id with a 400 in the common error body', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '%00']) {
      const res = await read(id);
      expect(res.statusCode, id).toBe(400);
      expect(errorOf(res).status).toBe(400);
    }
    expect((await read(999_999)).statusCode).toBe(404);
  });
});

describe('stream keys without a configured operator token', () => {
  it('are off: every call is refused', async () => {
    const t = await createTestApp('pglite');
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/operator/events/1/stream-key',
        headers: { host: 'localhost', authorization: 'Bearer undefined' },
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  }, 120_000);
});
