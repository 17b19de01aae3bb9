import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';

type RawAnswer = { status: number; headers: Record<string, string>; body: string; raw: string };

/**
 * Requests Node's HTTP parser refuses never reach Fastify's routing, so `app.inject` cannot make them: these go
 * over a real socket to the app listening on a free port, as raw request text.
 */
describe('requests refused before routing answer in the common error body', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Writes the request text and reads everything the server sends until it closes the connection. */
  const rawRequest = (text: string) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      // The server may close while a long request is still being written: what it answered is what counts.
      socket.on('error', () => {});
      socket.on('close', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
        const [statusLine = '', ...lines] = head.split('\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1]);
        if (!status) return reject(new Error(`no HTTP answer: ${JSON.stringify(raw.slice(0, 200))}`));
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        resolve({ status, headers, body, raw });
      });
      socket.write(text);
    });

  const expectErrorBody = (res: RawAnswer, status: number, code: string) => {
    expect(res.status).toBe(status);
    const body = JSON.parse(res.body);
    expect(body).toEqual({ error: { status, code, message: expect.any(String) } });
    expect(res.headers['content-type']).toMatch(/^application\/json\b/);
    expect(res.headers.connection).toBe('close');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    expect(body.error.message.length).toBeGreaterThan(0);
    // One answer only: nothing of Fastify's or Node's own.
    expect(res.raw.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    return body.error.message as string;
  };

  it('answers a query string over the header limit with 431, without echoing it', async () => {
    const filler = 'q'.repeat(100_000);
    const res = await rawRequest(`GET /api/menu?x=${filler} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const message = expectErrorBody(res, 431, 'request_header_fields_too_large');
    expect(message).not.toContain('qqqq');
  });

  it('answers headers over the limit with 431', async () => {
    const res = await rawRequest(`GET /api/menu HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`);
    expectErrorBody(res, 431, 'request_header_fields_too_large');
  });

  it('answers a Content-Length shorter than the body with 400 (the rest does not parse as a request)', async () => {
    const res = await rawRequest(
      'POST /api/get_api_key HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 5\r\n\r\n{"a":1,"b":2}',
    );
    const message = expectErrorBody(res, 400, 'bad_request');
    expect(message).not.toContain('"b"');
  });

  it('answers a Content-Length that is not a number, or given twice, with 400 content_length_invalid', async () => {
    for (const lengths of ['Content-Length: abc', 'Content-Length: 5\r\nContent-Length: 6']) {
      const res = await rawRequest(
        `POST /api/get_api_key HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${lengths}\r\n\r\n{"a":1}`,
      );
      expectErrorBody(res, 400, 'content_length_invalid');
    }
  });

  it('answers a broken chunked body with 400', async () => {
    const res = await rawRequest(
      'POST /api/get_api_key HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nzz\r\n{"a":1}\r\n0\r\n\r\n',
    );
    expectErrorBody(res, 400, 'bad_request');
  });

  it('still answers a normal request on the same server afterwards', async () => {
    const res = await rawRequest('GET /api/menu HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json\b/);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  });
});
