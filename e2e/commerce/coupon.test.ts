import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';
import { CARDS, DEMO_COUPON, enterNewCard, findPass, newFan, ordersOf, pressPay } from './commerce';

/** The demo's promo code takes 10 % off a pass; a wrong code is refused with the spec's message. */
describe('a promo code', () => {
  const browser = suiteBrowser();

  it('refuses a wrong code, applies SIDELINE10 to the total and the charge', async () => {
    const pkg = await findPass(
      'package of sports',
      (p) =>
        p.kind === 'package' &&
        p.pass_type === 'regular' &&
        !p.is_basic &&
        !p.is_single_event &&
        !p.is_team_pass &&
        p.price > 0,
    );
    const { context, page } = await visit(browser());
    const main = page.getByRole('main');
    await newFan(page, 'coupon');
    await page.goto(urlFor('localhost', `/buy?package_id=${pkg.id}`));
    const summary = main.getByRole('region', { name: 'Summary' });
    const total = summary.getByTestId('checkout-total');
    await total.waitFor();
    const before = Number((await total.textContent())?.replace(/[^0-9.]/g, ''));

    await summary.getByLabel('Promo code').fill('NOT-A-CODE');
    await summary.getByRole('button', { name: 'Apply' }).click();
    await summary.getByRole('alert').getByText('Wrong promo code').waitFor();

    await summary.getByLabel('Promo code').fill(DEMO_COUPON);
    await summary.getByRole('button', { name: 'Apply' }).click();
    await summary.getByText(`Promo code ${DEMO_COUPON} applied`).waitFor();
    await summary.getByText(`Discount (${DEMO_COUPON})`).waitFor();
    // 10 % off the pass's price; the service fee is not discounted.
    const expected = Math.round(before * 100 - Math.round(pkg.base_price * 100 * 0.1)) / 100;
    await expect
      .poll(async () => Number((await total.textContent())?.replace(/[^0-9.]/g, '')))
      .toBeCloseTo(expected, 2);

    await enterNewCard(page, CARDS.success);
    await pressPay(page);
    await page.waitForURL('**/packages');
    const [order] = await ordersOf(page);
    expect(order).toMatchObject({ status: 'Paid', coupon: DEMO_COUPON });
    expect(order?.amount).toBeCloseTo(expected, 2);
    await context.close();
  });
});
