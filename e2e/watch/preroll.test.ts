import { PREROLL_SUPPRESSION_MS } from '@sideline/contract/constants';
import { describe, expect, inject, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { visit } from '../support/visit';
import { expectControlsFit, findEvent, videoState, visitOnPhone, waitForPlayback } from './watch';

describe('prerolls', () => {
  const browser = suiteBrowser();

  it('plays once with the ad label, is skipped within the hour and plays again after it', async () => {
    const { id } = await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'free');
    const { context, page } = await visit(browser());
    await page.clock.install();
    await page.goto(`${inject('baseUrl')}/watch/${id}`);
    await waitForPlayback(page, 'ad', 0.2);
    await expect.poll(() => page.getByText('Ad', { exact: true }).isVisible()).toBe(true);
    // Not seekable: no time slider, and the arrow keys leave it alone.
    expect(await page.locator('media-time-range').count()).toBe(0);
    // The game follows the advertisement in the same player.
    await waitForPlayback(page, 'vod', 0.5, 20_000);
    expect(await page.getByText('Ad', { exact: true }).count()).toBe(0);

    await page.reload();
    await waitForPlayback(page, 'vod', 0.5);
    expect((await videoState(page)).kind).toBe('vod');

    await page.clock.setSystemTime(Date.now() + PREROLL_SUPPRESSION_MS + 60_000);
    await page.reload();
    await waitForPlayback(page, 'ad', 0.2);
    await context.close();
  });

  it.each([
    { width: 360, language: 'en', unmute: null },
    { width: 320, language: 'fr', unmute: null },
    // A phone's browser: the advertisement starts muted and the player offers to unmute beside its label.
    { width: 320, language: 'fr', unmute: 'Activer le son' },
  ])(
    "fits the advertisement's label, its time and the controls in the player at $width px ($language, offering to unmute: $unmute)",
    async (phone) => {
      const { id } = await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'free');
      const { context, page } = await visitOnPhone(browser(), phone);
      await page.goto(`${inject('baseUrl')}/watch/${id}`);
      await waitForPlayback(page, 'ad', 0.2);
      await expectControlsFit(page, phone.unmute);
      expect(await page.locator('media-time-display').isVisible()).toBe(true);
      await context.close();
    },
  );
});
