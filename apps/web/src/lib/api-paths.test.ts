import { describe, expect, it } from 'vitest';
import { api, configureApi } from './api-client';
import { fillPath } from './api-paths';
import { createStorage, memoryStorage } from './storage';

describe('fillPath', () => {
  it('puts each parameter in its segment, encoded', () => {
    expect(fillPath('/events/{id}/playback', { id: 12 })).toBe('/events/12/playback');
    expect(fillPath('/pages/{url}', { url: 'a/b c?' })).toBe('/pages/a%2Fb%20c%3F');
  });

  it('refuses a template whose parameter is missing', () => {
    expect(() => fillPath('/events/{id}', {})).toThrow(/id/);
  });
});

describe('the typed app client', () => {
  it('sends a typed call to the filled path, with the key where the spec puts it', async () => {
    const sent: { method: string; url: URL; body: unknown }[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      sent.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const body = url.pathname.endsWith('/get_api_key') ? { data: { api_key: 'guest-key' } } : { data: { id: 5 } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    configureApi({
      baseUrl: 'http://api.test/api',
      channelKey: 'chan',
      storage: createStorage(memoryStorage()),
      fetch: fakeFetch,
      events: new EventTarget(),
    });

    const answer = await api.get('/events/{id}', { path: { id: 5 } });
    expect(answer).toEqual({ data: { id: 5 } });
    const get = sent.find((s) => s.method === 'GET');
    expect(get?.url.pathname).toBe('/api/events/5');
    expect(get?.url.searchParams.get('api_key')).toBe('guest-key');

    await api.delete('/favorite/{id}', { path: { id: 9 } });
    expect(sent.at(-1)?.url.pathname).toBe('/api/favorite/9');

    await api.post('/favorite', { body: { favoritable_id: 3, favoritable_type: 'participant' } });
    expect(sent.at(-1)?.body).toEqual({ favoritable_id: 3, favoritable_type: 'participant', api_key: 'guest-key' });
  });
});
