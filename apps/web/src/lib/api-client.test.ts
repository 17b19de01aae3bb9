import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KEY_ERROR_RETRY_DELAY_MS, REQUEST_TIMEOUT_MS } from '@sideline/contract/constants';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_ERROR_EVENT, type ApiHooks, type ApiKeyErrorDetail, createApiClient } from './api-client';
import { ApiError } from './api-error';
import { createStorage, memoryStorage } from './storage';

type Hit = { method: string; path: string; query: URLSearchParams; body: Record<string, unknown> | null };
type Handler = (hit: Hit, res: ServerResponse, n: number) => void;

/** A real HTTP server: each test says how paths answer and reads what the client sent. */
let server: Server;
let baseUrl: string;
let hits: Hit[] = [];
let handlers: Record<string, Handler> = {};
let issued = 0;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const keyError = {
  error: { status: 401, code: 'api_key_invalid', field: 'api_key', message: 'No channel or api key found' },
};

async function readBody(req: IncomingMessage) {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/api/, '');
    const hit: Hit = { method: req.method ?? 'GET', path, query: url.searchParams, body: await readBody(req) };
    hits.push(hit);
    const n = hits.filter((h) => h.path === path).length;
    if (path === '/get_api_key' && !handlers[path]) return json(res, 201, { data: { api_key: `key-${++issued}` } });
    const handler = handlers[path];
    if (handler) return handler(hit, res, n);
    json(res, 200, { data: { ok: true } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  hits = [];
  handlers = {};
  issued = 0;
});

function client(opts: { hooks?: ApiHooks; timeoutMs?: number; retryDelayMs?: number; key?: string } = {}) {
  const storage = createStorage(memoryStorage());
  if (opts.key) storage.set('api-key', opts.key);
  const events = new EventTarget();
  const api = createApiClient({ baseUrl, channelKey: 'chan-1', storage, events, ...opts });
  return { api, storage, events };
}
const hitsTo = (path: string) => hits.filter((h) => h.path === path);

describe('api client: where the key goes', () => {
  it('puts api_key in the query string for GET and DELETE', async () => {
    const { api } = client({ key: 'stored' });
    await api.get('/favorites', { query: { limit: 5 } });
    await api.delete('/favorite/3');
    expect(hitsTo('/favorites')[0]?.query.get('api_key')).toBe('stored');
    expect(hitsTo('/favorites')[0]?.query.get('limit')).toBe('5');
    expect(hitsTo('/favorite/3')[0]?.query.get('api_key')).toBe('stored');
    expect(hitsTo('/favorite/3')[0]?.body).toBeNull();
  });

  it('puts api_key in the JSON body for POST, PUT and PATCH, never in the query', async () => {
    const { api } = client({ key: 'stored' });
    await api.post('/favorite', { body: { favoritable_id: 4 } });
    await api.put('/thing', { body: { a: 1 } });
    await api.patch('/thing2');
    expect(hitsTo('/favorite')[0]?.body).toEqual({ favoritable_id: 4, api_key: 'stored' });
    expect(hitsTo('/favorite')[0]?.query.has('api_key')).toBe(false);
    expect(hitsTo('/thing')[0]?.body).toEqual({ a: 1, api_key: 'stored' });
    expect(hitsTo('/thing2')[0]?.body).toEqual({ api_key: 'stored' });
  });

  it('sends static calls with no key and no extra query field, and fetches no key for them', async () => {
    const { api } = client();
    await api.get('/slides/web', { static: true, query: { type: 'home' } });
    const hit = hitsTo('/slides/web')[0];
    expect([...(hit?.query.keys() ?? [])]).toEqual(['type']);
    expect(hitsTo('/get_api_key')).toHaveLength(0);
  });

  it('fetches a key once with the channel key, keeps it in storage and reuses it', async () => {
    const { api, storage } = client();
    await Promise.all([api.get('/a'), api.get('/b')]);
    await api.get('/c');
    expect(hitsTo('/get_api_key')).toHaveLength(1);
    expect(hitsTo('/get_api_key')[0]?.body).toEqual({ channel_key: 'chan-1' });
    expect(storage.get('api-key')).toBe('key-1');
    expect(hits.filter((h) => h.path !== '/get_api_key').every((h) => h.query.get('api_key') === 'key-1')).toBe(true);
  });
});

