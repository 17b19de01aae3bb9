import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { createStorage, memoryStorage } from './storage';

/**
 * Cancellation: TanStack Query hands every query an AbortSignal and aborts it when the query is no longer
 * wanted (the schedule's filters changed). The client must stop the request then, quietly.
 */
let server: Server;
let baseUrl: string;
let hits: string[] = [];
/** Requests to /slow are held until released, so a test can abort them mid-flight. */
const held: ServerResponse[] = [];

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api/, '');
    hits.push(path);
    if (path === '/get_api_key') return json(res, 201, { data: { api_key: 'fresh' } });
    if (path === '/slow') return void held.push(res);
    if (path === '/key-error') {
      return json(res, 401, { error: { status: 401, code: 'api_key_invalid', field: 'api_key', message: 'bad key' } });
    }
    json(res, 200, { data: { ok: true } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => {
  for (const res of held) json(res, 200, { data: null });
  return new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  hits = [];
});

function client(retryDelayMs = 1000) {
  const storage = createStorage(memoryStorage());
  storage.set('api-key', 'stored');
  const hooks = { report: vi.fn(), onUnauthorized: vi.fn(), onKeyReset: vi.fn() };
  const api = createApiClient({ baseUrl, channelKey: 'chan', storage, hooks, retryDelayMs, events: new EventTarget() });
  return { api, hooks };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('api client: a caller can cancel', () => {
  it('aborts the request in flight with an AbortError, and reports nothing', async () => {
    const { api, hooks } = client();
    const controller = new AbortController();
    const request = api.get('/slow', { signal: controller.signal });
    await until(() => hits.includes('/slow'));
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(hooks.report).not.toHaveBeenCalled();
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends nothing for a signal that is already aborted', async () => {
    const { api } = client();
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/events', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(hits).toEqual([]);
  });

  it('does not share a cancellable request with an identical one', async () => {
    const { api } = client();
    const controller = new AbortController();
    const cancelled = api.get('/slow', { signal: controller.signal });
    const kept = api.get<{ data: unknown }>('/slow');
    await until(() => hits.filter((h) => h === '/slow').length === 2);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    for (const res of held.splice(0)) json(res, 200, { data: 'answer' });
    await expect(kept).resolves.toEqual({ data: 'answer' });
  });

  it('gives up the key-error retry when cancelled during its wait', async () => {
    const { api, hooks } = client(60_000);
    const controller = new AbortController();
    const request = api.get('/key-error', { signal: controller.signal });
    await until(() => hooks.onKeyReset.mock.calls.length === 1);
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(hits.filter((h) => h === '/key-error')).toHaveLength(1);
  });
});
