import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser } from '../support/browser';
import { guestKey } from '../support/catalogue';
import { type Encoder, startEncoder } from '../support/encoder';
import { SHARED_SERVER_ENV } from '../support/global-setup';
import { freePort, type RunningServer, startServer } from '../support/server';
import { type Credentials, signInThroughApi } from '../support/sign-in';
import { visit } from '../support/visit';
import { findEvent, playerRegion, skipPreroll, videoState, waitForPlayback } from './watch';

// Longer than the test waits after the encoder stops: the game ends because the operator says so, not by the grace
// period (which the API's ingest suites prove).
const GRACE_S = 120;
const OWNER: Credentials = { email: 'owner@heartland.example', password: 'Sideline-demo-1' };

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
      }),
      connectBrowser(),
    ]);
  });
  afterAll(async () => {
    await encoder?.stop();
    await browser?.close();
    await server?.stop();
  });

  it('the operator reads the key in the console and starts the encoder; a fan on the countdown sees the game start, and the replay when the operator ends it, without a reload', async () => {
    const game = await findEvent(server.url, 'upcoming', (e) => e.type === 'free');

    // The channel's owner opens the game in the console and copies the publish address OBS asks for.
    const operator = await visit(browser);
    await signInThroughApi(operator.page, OWNER, `${server.url}/404`);
    await operator.page.goto(`${server.url}/console/schedule/${game.id}`);
    const keyPanel = operator.page.getByRole('region', { name: 'Stream key' });
    const publishUrl = (await keyPanel.locator('dd').nth(2).locator('code').textContent()) ?? '';
    expect(publishUrl).toMatch(/^rtmp:\/\/[^/]+\/live\/sk_/);

    // The fan waits on the game's page two minutes before kick-off (the page's clock, set to then, runs on).
    const { context, page, errors } = await visit(browser);
    await skipPreroll(page, game.id);
    await page.clock.install({ time: game.event_utc_ts * 1000 - 120_000 });
    await page.goto(`${server.url}/watch/${game.id}`);
    await page.getByTestId('countdown').waitFor();
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // The crew starts its encoder early with that address (the host as seen from this machine): the game goes on
    // air, and the waiting page starts playing it.
    encoder = startEncoder(`rtmp://127.0.0.1:${rtmpPort}${new URL(publishUrl.replace(/^rtmp:/, 'http:')).pathname}`);
    await expect.poll(() => statusOf(server.url, game.id), { timeout: 30_000 }).toBe('live');
    await waitForPlayback(page, 'live', 1, 45_000);
    await playerRegion(page).locator('[slot="top-chrome"]').getByText('Live', { exact: true }).waitFor();
    // The encoder's own picture: 360 lines, the source's height (a ladder never goes above its source).
    await expect.poll(async () => (await videoState(page)).height).toBe(360);
    const played = (await videoState(page)).currentTime;
    await expect.poll(async () => (await videoState(page)).currentTime).toBeGreaterThan(played + 2);

    // The operator's page follows the encoder: connected, with the picture it sends.
    const health = operator.page.getByRole('region', { name: 'Ingest health' });
    await health.getByText('Encoder connected', { exact: true }).waitFor({ timeout: 30_000 });
    await health.getByText('640×360').waitFor({ timeout: 30_000 });

    // The encoder stops; the operator ends the game at once instead of waiting for the grace period. What was
    // streamed becomes its replay, which takes over in the open page where the fan was.
    await encoder.stop();
    encoder = undefined;
    const stoppedAt = (await videoState(page)).currentTime;
    operator.page.once('dialog', (dialog) => void dialog.accept());
    await operator.page.getByRole('button', { name: 'End game now' }).click();
    await expect.poll(() => statusOf(server.url, game.id), { timeout: 20_000 }).toBe('finished');
    await operator.context.close();
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
