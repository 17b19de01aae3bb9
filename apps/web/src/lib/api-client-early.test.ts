import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import type { EarlyAnswer } from './early-answers';
import { createStorage, memoryStorage } from './storage';

/** A real HTTP server that counts what reaches it: an early answer taken means one request fewer. */
let server: Server;
let baseUrl: string;
let hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(`${req.method} ${url.pathname}`);
    res.writeHead(url.pathname.endsWith('/get_api_key') ? 201 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: url.pathname.endsWith('/get_api_key') ? { api_key: 'net-key' } : { from: 'net' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  hits = [];
});

/** A client whose page already holds `answers` (by "METHOD /api/path?query"), taken once like the real ones. */
function client(answers: Record<string, EarlyAnswer | null>, key?: string) {
  const storage = createStorage(memoryStorage());
  if (key) storage.set('api-key', key);
  const left = new Map(Object.entries(answers));
  const early = (method: string, address: string) => {
    const id = `${method} ${address}`;
    if (!left.has(id)) return undefined;
    const answer = left.get(id) ?? null;
    left.delete(id);
    return Promise.resolve(answer);
  };
  return {
    api: createApiClient({ baseUrl, channelKey: 'chan-1', storage, events: new EventTarget(), early }),
    storage,
  };
}

describe('api client: answers the page already has', () => {
  it('takes a boot answer for a static call once, then asks the network', async () => {
    const { api } = client({ 'GET /api/menu': { status: 200, body: { data: { from: 'page' } } } });
    expect(await api.get('/menu', { static: true })).toEqual({ data: { from: 'page' } });
    expect(hits).toEqual([]);
    expect(await api.get('/menu', { static: true })).toEqual({ data: { from: 'net' } });
    expect(hits).toEqual(['GET /api/menu']);
  });

  it('takes the early key, stores it, and uses the early answer made with it', async () => {
    const { api, storage } = client({
      'POST /api/get_api_key': { status: 201, body: { data: { api_key: 'early-key' } } },
      'GET /api/events/5/playback': { status: 200, body: { data: { from: 'page' } }, key: 'early-key' },
    });
    expect(await api.get('/events/5/playback')).toEqual({ data: { from: 'page' } });
    expect(storage.get('api-key')).toBe('early-key');
    expect(hits).toEqual([]);
  });

  it('ignores an early answer made with another key than the one the request carries', async () => {
    const { api } = client(
      { 'GET /api/profile': { status: 200, body: { data: { from: 'page' } }, key: 'old-key' } },
      'stored-key',
    );
    expect(await api.get('/profile')).toEqual({ data: { from: 'net' } });
    expect(hits).toEqual(['GET /api/profile']);
  });

  it('asks the network when the early call failed on the network', async () => {
    const { api } = client({ 'GET /api/events/5': null }, 'stored-key');
    expect(await api.get('/events/5')).toEqual({ data: { from: 'net' } });
    expect(hits).toEqual(['GET /api/events/5']);
  });

  it('turns an early error answer into the API error it carries', async () => {
    const body = { error: { status: 403, code: 'geo_blocked', message: 'Not in your region' } };
    const { api } = client({ 'GET /api/events/5/playback': { status: 403, body, key: 'stored-key' } }, 'stored-key');
    const error = await api.get('/events/5/playback', { quiet: [403] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'geo_blocked' });
    expect(hits).toEqual([]);
  });
});
