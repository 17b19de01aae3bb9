import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';

describe.each(dbKinds())('platform on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI document generated from the contract, and a docs page', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/get_api_key',
      '/api/menu',
      '/api/pages',
      '/api/faq',
      '/api/settings',
      '/api/packages',
      '/api/participants',
      '/channel.json',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/get_api_key'].post.operationId).toBe('getApiKey');
    expect(doc.components.schemas).toHaveProperty('ErrorBody');
    expect(doc.components.schemas).toHaveProperty('Pass');
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/api/menu', headers: { host: 'localhost' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('a failing database', () => {
  it('gives 5xx bodies without internals and a failing readiness probe', async () => {
    const [kind] = dbKinds();
    const t = await createTestApp(kind ?? 'pglite');
    await t.app.inject({ url: '/api/menu', headers: { host: 'sofia.localhost' } });
    // The channel directory is cached now; closing the database makes the FAQ query fail.
    await t.database.close();
    try {
      const res = await t.app.inject({ url: '/api/faq', headers: { host: 'sofia.localhost' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: {
          status: 500,
          code: 'internal_error',
          message: 'Something went wrong. Please try again or contact technical support',
        },
      });
      expect((await t.app.inject('/readyz')).statusCode).toBe(503);
    } finally {
      await t.app.close();
    }
  });
});
