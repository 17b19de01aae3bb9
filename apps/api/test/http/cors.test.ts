import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';

describe.each(dbKinds())('CORS on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { WEB_ORIGINS: 'https://fans.example.org,http://localhost:5173' });
  });
  afterAll(() => t.close());

  const allowedOrigin = async (origin: string, host = 'localhost') => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/get_api_key',
      headers: { origin, 'access-control-request-method': 'POST', host },
    });
    const get = await t.app.inject({ url: '/api/menu', headers: { origin, host } });
    // A preflight and a simple call agree.
    expect(get.headers['access-control-allow-origin']).toBe(preflight.headers['access-control-allow-origin']);
    return preflight.headers['access-control-allow-origin'];
  };

  it("allows the channel's own origin as the server serves it", async () => {
    expect(await allowedOrigin('http://localhost')).toBe('http://localhost');
    expect(await allowedOrigin('http://localhost:8080', 'localhost:8080')).toBe('http://localhost:8080');
    expect(await allowedOrigin('http://sofia.localhost', 'sofia.localhost')).toBe('http://sofia.localhost');
  });

  it('refuses another port or scheme of the same host name', async () => {
    expect(await allowedOrigin('http://localhost:9999')).toBeUndefined();
    expect(await allowedOrigin('https://localhost')).toBeUndefined();
    expect(await allowedOrigin('http://localhost:9999', 'localhost:8080')).toBeUndefined();
  });

  it('refuses another channel host, an unknown host and malformed origins', async () => {
    expect(await allowedOrigin('http://sofia.localhost')).toBeUndefined();
    expect(await allowedOrigin('http://evil.example', 'evil.example')).toBeUndefined();
    expect(await allowedOrigin('null')).toBeUndefined();
    expect(await allowedOrigin('http://localhost/path')).toBeUndefined();
  });

  it('allows the configured WEB_ORIGINS exactly', async () => {
    expect(await allowedOrigin('https://fans.example.org')).toBe('https://fans.example.org');
    expect(await allowedOrigin('http://localhost:5173', 'api.example')).toBe('http://localhost:5173');
    expect(await allowedOrigin('http://fans.example.org')).toBeUndefined();
    expect(await allowedOrigin('https://fans.example.org:8443')).toBeUndefined();
  });
});
