import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations, signInAsFan } from '../browse/browse';
import { visit } from '../shell/fan';
import { launchBrowser } from '../support/browser';
import { findEvent, skipPreroll, waitForPlayback } from './watch';

// axe is injected as an inline script, which the page's policy forbids: the test context bypasses the policy.
const options = { bypassCSP: true };

describe('accessibility of watching (axe-core)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the watch page, playing, has no serious or critical violation', async () => {
    const { id } = await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'free');
    const { context, page } = await visit(browser, options);
    await skipPreroll(page, id);
    await page.goto(`${inject('baseUrl')}/watch/${id}`);
    await waitForPlayback(page, 'vod', 0.5);
    await page.getByRole('main').getByRole('heading', { level: 2 }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the buy screen and the stream check have none either', async () => {
    const paid = await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'paid');
    const { context, page } = await visit(browser, options);
    await signInAsFan(page);
    await page.goto(`${inject('baseUrl')}/watch/${paid.id}`);
    await page.getByRole('heading', { name: 'Get access to this game' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${inject('baseUrl')}/simulate`);
    await page.getByRole('heading', { name: 'Playback figures' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
