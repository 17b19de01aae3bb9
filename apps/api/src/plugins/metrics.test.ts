import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';

const TOKEN = 'operator-token-0123456789abcdef';

describe('metrics and request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { OPERATOR_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('counts requests by route pattern and status, never by raw address', async () => {
    await t.app.inject({ url: '/api/menu', headers: { host: 'localhost' } });
    await t.app.inject({ url: '/api/events/123456789', headers: { host: 'localhost' } });
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/sideline_http_requests_total\{method="GET",route="\/api\/menu",status="200"\} 1/);
    expect(res.body).toMatch(/sideline_http_requests_total\{method="GET",route="\/api\/events\/:id",status="401"\} 1/);
    expect(res.body).not.toContain('123456789');
    expect(res.body).toContain('sideline_active_viewers 0');
    expect(res.body).toContain('sideline_process_cpu_seconds_total');
  });

  it('needs the operator token', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
  });

  it('carries the entry point’s request id, or makes one, and answers it', async () => {
    const given = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'nginx-abc.123' } });
    expect(given.headers['x-request-id']).toBe('nginx-abc.123');
    const made = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
