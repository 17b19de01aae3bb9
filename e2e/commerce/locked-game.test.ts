import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { demoEvents } from '../support/catalogue';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';
import { newFan, paidGame } from './commerce';

/** What a fan whose pass includes clipping and downloads is offered under a game they have not bought. */
describe('a game the fan has not bought', () => {
  const browser = suiteBrowser();

  it('offers the purchase, not the Clip button or the download; a free game offers both', async () => {
    const { context, page, errors } = await visit(browser());
    const main = page.getByRole('main');
    await newFan(page, 'locked-game');
    // The basic pass includes clipping: a free finished game shows the Clip button (so its absence below counts).
    const free = (await demoEvents()).find((e) => e.type === 'free');
    if (!free) throw new Error('the demo has no free finished game');
    await page.goto(urlFor('localhost', `/watch/${free.id}`));
    await main.getByRole('button', { name: 'Clip this game' }).waitFor();
    await main.getByRole('button', { name: /^Download/ }).waitFor();

    const locked = await paidGame(5);
    await page.goto(urlFor('localhost', `/watch/${locked.id}`));
    await main.getByRole('link', { name: 'Buy this game' }).waitFor();
    // Under the player: the game's details and clips have rendered by the time its heading is there.
    await main.getByRole('heading', { level: 2 }).first().waitFor();
    expect(await main.getByRole('button', { name: 'Clip this game' }).count()).toBe(0);
    expect(await main.getByRole('button', { name: /^Download/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
