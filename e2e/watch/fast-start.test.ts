import { beforeAll, describe, expect, inject, it } from 'vitest';
import { changeBootAnswers } from '../support/boot-answers';
import { suiteBrowser } from '../support/browser';
import { visit } from '../support/visit';
import { findEvent, skipPreroll, waitForPlayback } from './watch';

/**
 * The watch page's fast start (docs/decisions/0006-fast-start.md): the calls it needs go out from the page itself
 * before the app's code runs, the stream starts loading before the player exists and the player takes it over,
 * and the controls are defined once the picture plays.
 */
describe('a game page starts fast', () => {
  const browser = suiteBrowser();
  let eventId: number;
  beforeAll(async () => {
    eventId = (await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'free')).id;
  });

  it('asks for the key and the game once each, plays the playback the page carries, and loads the stream once', async () => {
    const { context, page, requests, errors } = await visit(browser());
    await skipPreroll(page, eventId);
    // The order in which the page defines its custom elements (media-chrome's controller and controls).
    await page.addInitScript(() => {
      const names: string[] = [];
      const define = customElements.define.bind(customElements);
      Object.assign(window, { __definedElements: names });
      customElements.define = (name, ...rest) => {
        names.push(name);
        define(name, ...rest);
      };
    });
    await page.goto(`${inject('baseUrl')}/watch/${eventId}`);
    await waitForPlayback(page, 'vod', 1);

    const count = (pattern: RegExp) => requests.filter((r) => pattern.test(new URL(r.url()).pathname)).length;
    expect(count(/\/api\/get_api_key$/)).toBe(1);
    // A first visit plays the guest's playback the page carries (apps/api/src/plugins/web.ts): no round trip for it.
    expect(count(new RegExp(`/api/events/${eventId}/playback$`))).toBe(0);
    expect(count(new RegExp(`/api/events/${eventId}$`))).toBe(1);
    expect(count(/^\/(channel\.json|api\/(settings|menu|pages))$/)).toBe(0);
    // Each playlist once: the player took over the stream that started loading before it existed.
    const playlists = requests.filter((r) => r.url().includes('.m3u8')).map((r) => new URL(r.url()).pathname);
    expect(playlists.length).toBeGreaterThanOrEqual(2);
    expect(playlists.length).toBe(new Set(playlists).size);
    // The warm start remuxes on the page's thread: the first frame does not wait for hls.js's worker to start
    // (warm-stream.ts says why).
    expect(page.workers().map((w) => new URL(w.url()).pathname)).not.toContainEqual(
      expect.stringMatching(/^\/assets\/hls\.worker-[\w-]+\.js$/),
    );
    // It buffers a few seconds only until the player has it; then the player buffers as usual, well ahead.
    const bufferedAhead = () =>
      page.evaluate(() => {
        const video = document.querySelector('video');
        const ranges = video?.buffered;
        return video && ranges?.length ? ranges.end(ranges.length - 1) - video.currentTime : 0;
      });
    await expect.poll(bufferedAhead, { timeout: 15_000 }).toBeGreaterThan(12);

    // The controls' code is asked for only after the stream: it never holds the picture back.
    const order = requests.map((r) => new URL(r.url()).pathname);
    const controls = order.findIndex((p) => /\/player-controls-[\w-]+\.js$/.test(p));
    expect(controls).toBeGreaterThan(order.findIndex((p) => p.endsWith('.m3u8')));
    // Then the controls are there, in the page's language.
    await page
      .getByRole('button', { name: /^(Pause|Play)$/ })
      .first()
      .waitFor({ timeout: 10_000 });
    // Defined in turn, their code asked for after their controller's: the controller, the first buttons, the other
    // buttons, the seek bar, then the volume and the time (vite.config.ts). When the player's views held the
    // buttons' code, they were defined with the views.
    await page.evaluate(() => customElements.whenDefined('media-volume-range'));
    const defined = await page.evaluate(() => (window as unknown as { __definedElements: string[] }).__definedElements);
    const inTurn = ['media-controller', 'media-play-button', 'media-fullscreen-button', 'media-time-range'];
    expect(inTurn.map((tag) => defined.indexOf(tag))).toEqual(
      [...inTurn.map((tag) => defined.indexOf(tag))].sort((a, b) => a - b),
    );
    expect(defined.indexOf('media-controller')).toBeGreaterThanOrEqual(0);
    expect(defined.indexOf('media-time-range')).toBeLessThan(defined.indexOf('media-volume-range'));
    const asked = requests.map((r) => new URL(r.url()).pathname);
    const first = (chunk: string) => asked.findIndex((p) => new RegExp(`/${chunk}-[\\w-]+\\.js$`).test(p));
    const chunks = [
      'player-control-elements',
      'player-control-buttons',
      'player-control-ranges',
      'player-control-levels',
    ];
    expect(first(chunks[0] as string)).toBeGreaterThan(controls);
    expect(chunks.map(first)).toEqual([...chunks.map(first)].sort((a, b) => a - b));
    expect(Math.min(...chunks.map(first))).toBeGreaterThanOrEqual(0);
    // The game's picture started with the page, and the player shows it until its first frame (not a black box).
    const game = await findEvent(inject('baseUrl'), 'finished', (e) => e.id === eventId);
    expect(game.poster).toBeTruthy();
    const shell = order.findIndex((p) => /\/shell-[\w-]+\.js$/.test(p));
    expect(order.indexOf(String(game.poster))).toBeLessThan(shell);
    // So did the stream's code (the page's modulepreload): ahead of the shell, not once the early start runs.
    const stream = order.findIndex((p) => /\/hls-[\w-]+\.js$/.test(p));
    expect(stream).toBeGreaterThanOrEqual(0);
    expect(stream).toBeLessThan(shell);
    expect(await page.locator('video').first().getAttribute('poster')).toBe(game.poster);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the game's first frame in the splash while the app's code is still loading, and the player keeps that video", async () => {
    const { context, page, errors } = await visit(browser());
    // A game without a preroll (the demo plays one before every game): the early start loads its stream itself.
    await changeBootAnswers(page, (answers) => ({ ...answers, playback: { ...answers.playback, preroll: null } }));
    // A slow phone: the app's entry arrives a second and a half late, the stream's own code does not.
    await page.route(/\/assets\/shell-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // How ready the player's video is as it joins the page: 2 and up means a frame to show.
    await page.addInitScript(() => {
      new MutationObserver((changes, observer) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if (node instanceof Element && (node.matches('video') || node.querySelector('video'))) {
              const video = (node.matches('video') ? node : node.querySelector('video')) as HTMLVideoElement;
              Object.assign(window, {
                readyAtInsert: video.readyState,
                firstVideo: video,
                inSplash: !!video.closest('.boot-splash'),
                // The app's entry has not run yet: the page still shows the server's splash.
                appRunning: !document.querySelector('.boot-splash[aria-busy]'),
              });
              observer.disconnect();
            }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${inject('baseUrl')}/watch/${eventId}`);
    await waitForPlayback(page, 'vod', 1);
    const first = await page.evaluate(() => {
      const w = window as unknown as { readyAtInsert?: number; inSplash?: boolean; appRunning?: boolean };
      return { readyAtInsert: w.readyAtInsert, inSplash: w.inSplash, appRunning: w.appRunning };
    });
    // A frame to show as it joins the page (2 and up), in the server's splash, before the app's code ran.
    expect(first).toEqual({ readyAtInsert: expect.any(Number), inSplash: true, appRunning: false });
    expect(first.readyAtInsert).toBeGreaterThanOrEqual(2);
    // The player plays in that same element (no second start), and it is no longer hidden from assistive tech.
    expect(
      await page.evaluate(() => document.querySelector('video') === (window as { firstVideo?: unknown }).firstVideo),
    ).toBe(true);
    expect(await page.locator('video').first().getAttribute('aria-hidden')).toBeNull();
    expect(await page.locator('.boot-splash').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the app after a short wait when the stream never answers', async () => {
    const { context, page } = await visit(browser());
    await changeBootAnswers(page, (answers) => ({ ...answers, playback: { ...answers.playback, preroll: null } }));
    // The game's playlists never answer: the early start never shows a frame, and hls.js would wait far longer
    // (its own limits are tens of seconds) before it gives up and lets the app start.
    let asked = 0;
    await page.route(/\.m3u8(\?|$)/, () => {
      asked++;
    });
    await page.goto(`${inject('baseUrl')}/watch/${eventId}`);
    // The app's entry waits for the frame only a moment (FIRST_FRAME_WAIT_MS, build/start-after-first-paint.ts),
    // then replaces the server's splash with the page.
    await page.locator('.boot-splash[aria-busy]').waitFor({ state: 'detached', timeout: 8000 });
    await page.getByRole('banner').waitFor({ timeout: 8000 });
    expect(asked).toBeGreaterThan(0);
    await context.close();
  });
});
