import { errorBodySchema } from '@sideline/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, guestKey, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';

const SECRET = 'SECRET0123456789';

describe.each(dbKinds())('errors Fastify raises itself on %s', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    key = await guestKey(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ url, headers: { host: 'localhost' } });
  /** The common error body, and never the key the URL carried. */
  const expectCommonBody = (res: { statusCode: number; body: string; json(): unknown }, status: number) => {
    expect(res.statusCode).toBe(status);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('FST_');
    const body = errorBodySchema.parse(res.json());
    expect(body.error.status).toBe(status);
    return body.error;
  };

  it('answers a path parameter longer than the router takes with a 404 in the common body', async () => {
    const error = expectCommonBody(await get(`/api/pages/${'a'.repeat(201)}?api_key=${SECRET}`), 404);
    expect(error.code).toBe('not_found');
  });

  it('answers a URL that does not decode with a 400 in the common body', async () => {
    for (const url of [`/api/color-settings/%C0%AE?api_key=${SECRET}`, `/api/pages/%E0%A4%A?api_key=${SECRET}`]) {
      const error = expectCommonBody(await get(url), 400);
      expect(error.code).toBe('bad_request');
    }
  });

  it('answers unknown API paths and bad paths of known routes in the common body', async () => {
    expect(expectCommonBody(await get(`/api/nowhere?api_key=${SECRET}`), 404).code).toBe('not_found');
    expect(expectCommonBody(await get(`/api/pages/${'%00'}?api_key=${key}&x=${SECRET}`), 400).code).toBe(
      'validation_failed',
    );
  });

  it('answers a media path the file server will not resolve as not found, not a 403 "bad request"', async () => {
    for (const url of ['/media/images/%00', '/media/images/.hidden', '/media/images/a%00b.svg']) {
      expect(expectCommonBody(await get(url), 404).code, url).toBe('not_found');
    }
  });

  it('never quotes the URL in a client error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/get_api_key?api_key=${SECRET}`,
      headers: { host: 'localhost', 'content-type': 'application/json', 'content-length': '5' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectCommonBody(res, res.statusCode);
  });
});