describe('api client: sharing, timeout and statuses', () => {
  it('shares one network request between identical requests in flight', async () => {
    handlers['/events'] = (_h, res) => setTimeout(() => json(res, 200, { data: [1] }), 50);
    const { api } = client({ key: 'k' });
    const results = await Promise.all([
      api.get('/events', { query: { limit: 2 } }),
      api.get('/events', { query: { limit: 2 } }),
      api.get('/events', { query: { limit: 2 } }),
    ]);
    expect(results).toEqual([{ data: [1] }, { data: [1] }, { data: [1] }]);
    expect(hitsTo('/events')).toHaveLength(1);
    await api.get('/events', { query: { limit: 3 } });
    expect(hitsTo('/events')).toHaveLength(2);
  });

  it('gives up after the timeout (30 s by default) with a timeout error', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    handlers['/slow'] = (_h, res) => setTimeout(() => json(res, 200, {}), 500);
    const report = vi.fn();
    const { api } = client({ key: 'k', timeoutMs: 80, hooks: { report } });
    const error = await api.get('/slow').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'timeout' });
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('treats 429 as a global error: reported to the hook, rejected, not retried', async () => {
    handlers['/busy'] = (_h, res) =>
      json(res, 429, { error: { status: 429, code: 'rate_limited', message: 'Too many requests' } });
    const onRateLimited = vi.fn();
    const report = vi.fn();
    const { api } = client({ key: 'k', hooks: { onRateLimited, report } });
    await expect(api.get('/busy')).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    expect(onRateLimited).toHaveBeenCalledTimes(1);
    expect(hitsTo('/busy')).toHaveLength(1);
    expect(report).not.toHaveBeenCalled();
  });

  it('resets the user on a 401, except on calls that expect it (the profile call)', async () => {
    handlers['/orders'] = (_h, res) =>
      json(res, 401, { error: { status: 401, code: 'login_required', message: 'user must be logged in' } });
    handlers['/profile'] = handlers['/orders'];
    const onUnauthorized = vi.fn();
    const report = vi.fn();
    const { api } = client({ key: 'k', hooks: { onUnauthorized, report } });
    await expect(api.get('/profile', { quiet: [401, 404] })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(api.get('/orders')).rejects.toMatchObject({ status: 401, code: 'login_required' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(report).not.toHaveBeenCalled();
    expect(hitsTo('/get_api_key')).toHaveLength(0);
  });

  it('reports server failures and network errors but not skipped statuses, without the key in the url', async () => {
    handlers['/boom'] = (_h, res) =>
      json(res, 500, { error: { status: 500, code: 'internal_error', message: 'Something went wrong' } });
    handlers['/missing'] = (_h, res) =>
      json(res, 404, { error: { status: 404, code: 'not_found', message: 'Not found' } });
    handlers['/cut'] = (_h, res) => res.socket?.destroy();
    const report = vi.fn();
    const { api } = client({ key: 'secret', hooks: { report } });
    await expect(api.get('/boom')).rejects.toMatchObject({ status: 500 });
    await expect(api.get('/missing')).rejects.toMatchObject({ status: 404 });
    await expect(api.get('/cut')).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(report.mock.calls.map(([e]) => (e as ApiError).url)).toEqual([`${baseUrl}/boom`, `${baseUrl}/cut`]);
  });
});

describe('api client: key errors', () => {
  it('drops the key, fetches a new one and retries once after 1 s', async () => {
    expect(KEY_ERROR_RETRY_DELAY_MS).toBe(1_000);
    handlers['/profile'] = (hit, res) =>
      hit.query.get('api_key') === 'expired' ? json(res, 401, keyError) : json(res, 200, { data: { id: 1 } });
    const onKeyReset = vi.fn();
    const { api, storage } = client({ key: 'expired', hooks: { onKeyReset } });
    const started = Date.now();
    await expect(api.get('/profile')).resolves.toEqual({ data: { id: 1 } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(hitsTo('/profile').map((h) => h.query.get('api_key'))).toEqual(['expired', 'key-1']);
    expect(storage.get('api-key')).toBe('key-1');
    expect(onKeyReset).toHaveBeenCalledTimes(1);
  });

  it('makes one new key for many requests failing together', async () => {
    handlers['/a'] = (hit, res) => (hit.query.get('api_key') === 'old' ? json(res, 401, keyError) : json(res, 200, {}));
    handlers['/b'] = handlers['/a'];
    const { api } = client({ key: 'old', retryDelayMs: 10 });
    await Promise.all([api.get('/a'), api.get('/b'), api.post('/a')]);
    expect(hitsTo('/get_api_key')).toHaveLength(1);
  });

  it('recognises an error that names the channel key in its field, whatever its code and text', async () => {
    const named = { status: 400, code: 'validation_failed', message: 'anything', field: 'channel_key' };
    handlers['/x'] = (hit, res, n) => (n === 1 ? json(res, 400, { error: named }) : json(res, 200, { data: hit.body }));
    const { api } = client({ key: 'k', retryDelayMs: 10 });
    await expect(api.post('/x', { body: { a: 1 } })).resolves.toEqual({ data: { a: 1, api_key: 'key-1' } });
  });

  it('does not read an error’s English: naming a key in the text alone is no key error', async () => {
    const text = { status: 400, code: 'validation_failed', message: 'body.channel_key: Required' };
    handlers['/y'] = (_h, res) => json(res, 400, { error: text });
    const { api } = client({ key: 'k', retryDelayMs: 10 });
    await expect(api.post('/y', { body: {} })).rejects.toMatchObject({ code: 'validation_failed' });
    expect(hitsTo('/get_api_key')).toHaveLength(0);
  });

  it('still failing after the retry: a window event carries the error and url', async () => {
    handlers['/profile'] = (_h, res) => json(res, 401, keyError);
    const { api, events } = client({ key: 'k', retryDelayMs: 10 });
    const seen: ApiKeyErrorDetail[] = [];
    events.addEventListener(API_KEY_ERROR_EVENT, (e) => seen.push((e as CustomEvent<ApiKeyErrorDetail>).detail));
    await expect(api.get('/profile')).rejects.toMatchObject({ code: 'api_key_invalid' });
    expect(hitsTo('/profile')).toHaveLength(2);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe(`${baseUrl}/profile`);
    expect(seen[0]?.error.code).toBe('api_key_invalid');
  });

  it('a failing key call is a key failure too (the technical-difficulties case)', async () => {
    handlers['/get_api_key'] = (_h, res) =>
      json(res, 503, { error: { status: 503, code: 'service_unavailable', message: 'down' } });
    const report = vi.fn();
    const { api, events } = client({ hooks: { report } });
    const seen = vi.fn();
    events.addEventListener(API_KEY_ERROR_EVENT, seen);
    await expect(api.get('/profile')).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ status: 503, url: `${baseUrl}/get_api_key` }));
    expect(hitsTo('/profile')).toHaveLength(0);
  });

  it('dispatches the key-error event on window by default', async () => {
    handlers['/profile'] = (_h, res) => json(res, 401, keyError);
    const storage = createStorage(memoryStorage());
    storage.set('api-key', 'k');
    const api = createApiClient({ baseUrl, channelKey: 'c', storage, retryDelayMs: 1 });
    const seen = vi.fn();
    window.addEventListener(API_KEY_ERROR_EVENT, seen);
    await api.get('/profile').catch(() => undefined);
    window.removeEventListener(API_KEY_ERROR_EVENT, seen);
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
