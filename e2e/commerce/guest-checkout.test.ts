import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { latestLink, uniqueEmail } from '../support/outbox';
import { urlFor } from '../support/urls';
import { visit, where } from '../support/visit';
import { CARDS, enterNewCard, findPass, ordersOf, paidGame, pressPay, transactionsOf } from './commerce';

/** A guest buys a paid game from its page: sign-up on the way, a card, and the game plays without a reload. */
describe('a guest buys a paid game', () => {
  const browser = suiteBrowser();

  it('picks the game, registers, pays with 4242 and watches it', async () => {
    const game = await paidGame(0);
    const single = await findPass('single-event package', (p) => p.is_single_event);
    const { context, page, errors } = await visit(browser());
    const main = page.getByRole('main');

    // The game's page: a guest is offered its checkout beside sign-in.
    await page.goto(urlFor('localhost', `/watch/${game.id}`));
    await main.getByRole('link', { name: 'Buy this game' }).click();
    await page.waitForURL(`**/buy?event_id=${game.id}&package_id=${single.id}`);
    await main.getByRole('heading', { name: 'Sign in to buy' }).waitFor();

    // Registers, verifies by mail, chooses the basic pass, and is back at the checkout.
    const email = uniqueEmail('guest-buyer', 'commerce');
    await main.getByRole('link', { name: 'Create a free account' }).click();
    await page.waitForURL('**/registration');
    await main.getByLabel('First name').fill('Robin');
    await main.getByLabel('Last name').fill('Guest');
    await main.getByLabel('E-mail').fill(email);
    await main.getByLabel('Password', { exact: true }).fill('Checkout-2026');
    await main.getByLabel('Confirm password').fill('Checkout-2026');
    await main.getByRole('checkbox').check();
    await main.getByRole('button', { name: 'Create my account' }).click();
    await page.waitForURL('**/verify-notice');
    await page.goto(await latestLink(email));
    await page.waitForURL('**/packages');
    await main.getByRole('button', { name: 'Choose the basic pass' }).click();
    await page.waitForURL(`**/buy?event_id=${game.id}&package_id=${single.id}`);

    // The server's summary, the sales rule, then a new card.
    const summary = main.getByRole('region', { name: 'Summary' });
    await summary.getByText('Total today').waitFor();
    await summary.getByText('All sales are final.').waitFor();
    await enterNewCard(page, CARDS.success);
    await pressPay(page);

    // Paid: straight back to the game, which plays.
    await page.waitForURL(`**/watch/${game.id}`);
    // Access shows without a reload: the player starts (the signed-in fan's preroll first).
    await page.locator('video').waitFor();
    expect(await page.getByRole('link', { name: 'Buy this game' }).count()).toBe(0);
    expect(where(page)).toBe(`/watch/${game.id}`);

    const orders = await ordersOf(page);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'Paid', activity_status: 'Active', type: 'event', event_id: game.id });
    const charges = await transactionsOf(page);
    expect(charges.map((t) => [t.status, t.card_last4])).toEqual([['paid', '4242']]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
