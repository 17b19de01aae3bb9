import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';
import {
  answerChallenge,
  CARDS,
  callApi,
  enterNewCard,
  findPass,
  newFan,
  ordersOf,
  paidGame,
  pressPay,
  transactionsOf,
} from './commerce';

/** The sandbox's test cards at checkout: a decline at setup, and the authentication step approved and refused. */
describe('test cards at checkout', () => {
  const browser = suiteBrowser();

  const checkoutOf = async (index: number) => {
    const game = await paidGame(index);
    const single = await findPass('single-event package', (p) => p.is_single_event);
    return { game, href: `/buy?event_id=${game.id}&package_id=${single.id}` };
  };

  it('a card declined at setup shows the decline, is not saved, and nothing is charged', async () => {
    const { game, href } = await checkoutOf(1);
    const { context, page } = await visit(browser());
    await newFan(page, 'declined');
    await page.goto(urlFor('localhost', href));
    await enterNewCard(page, CARDS.declined);
    await pressPay(page);

    // The sandbox refuses the card when its setup is confirmed, as Stripe does: no order is placed.
    await page
      .getByRole('main')
      .getByRole('alert')
      // In the fan's language (the checkout's own text for card_declined), not the sandbox's English message.
      .getByText('Your card was declined, so it was not saved. Please try another card')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/buy');

    expect(await ordersOf(page)).toEqual([]);
    // Not saved, so not offered at the next checkout.
    expect((await callApi<{ data: unknown[] }>(page, 'GET', '/stripe/list-cards')).data).toEqual([]);
    expect((await transactionsOf(page)).filter((t) => t.status === 'paid')).toEqual([]);
    // The game is still locked.
    await page.goto(urlFor('localhost', `/watch/${game.id}`));
    await page.getByRole('link', { name: 'Buy this game' }).waitFor();
    await context.close();
  });

  it('the 3184 card’s authentication step, approved, pays and opens the game', async () => {
    const { game, href } = await checkoutOf(2);
    const { context, page } = await visit(browser());
    await newFan(page, 'challenge-ok');
    await page.goto(urlFor('localhost', href));
    await enterNewCard(page, CARDS.challenge);
    await pressPay(page);

    await answerChallenge(page, true);
    await page.waitForURL(`**/watch/${game.id}`);
    // Access shows without a reload: the player starts (the signed-in fan's preroll first).
    await page.locator('video').waitFor();
    expect(await page.getByRole('link', { name: 'Buy this game' }).count()).toBe(0);
    expect((await ordersOf(page)).map((o) => o.status)).toEqual(['Paid']);
    expect((await transactionsOf(page)).map((t) => t.status)).toEqual(['paid']);
    await context.close();
  });

  it('the 3184 card’s authentication step, refused, fails and charges nothing', async () => {
    const { href } = await checkoutOf(3);
    const { context, page } = await visit(browser());
    await newFan(page, 'challenge-refused');
    await page.goto(urlFor('localhost', href));
    await enterNewCard(page, CARDS.challenge);
    await pressPay(page);

    await answerChallenge(page, false);
    await page.getByRole('dialog', { name: 'Payment failed' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/buy');
    expect((await ordersOf(page)).map((o) => o.status)).toEqual(['Failed']);
    expect((await transactionsOf(page)).filter((t) => t.status === 'paid')).toEqual([]);
    await context.close();
  });
});
