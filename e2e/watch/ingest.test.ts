import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser } from '../support/browser';
import { guestKey } from '../support/catalogue';
import { type Encoder, startEncoder } from '../support/encoder';
import { SHARED_SERVER_ENV } from '../support/global-setup';
import { freePort, type RunningServer, startServer } from '../support/server';
import { visit } from '../support/visit';
import { findEvent, playerRegion, skipPreroll, videoState, waitForPlayback } from './watch';

const OPERATOR_TOKEN = 'e2e-operator-token-for-the-ingest-suite';
const GRACE_S = 4;

/** The game's stream key, as an operator reads it (the operator-token call the console will replace). */
async function streamKeyOf(baseUrl: string, eventId: number): Promise<string> {
  const res = await fetch(`${baseUrl}/api/operator/events/${eventId}/stream-key`, {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  if (res.status !== 200) throw new Error(`stream key answered ${res.status}`);
  return ((await res.json()) as { data: { key: string } }).data.key;
}

/** The game's stream status as a guest's listing call sees it. */
async function statusOf(baseUrl: string, eventId: number): Promise<string> {
  const key = encodeURIComponent(await guestKey(baseUrl));
  const res = await fetch(`${baseUrl}/api/events/${eventId}?api_key=${key}`);
  return ((await res.json()) as { data: { stream_status: string } }).data.stream_status;
}

// A server of its own: no simulated feed at all, so the only picture a fan can get is the encoder's.
describe('a game streamed from an encoder', () => {
  let server: RunningServer;
  let browser: Browser;
  let rtmpPort: number;
  let encoder: Encoder | undefined;
  beforeAll(async () => {
    rtmpPort = await freePort();
    [server, browser] = await Promise.all([
      startServer({
        ...SHARED_SERVER_ENV,
        LIVE_SIMULATOR: 'false',
        INGEST_ENABLED: 'true',
        RTMP_PORT: String(rtmpPort),
        LIVE_GRACE_S: String(GRACE_S),
        OPERATOR_TOKEN,
      }),
      connectBrowser(),
    ]);
  });
  afterAll(async () => {
    await encoder?.stop();
    await browser?.close();
    await server?.stop();
  });

  it('a fan on the countdown sees the game start when the encoder connects, and the replay when it stops, without a reload', async () => {
    const game = await findEvent(server.url, 'upcoming', (e) => e.type === 'free');
    const key = await streamKeyOf(server.url, game.id);

    // The fan waits on the game's page two minutes before kick-off (the page's clock, set to then, runs on).
    const { context, page, errors } = await visit(browser);
    await skipPreroll(page, game.id);
    await page.clock.install({ time: game.event_utc_ts * 1000 - 120_000 });
    await page.goto(`${server.url}/watch/${game.id}`);
    await page.getByTestId('countdown').waitFor();
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // The crew starts its encoder early: the game goes on air, and the waiting page starts playing it.
    encoder = startEncoder(`rtmp://127.0.0.1:${rtmpPort}/live/${key}`);
    await expect.poll(() => statusOf(server.url, game.id), { timeout: 30_000 }).toBe('live');
    await waitForPlayback(page, 'live', 1, 45_000);
    await playerRegion(page).locator('[slot="top-chrome"]').getByText('Live', { exact: true }).waitFor();
    // The encoder's own picture: 360 lines, the source's height (a ladder never goes above its source).
    await expect.poll(async () => (await videoState(page)).height).toBe(360);
    const played = (await videoState(page)).currentTime;
    await expect.poll(async () => (await videoState(page)).currentTime).toBeGreaterThan(played + 2);

    // The encoder stops for longer than the grace period: the game ends, and what was streamed becomes its replay,
    // which takes over in the open page where the fan was.
    await encoder.stop();
    encoder = undefined;
    const stoppedAt = (await videoState(page)).currentTime;
    await expect.poll(() => statusOf(server.url, game.id), { timeout: (GRACE_S + 20) * 1000 }).toBe('finished');
    await waitForPlayback(page, 'vod', stoppedAt - 3, 30_000);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    const replay = await page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).duration);
    expect(replay).toBeGreaterThan(played + 2);
    // A later visit plays the replay from its start.
    await page.goto(`${server.url}/watch/${game.id}`);
    await waitForPlayback(page, 'vod', 0.5);
    expect((await videoState(page)).currentTime).toBeLessThan(stoppedAt);
    expect(errors).toEqual([]);
    await context.close();
  });
});
