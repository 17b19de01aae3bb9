import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';
import { CARDS, enterNewCard, findPass, newFan, ordersOf, pressPay, transactionsOf } from './commerce';

/** A plan with a free trial: started from the passes page with a card, then its renewal cancelled. */
describe('a subscription with a trial', () => {
  const browser = suiteBrowser();

  it('starts the trial with a card, nothing charged, then cancels the renewal from the profile', async () => {
    const plan = await findPass('subscription with a trial', (p) => p.kind === 'subscription' && !!p.trial_period);
    const { context, page } = await visit(browser());
    const main = page.getByRole('main');
    await newFan(page, 'trial');

    // The passes page says what the trial means.
    await page.goto(urlFor('localhost', '/packages'));
    const card = main.getByRole('article', { name: plan.name });
    await card
      .getByText(`${plan.trial_period}-day free trial, then`, { exact: false })
      .filter({ hasText: 'the card is charged automatically unless you cancel' })
      .waitFor();
    await card.getByRole('link', { name: `Buy ${plan.name}` }).click();
    await page.waitForURL(/\/(buy|select-package)/);
    if (new URL(page.url()).pathname.startsWith('/select-package')) {
      await main.getByRole('button', { name: 'Continue to checkout' }).click();
    }
    await page.waitForURL(`**/buy?subscription_id=${plan.id}*`);

    // Nothing today, the next charge named.
    const summary = main.getByRole('region', { name: 'Summary' });
    await summary.getByText(`${plan.trial_period}-day free trial: nothing is charged today.`).waitFor();
    await summary.getByText(/^Next charge: /).waitFor();
    expect(await summary.getByTestId('checkout-total').textContent()).toBe('$0.00');
    await enterNewCard(page, CARDS.success);
    await pressPay(page, /^Start the free trial$/);
    await page.waitForURL('**/packages');
    await main.getByRole('article', { name: plan.name }).getByText('You have it').waitFor();
    expect((await transactionsOf(page)).filter((t) => t.status === 'paid' && t.amount > 0)).toEqual([]);

    // Cancel its renewal from the profile: confirmed in a popup, then cancelled, access kept to the period's end.
    await page.goto(urlFor('localhost', '/profile'));
    const order = main.getByRole('region', { name: 'Active passes' }).getByRole('listitem', { name: plan.name });
    await order
      .getByText(/^(Renews on|Free trial until) /)
      .first()
      .waitFor();
    const cancelButton = order.getByRole('button', { name: 'Cancel renewal' });
    const dialog = page.getByRole('dialog', { name: `Cancel the renewal of ${plan.name}?` });
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);
    // Escape keeps the plan, and the focus goes back to the button that opened the popup (not the page's start).
    await cancelButton.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await cancelButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await cancelButton.click();
    await dialog.getByRole('button', { name: 'Cancel renewal' }).click();
    await order.getByText('Renewal cancelled').waitFor();
    // The button is gone: the status line that took its place has the focus.
    expect(await focused()).toBe('Renewal cancelled');
    await order.getByText(/^Access until /).waitFor();
    expect(await order.getByRole('button', { name: 'Cancel renewal' }).count()).toBe(0);

    // The server agrees, and a reload shows the same.
    const [saved] = (await ordersOf(page)).filter((o) => o.type === 'subscription');
    expect(saved).toMatchObject({ auto_renewal: 'Cancelled', activity_status: 'Active' });
    await page.reload();
    await main.getByRole('listitem', { name: plan.name }).getByText('Renewal cancelled').waitFor();
    await context.close();
  });
});
