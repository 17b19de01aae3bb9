import { apiKeySchema } from '@sideline/contract/channel';
import { errorBodySchema } from '@sideline/contract/errors';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, guestKey, HEARTLAND_KEY, SOFIA_KEY, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { hashToken } from '../../lib/tokens';
import { apiKeys } from './api-key.table';

describe.each(dbKinds())('api keys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { API_KEY_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => t.close());

  const keyCount = async () => (await t.database.db.select({ n: count() }).from(apiKeys))[0]?.n ?? 0;
  const post = (payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/get_api_key',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('issues a 256-bit guest key and stores only its hash', async () => {
    const res = await post({ channel_key: HEARTLAND_KEY });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { api_key, expires_at } = apiKeySchema.parse(res.json().data);
    expect(Buffer.from(api_key, 'base64url')).toHaveLength(32);
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    const rows = await t.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.tokenHash, hashToken(api_key)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBeNull();
    const all = await t.database.db.select({ h: apiKeys.tokenHash }).from(apiKeys);
    expect(all.some((r) => r.h === api_key)).toBe(false);
  });

  it('gives each call a different key', async () => {
    expect(await guestKey(t.app)).not.toBe(await guestKey(t.app));
  });

  it.each([
    ['an unknown channel key', { channel_key: 'nope' }, 401, 'channel_key_invalid'],
    ['a missing channel key', {}, 400, 'validation_failed'],
    ['a wrong type', { channel_key: 42 }, 400, 'validation_failed'],
    ['an unknown field', { channel_key: HEARTLAND_KEY, admin: true }, 400, 'validation_failed'],
    ['malformed JSON', '{"channel_key":', 400, 'body_invalid'],
  ])('refuses %s with a clear 4xx and writes nothing', async (_name, payload, status, code) => {
    const before = await keyCount();
    const res = await post(payload as object);
    expect(res.statusCode).toBe(status);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.code).toBe(code);
    if (code === 'channel_key_invalid') {
      expect(body.error.message).toBe('No channel or api key found');
      expect(body.error.field).toBe('channel_key');
    }
    expect(await keyCount()).toBe(before);
  });

  it('refuses an oversize body with 413 and a non-JSON body with 415', async () => {
    const big = await post({ channel_key: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(errorBodySchema.parse(big.json()).error.code).toBe('payload_too_large');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/get_api_key',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `channel_key=${HEARTLAND_KEY}`,
    });
    expect(form.statusCode).toBe(415);
    expect(errorBodySchema.parse(form.json()).error.code).toBe('unsupported_media_type');
  });

  describe('keyed calls', () => {
    const form = (key?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/custom-forms/passes${key === undefined ? '' : `?api_key=${encodeURIComponent(key)}`}`,
      });

    it('open with a valid key and name the key when it is missing, unknown, revoked or expired', async () => {
      const key = await guestKey(t.app);
      const ok = await form(key);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.fields[0]).toMatchObject({ name: 'basic_pass', value: 0 });

      for (const bad of [undefined, '', 'not-a-real-key-but-long-enough-0000000000']) {
        const res = await form(bad);
        expect(res.statusCode).toBe(401);
        expect(errorBodySchema.parse(res.json()).error).toMatchObject({
          code: 'api_key_invalid',
          field: 'api_key',
          message: 'No channel or api key found',
        });
      }

      const expired = await guestKey(t.app);
      await t.database.db
        .update(apiKeys)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiKeys.tokenHash, hashToken(expired)));
      expect((await form(expired)).json().error.code).toBe('api_key_invalid');
    });

    it('serve the key holder’s channel, whatever the host', async () => {
      const sofiaKey = await guestKey(t.app, SOFIA_KEY);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/custom-forms/passes?api_key=${sofiaKey}`,
        headers: { host: 'localhost' },
      });
      expect(res.statusCode).toBe(200);
      expect((await form('x'.repeat(200))).statusCode).toBe(401);
    });

    it('answer a form the channel does not have with 404', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/custom-forms/nothing?api_key=${await guestKey(t.app)}`,
      });
      expect(res.statusCode).toBe(404);
    });
  });
});

describe('api key issuing is rate limited per address', () => {
  it('answers 429 in the common error body once the limit is passed', async () => {
    const [kind] = dbKinds();
    const t = await createTestApp(kind ?? 'pglite', { API_KEY_RATE_LIMIT_MAX: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/get_api_key',
          payload: { channel_key: HEARTLAND_KEY },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(errorBodySchema.parse(res.json()).error.code).toBe('rate_limited');
          expect(res.headers['retry-after']).toBeDefined();
        }
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await t.close();
    }
  });
});
