import { beforeAll, describe, expect, inject, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
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

describe('watching a free game on demand', () => {
  const browser = suiteBrowser();
  let eventId: number;
  beforeAll(async () => {
    eventId = (await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'free')).id;
  });

  it('plays, and switches rendition from the quality menu', async () => {
    const { context, page, errors } = await visit(browser());
    await skipPreroll(page, eventId);
    await page.goto(`${inject('baseUrl')}/watch/${eventId}`);
    await waitForPlayback(page, 'vod', 1);
    const quality = page.getByRole('combobox', { name: 'Quality' });
    await quality.selectOption({ label: '360p' });
    await expect.poll(async () => (await videoState(page)).height, { timeout: 15_000 }).toBe(360);
    await quality.selectOption({ label: '720p' });
    await expect.poll(async () => (await videoState(page)).height, { timeout: 15_000 }).toBe(720);
    const before = (await videoState(page)).currentTime;
    await expect.poll(async () => (await videoState(page)).currentTime, { timeout: 10_000 }).toBeGreaterThan(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  // The bar once held eleven controls in one row: on a phone the seek bar shrank to nothing and the quality menu
  // and full screen fell out of the picture.
  it.each([
    { width: 360, language: 'en', unmute: null },
    { width: 320, language: 'bg', unmute: null },
    { width: 320, language: 'bg', unmute: 'Включи звука' },
  ])('fits every control in the player at $width px ($language, offering to unmute: $unmute)', async (phone) => {
    const { context, page } = await visitOnPhone(browser(), phone);
    await skipPreroll(page, eventId);
    await page.goto(`${inject('baseUrl')}/watch/${eventId}`);
    await waitForPlayback(page, 'vod', 0.5);
    await expectControlsFit(page, phone.unmute);
    // What stays on a phone: play, the seek bar with its time, sound, speed, quality and full screen.
    const kept = ['media-play-button', 'media-time-range', 'media-time-display', 'media-mute-button'];
    for (const control of [...kept, 'media-playback-rate-button', 'media-fullscreen-button']) {
      expect(await page.locator(control).isVisible()).toBe(true);
    }
    expect(await page.locator('media-control-bar select').isVisible()).toBe(true);
    await context.close();
  });

  it('answers the keyboard: space plays and pauses, arrows seek', async () => {
    const { context, page } = await visit(browser());
    await skipPreroll(page, eventId);
    await page.goto(`${inject('baseUrl')}/watch/${eventId}`);
    await waitForPlayback(page, 'vod', 1);
    await playerRegion(page).focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await videoState(page)).paused).toBe(true);
    const at = (await videoState(page)).currentTime;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(at + 5, 0);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(Math.max(0, at - 5), 0);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await videoState(page)).paused).toBe(false);
    // M toggles the sound (the player may have started muted, where the browser refused sound without a gesture).
    const muted = await page.evaluate(() => document.querySelector('video')?.muted);
    await page.keyboard.press('m');
    expect(await page.evaluate(() => document.querySelector('video')?.muted)).toBe(!muted);
    await context.close();
  });

  it('reports the play with its startup time, and pauses, to the analytics collector', async () => {
    const { context, page } = await visit(browser());
    await skipPreroll(page, eventId);
    await page.addInitScript(() => localStorage.setItem('sideline:analytics', 'on'));
    const sent: { name: string; properties?: Record<string, unknown> }[] = [];
    const answers: number[] = [];
    page.on('response', (res) => {
      if (!res.url().endsWith('/video-events')) return;
      sent.push(res.request().postDataJSON());
      answers.push(res.status());
    });
    await page.goto(`${inject('baseUrl')}/watch/${eventId}`);
    await waitForPlayback(page, 'vod', 1);
    await expect.poll(() => sent.find((e) => e.name === 'play')?.properties?.startup_ms).toBeTypeOf('number');
    await playerRegion(page).focus();
    await page.keyboard.press('k');
    await expect.poll(() => sent.some((e) => e.name === 'pause')).toBe(true);
    // The collector took every one (its schema is the contract's).
    expect(answers.every((status) => status === 202)).toBe(true);
    await context.close();
  });
});
