import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_GLOBAL, bootValue } from '../src/lib/boot-object.ts';
import { earlyStart } from './early-start.ts';

type Handler = (html: string, ctx: object) => string;

/** The early start as the page carries it (development build: no chunks), run as the page runs it. */
function runEarlyStart() {
  const plugin = earlyStart();
  const html = (plugin.transformIndexHtml as { handler: Handler }).handler('<!--sideline-early-->', {});
  const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
  new Function(script)();
}

describe('the early start', () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>)[BOOT_GLOBAL];
    document.body.innerHTML = '';
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("files the page's answers and its own calls in the boot object the app reads", () => {
    document.body.innerHTML = `<script type="application/json" id="sideline-boot">${JSON.stringify({
      '/channel.json': { api_host: '/api/', channel_key: 'demo' },
    })}</script>`;
    const fetch = vi.fn(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetch);
    runEarlyStart();
    const early = bootValue('early');
    expect(early).toBeInstanceOf(Map);
    expect([...(early?.keys() ?? [])]).toEqual(['GET /channel.json', 'POST /api/get_api_key']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('makes the boot object on a page without answers too', () => {
    runEarlyStart();
    expect((globalThis as Record<string, unknown>)[BOOT_GLOBAL]).toEqual({});
  });
});
