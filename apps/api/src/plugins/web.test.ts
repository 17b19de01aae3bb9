import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { channelFileSchema, channelSettingsSchema } from '@sideline/contract/channel';
import { LISTING_KINDS, listingFirstPageAddress } from '@sideline/contract/listings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, guestKey, HEARTLAND_KEY, SOFIA_KEY, type TestApp } from '../../test/support/test-app';
import { BOOT_CALLS, PAGE_LISTING } from './web';

// A built page as Vite leaves it: the stream code's and the boot's placeholders, an inline early start, the splash.
const EARLY = 'window.early = 1;';
const GAME_CODE = '/assets/hls-Ab_1.js';
const INDEX = `<!doctype html><html lang="en"><head><title>Sideline</title><!--sideline-game-code:${GAME_CODE}--><!--sideline-boot--><script>${EARLY}</script>
<link rel="preload" href="/channel.json" as="fetch" crossorigin="anonymous" /><script type="module" src="/assets/app.js"></script></head>
<body><div id="root"><div class="boot-splash" aria-busy="true"><p class="boot-splash-label">Sideline</p></div></div></body></html>`;
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

/** The boot answers a page carries, by address. */
const bootOf = (html: string) =>
  JSON.parse(/<script id="sideline-boot" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

describe('the web page: boot answers, early start, compression', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'sideline-web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'assets/app.js'), APP_JS);
    await writeFile(path.join(dist, 'assets/app.js.br'), brotliCompressSync(APP_JS));
    await writeFile(path.join(dist, 'assets/app.js.gz'), gzipSync(APP_JS));
    // Few calls allowed per address: the page's own boot calls must not use them up.
    t = await createTestApp('pglite', { WEB_DIST_DIR: dist, RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string, host = 'localhost', encoding = 'identity') =>
    t.app.inject({ method: 'GET', url, headers: { host, 'accept-encoding': encoding } });

  it("carries the channel's startup answers, as the API gives them, for the channel of the host", async () => {
    const res = await page('/watch/5');
    expect(res.statusCode).toBe(200);
    const boot = bootOf(res.body);
    expect(Object.keys(boot).sort()).toEqual([...BOOT_CALLS].sort());
    expect(channelFileSchema.parse(boot['/channel.json']).name).toBe('Heartland Conference Network');
    const api = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { host: 'localhost' } });
    expect(boot['/api/settings']).toEqual(api.json());
    expect(channelSettingsSchema.parse(boot['/api/settings'].data).language).toBe('en');
    // The channel file is in the page: no separate download of it is started.
    expect(res.body).not.toContain('rel="preload" href="/channel.json"');

    const sofia = bootOf((await page('/', 'sofia.localhost:8080')).body);
    expect(sofia['/channel.json'].name).toBe('Спортна мрежа София');
  });

  it('keeps the answers from closing the script element they are in', async () => {
    const res = await page('/');
    const boot = /<script id="sideline-boot" type="application\/json">(.*?)<\/script>/s.exec(res.body)?.[1] ?? '';
    expect(boot).not.toMatch(/[<>]/);
    expect(boot.length).toBeGreaterThan(100);
  });

  it("starts the home page's first slide picture with the page, and only on the home page", async () => {
    const home = await page('/');
    const first = bootOf(home.body)['/api/slides/web?type=home'].data[0].image;
    expect(home.body).toContain(`<link rel="preload" as="image" href="${first}" fetchpriority="high">`);
    // The splash shows it while the app's code loads.
    expect(home.body).toContain(`<img class="boot-splash-picture" src="${first}" alt="" fetchpriority="high">`);
    for (const url of ['/about', '/favorites']) expect((await page(url)).body, url).not.toContain('as="image"');
  });

  it("carries a guest's first page of an unfiltered listing, as the API answers it, and starts its first picture", async () => {
    // This suite allows three API calls per visitor: each comparison comes from its own address.
    const visitor = (n: number) => ({ remoteAddress: `10.9.0.${n}` });
    const keyOf = async (channelKey: string, n: number): Promise<string> =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/get_api_key',
          payload: { channel_key: channelKey },
          ...visitor(n),
        })
      ).json().data.api_key;
    const key = await keyOf(HEARTLAND_KEY, 1);
    for (const [n, kind] of LISTING_KINDS.entries()) {
      const res = await page(`/${kind}`);
      const carried = bootOf(res.body)[PAGE_LISTING];
      const address = listingFirstPageAddress(kind);
      expect(carried.address).toBe(address);
      const api = await t.app.inject({ method: 'GET', url: `/api/${address}&api_key=${key}`, ...visitor(n + 2) });
      expect(api.statusCode).toBe(200);
      expect(carried.body, kind).toEqual(api.json());
      const first = carried.body.data[0]?.poster;
      if (first) expect(res.body).toContain(`<link rel="preload" as="image" href="${first}" fetchpriority="high">`);
      // One game among many: its picture downloads early but is not the splash's.
      expect(res.body).not.toContain('boot-splash-picture');
    }
    expect(bootOf((await page('/schedule')).body)[PAGE_LISTING].body.data.length).toBeGreaterThan(0);
    // A filtered listing is the fan's own address: nothing carried, nothing preloaded.
    const filtered = await page('/schedule?sport=1');
    expect(bootOf(filtered.body)[PAGE_LISTING]).toBeUndefined();
    expect(filtered.body).not.toContain('as="image"');
    // Another channel's schedule carries its own games.
    const sofiaKey = await keyOf(SOFIA_KEY, 9);
    const sofia = bootOf((await page('/schedule', 'sofia.localhost')).body)[PAGE_LISTING];
    const sofiaApi = await t.app.inject({
      method: 'GET',
      url: `/api/${listingFirstPageAddress('schedule')}&api_key=${sofiaKey}`,
      headers: { host: 'sofia.localhost' },
      ...visitor(9),
    });
    expect(sofia.body).toEqual(sofiaApi.json());
  });

  it("starts a game's picture with its page (the player's poster until the first frame), for its own channel only", async () => {
    const key = await guestKey(t.app);
    const events = await t.app.inject({ method: 'GET', url: `/api/events?limit=1&api_key=${key}` });
    const game = events.json().data[0];
    expect(game.poster).toMatch(/^\//);
    const preload = `<link rel="preload" as="image" href="${game.poster}" fetchpriority="high">`;
    const watch = (await page(`/watch/${game.id}`)).body;
    expect(watch).toContain(preload);
    expect(watch).toContain(`<img class="boot-splash-picture" src="${game.poster}" alt="" fetchpriority="high">`);
    expect((await page(`/watch_embed/${game.id}?autoplay=1`)).body).toContain(preload);
    // Another channel's page of the same number, a game that does not exist: no picture, and the page still comes.
    for (const [url, host] of [
      [`/watch/${game.id}`, 'sofia.localhost'],
      ['/watch/999999', 'localhost'],
      ['/watch/99999999999999999999', 'localhost'],
      ['/watch/4294967296', 'localhost'],
    ] as const) {
      const res = await page(url, host);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${host}${url}`).not.toContain('as="image"');
      expect(res.body, `${host}${url}`).not.toContain('boot-splash-picture');
    }
  });

  it("downloads the stream's code with a game's page, and only there", async () => {
    const preload = `<link rel="modulepreload" crossorigin href="${GAME_CODE}">`;
    for (const url of ['/watch/5', '/watch_embed/5', '/watch/999999'])
      expect((await page(url)).body, url).toContain(preload);
    for (const url of ['/', '/schedule', '/about', '/watch/5/extra']) {
      const body = (await page(url)).body;
      expect(body, url).not.toContain('modulepreload');
      expect(body, url).not.toContain('sideline-game-code');
    }
  });

  it('allows its inline early start by hash, and no other inline script', async () => {
    const res = await page('/');
    const policy = String(res.headers['content-security-policy']);
    const hash = createHash('sha256').update(EARLY).digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    const scripts = policy.split('; ').find((d) => d.startsWith('script-src')) ?? '';
    expect(scripts).not.toContain('unsafe-inline');
    expect(scripts.match(/'sha256-/g)).toHaveLength(1);
  });

  it('does not count its own boot calls against the visitor’s rate limit', async () => {
    for (let i = 0; i < 5; i++) expect((await page('/')).statusCode).toBe(200);
    expect(bootOf((await page('/')).body)['/api/settings']).toBeDefined();
  });

  it('sends the page compressed when the browser accepts it', async () => {
    const br = await page('/', 'localhost', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('id="sideline-boot"');
    const gz = await page('/', 'localhost', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('Heartland Conference Network');
    expect(br.headers.vary).toContain('accept-encoding');
  });

  it('sends built files from their precompressed copies, cached for a year', async () => {
    const res = await page('/assets/app.js', 'localhost', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
    expect(res.headers['cache-control']).toContain('immutable');
    const plain = await page('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('answers an unknown media or API address with a JSON 404, not the app’s page', async () => {
    for (const url of ['/media/e/5/token/../../../secrets/media-token', '/media/unknown', '/api/unknown']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
    expect((await page('/some/page')).headers['content-type']).toContain('text/html');
  });
});
