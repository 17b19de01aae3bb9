import type { Event } from '@sideline/contract/events';
import { describe, expect, inject, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { signInAsFan } from '../support/sign-in';
import { visit, where } from '../support/visit';
import { findEvent, skipPreroll, waitForPlayback } from './watch';

describe('the watch page’s screens', () => {
  const browser = suiteBrowser();

  it('a paid game shows a signed-in fan what to buy', async () => {
    const event = await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'paid' && e.base_price > 0);
    const { context, page } = await visit(browser());
    await signInAsFan(page);
    await page.goto(`${inject('baseUrl')}/watch/${event.id}`);
    const screen = page.getByRole('region', { name: 'Get access to this game' });
    await screen.waitFor();
    await screen.getByText(/This game: \$\d+\.\d\d/).waitFor();
    const buy = screen.getByRole('link', { name: 'Buy this game' });
    // Through the channel's single-event package, found in its passes (the link gains it once the passes are in).
    await expect
      .poll(() => buy.getAttribute('href'), { timeout: 10_000 })
      .toMatch(new RegExp(`^/buy\\?event_id=${event.id}&package_id=\\d+$`));
    await screen.getByRole('link', { name: 'See the passes' }).click();
    await page.waitForURL('**/packages');
    expect(await page.locator('video').count()).toBe(0);
    await context.close();
  });

  it('a game for registered fans asks a guest to sign in, and brings them back after', async () => {
    const event = await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'register');
    const { context, page } = await visit(browser());
    await page.goto(`${inject('baseUrl')}/watch/${event.id}`);
    await page.getByRole('heading', { name: 'Sign in to watch' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    await page.locator('input[type="email"]').fill('fan@heartland.example');
    await page.locator('input[type="password"]').fill('Sideline-demo-1');
    await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`**/watch/${event.id}`);
    expect(where(page)).toBe(`/watch/${event.id}`);
    // Signed in, the game plays (its preroll first).
    await page.locator('video').waitFor();
    await context.close();
  });

  // The screen keeps a 320 px minimum height for its panel; with its 16:9 ratio that once made it 569 px wide.
  it("a screen in the player's place fits a phone's width", async () => {
    const event = await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'register');
    const { context, page } = await visit(browser(), { viewport: { width: 390, height: 844 } });
    await page.goto(`${inject('baseUrl')}/watch/${event.id}`);
    await page.getByRole('heading', { name: 'Sign in to watch' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    const panel = await page.getByRole('heading', { name: 'Sign in to watch' }).evaluate((title) => {
      const box = title.parentElement?.getBoundingClientRect();
      return box && { left: box.left, right: box.right };
    });
    expect(panel?.left).toBeGreaterThanOrEqual(0);
    expect(panel?.right).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('an upcoming game counts down, then plays without a reload once live', async () => {
    const base = inject('baseUrl');
    const upcoming = await findEvent(base, 'upcoming', (e) => e.type === 'free');
    const replay = await findEvent(base, 'finished', (e) => e.type === 'free');
    const { context, page } = await visit(browser());
    await skipPreroll(page, replay.id);
    // The game starts a few seconds from now, and the server says so once that time has come.
    const startMs = Date.now() + 6_000;
    await page.route(`**/api/events/${upcoming.id}?*`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Event };
      await route.fulfill({
        response: res,
        json: { data: { ...body.data, event_utc_ts: Math.floor(startMs / 1000) } },
      });
    });
    await page.route(`**/api/events/${upcoming.id}/playback?*`, async (route) => {
      if (Date.now() < startMs)
        return route.fulfill({ status: 409, json: { error: { code: 'not_started', message: 'not started' } } });
      // Live now: the answer plays a recording of the channel (a real, signed stream).
      const res = await route.fetch({
        url: route.request().url().replace(`/events/${upcoming.id}/`, `/events/${replay.id}/`),
      });
      return route.fulfill({ response: res });
    });
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto(`${base}/watch/${upcoming.id}`);
    await page.getByRole('heading', { name: 'The game hasn’t started yet' }).waitFor();
    await page.getByTestId('countdown').waitFor();
    await waitForPlayback(page, 'vod', 0.5, 30_000);
    expect(loads).toBe(1);
    await context.close();
  });
});
