import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser } from '../support/browser';
import { SHARED_SERVER_ENV } from '../support/global-setup';
import { type RunningServer, startServer } from '../support/server';
import { visit } from '../support/visit';
import {
  expectControlsFit,
  findEvent,
  playerRegion,
  skipPreroll,
  videoState,
  visitOnPhone,
  waitForPlayback,
} from './watch';

/** Waits until the server's live feed is on the air: playback of a live game is granted. */
async function waitForLiveFeed(baseUrl: string, eventId: number) {
  const res = await fetch(`${baseUrl}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'hcn_demo_channel_key_localhost' }),
  });
  const key = ((await res.json()) as { data: { api_key: string } }).data.api_key;
  const until = Date.now() + 60_000;
  while ((await fetch(`${baseUrl}/api/events/${eventId}/playback?api_key=${key}`)).status !== 200) {
    if (Date.now() > until) throw new Error('the live feed did not start within a minute');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** How far the picture is behind the end of the live playlist, in seconds. */
const behind = async (page: Parameters<typeof videoState>[0]) => {
  const state = await videoState(page);
  return (state.liveEdge ?? 0) - state.currentTime;
};

// The shared server runs without the live encoder; this suite starts one of its own with it.
describe('watching live', () => {
  let server: RunningServer;
  let browser: Browser;
  let eventId: number;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      // One encoder at a time: the delay measured is the player's, not two real-time encoders sharing the CPU
      // with the browser (and the stream check's feed stops the game's, the least recently watched).
      startServer({ ...SHARED_SERVER_ENV, LIVE_SIMULATOR: 'true', LIVE_MAX_ENCODERS: '1' }),
      connectBrowser(),
    ]);
    eventId = (await findEvent(server.url, 'live', (e) => e.type === 'free')).id;
    await waitForLiveFeed(server.url, eventId);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('plays near the live edge, rewinds within the window and jumps back to live', async () => {
    const { context, page } = await visit(browser);
    await skipPreroll(page, eventId);
    await page.goto(`${server.url}/watch/${eventId}`);
    await waitForPlayback(page, 'live', 0.5);
    // The badge over the picture (the button below has a short "Live" of its own, shown on phones).
    await playerRegion(page).locator('[slot="top-chrome"]').getByText('Live', { exact: true }).waitFor();
    const goLive = page.getByRole('button', { name: 'Jump to live' });
    await expect.poll(() => behind(page)).toBeLessThan(5);
    await expect.poll(() => goLive.isDisabled()).toBe(true);

    // Enough of the window behind the playhead to rewind 10 s into it.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const v = document.querySelector('video') as HTMLVideoElement;
            return v.currentTime - v.seekable.start(0);
          }),
        { timeout: 40_000, interval: 500 },
      )
      .toBeGreaterThan(14);
    await playerRegion(page).focus();
    await page.keyboard.press('j');
    await expect.poll(() => behind(page)).toBeGreaterThan(8);
    await expect.poll(() => goLive.isEnabled(), { timeout: 5_000 }).toBe(true);
    // The rewind holds while the game plays on (the player does not pull the fan back to live by itself).
    const rewoundAt = (await videoState(page)).currentTime;
    await expect
      .poll(async () => (await videoState(page)).currentTime, { timeout: 10_000 })
      .toBeGreaterThan(rewoundAt + 2);
    expect(await behind(page)).toBeGreaterThan(6);

    await goLive.click();
    await expect.poll(() => behind(page), { timeout: 10_000 }).toBeLessThan(5);
    await expect.poll(() => goLive.isDisabled(), { timeout: 5_000 }).toBe(true);
    await context.close();
  });

  it("moves the remuxing to hls.js's worker once the page has settled, and the game plays on near live", async () => {
    const { context, page, errors } = await visit(browser);
    await skipPreroll(page, eventId);
    // Whether the page's video had its first frame when each of hls.js's workers was made.
    await page.addInitScript(() => {
      const made: boolean[] = [];
      Object.assign(window, { __workersMade: made });
      const Native = window.Worker;
      window.Worker = class extends Native {
        constructor(...args: ConstructorParameters<typeof Worker>) {
          super(...args);
          if (String(args[0]).includes('hls.worker'))
            made.push([...document.querySelectorAll('video')].some((v) => v.readyState >= 2));
        }
      };
    });
    await page.goto(`${server.url}/watch/${eventId}`);
    await waitForPlayback(page, 'live', 0.5);
    // The warm start remuxes on the page's thread (its first frame does not wait for the worker's start); a game
    // remuxes a segment a second for as long as it plays, so after the page's first seconds the worker takes over.
    const workersMade = () => page.evaluate(() => (window as unknown as { __workersMade: boolean[] }).__workersMade);
    await expect.poll(workersMade, { timeout: 30_000 }).toEqual([true]);
    const playedAt = (await videoState(page)).currentTime;
    await expect
      .poll(async () => (await videoState(page)).currentTime, { timeout: 10_000 })
      .toBeGreaterThan(playedAt + 3);
    await expect.poll(() => behind(page)).toBeLessThan(5);
    expect(await workersMade()).toEqual([true]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    { width: 360, language: 'en', short: 'Live', unmute: null },
    { width: 320, language: 'bg', short: 'На живо', unmute: null },
    { width: 320, language: 'bg', short: 'На живо', unmute: 'Включи звука' },
    { width: 320, language: 'fr', short: 'Direct', unmute: 'Activer le son' },
  ])(
    'fits every control in the player at $width px ($language, offering to unmute: $unmute)',
    async ({ short, ...phone }) => {
      const { context, page } = await visitOnPhone(browser, phone);
      await skipPreroll(page, eventId);
      await page.goto(`${server.url}/watch/${eventId}`);
      await waitForPlayback(page, 'live', 0.5);
      await expectControlsFit(page, phone.unmute);
      // The way back to live says just "live" here, and keeps its whole name for assistive technology.
      const goLive = page.locator('media-control-bar button');
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (one label is hidden)
      expect(await goLive.innerText()).toBe(short);
      expect(await goLive.getAttribute('aria-label')).not.toBe(short);
      await context.close();
    },
  );

  it('the stream check plays the test feed and shows its delay from the encoder clock', async () => {
    const { context, page } = await visit(browser);
    await page.goto(`${server.url}/simulate`);
    await page.getByRole('heading', { name: 'Stream check' }).waitFor();
    await waitForPlayback(page, 'live', 0.5);
    const latency = page.getByTestId('pdt-latency-ms');
    await expect
      .poll(async () => Number(await latency.getAttribute('data-value')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // The bench holds the player to 4 s; here it only has to be a believable live delay.
    expect(Number(await latency.getAttribute('data-value'))).toBeLessThan(8_000);
    expect(await page.getByTestId('rendition-height').textContent()).toMatch(/^\d{3}p$/);
    await context.close();
  });
});
