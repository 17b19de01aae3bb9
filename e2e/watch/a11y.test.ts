import { describe, expect, inject, it } from 'vitest';
import { AXE_CONTEXT, seriousViolations } from '../support/a11y';
import { suiteBrowser } from '../support/browser';
import { signInAsFan } from '../support/sign-in';
import { visit } from '../support/visit';
import { findEvent, skipPreroll, waitForPlayback } from './watch';

describe('accessibility of watching (axe-core)', () => {
  const browser = suiteBrowser();

  it('the watch page, playing, has no serious or critical violation', async () => {
    const { id } = await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'free');
    const { context, page } = await visit(browser(), AXE_CONTEXT);
    await skipPreroll(page, id);
    await page.goto(`${inject('baseUrl')}/watch/${id}`);
    await waitForPlayback(page, 'vod', 0.5);
    await page.getByRole('main').getByRole('heading', { level: 2 }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the buy screen and the stream check have none either', async () => {
    const paid = await findEvent(inject('baseUrl'), 'finished', (e) => e.type === 'paid');
    const { context, page } = await visit(browser(), AXE_CONTEXT);
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
