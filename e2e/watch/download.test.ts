import { describe, expect, inject, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { signInAsFan } from '../support/sign-in';
import { visit } from '../support/visit';
import { findEvent, skipPreroll } from './watch';

/**
 * The demo accounts have no `download` capability (it comes with an add-on the commerce work sells), so the
 * fan's access and the counted download are stood in for; the API's own tests cover counting and the limit.
 */
describe('downloading a finished game', () => {
  const browser = suiteBrowser();

  it('downloads the MP4 for a fan who may, then refreshes the downloads left', async () => {
    const event = await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'free');
    const { context, page } = await visit(browser(), { acceptDownloads: true });
    await signInAsFan(page);
    await skipPreroll(page, event.id);
    let used = 1;
    let accessCalls = 0;
    await page.route('**/api/user/access?*', (route) => {
      accessCalls += 1;
      return route.fulfill({
        json: {
          data: {
            capabilities: ['watch', 'download'],
            featureCount: { clips: 0, downloads: used },
            limits: { clips: 50, downloads: 5 },
            purchases: { subscriptions: 0, packages: 0, events: 0 },
          },
        },
      });
    });
    await page.route(`**/api/download-event/${event.id}?*`, (route) => {
      used += 1;
      return route.fulfill({
        json: {
          data: {
            url: '/media/e/signed/download.mp4',
            filename: 'Game.mp4',
            expires_at: new Date(Date.now() + 3_600_000).toISOString(),
            downloads_left: 5 - used,
          },
        },
      });
    });
    await page.route('**/media/e/signed/download.mp4', (route) =>
      route.fulfill({ body: Buffer.alloc(1024), headers: { 'content-type': 'video/mp4' } }),
    );
    await page.goto(`${inject('baseUrl')}/watch/${event.id}`);
    await page.getByText('Downloads left: 4').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the game' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Game.mp4');
    await page.getByText('Downloads left: 3').waitFor();
    expect(accessCalls).toBeGreaterThanOrEqual(2);
    // The page stayed: the game is still there.
    expect(new URL(page.url()).pathname).toBe(`/watch/${event.id}`);
    await context.close();
  });
});
