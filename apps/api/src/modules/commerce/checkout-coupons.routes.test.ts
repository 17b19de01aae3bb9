import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutReads, errorOf as error } from '../../../test/support/checkout-reads';
import { CARDS, checkoutKey, commerceSuite, newBuyer, saveCard } from '../../../test/support/commerce';
import type { Inject } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { couponRedemptions } from './orders.table';

/** Coupons at checkout: the invoice preview, each kind of refusal, one use per fan, and the coupon given back when the payment fails. */
describe.each(dbKinds())('checkout coupons on %s', (kind) => {
  const suite = commerceSuite(kind, { SANDBOX_SETTLE_MS: '0' });
  const { settled, transactionsOf } = checkoutReads(suite);
  const call: Inject = (...args) => suite.call(...args);
  const buy = (key: string, body: object) =>
    call({ method: 'POST', url: '/api/stripe/buy', key, body: { idempotency_key: checkoutKey(), ...body } });
  it('invoice preview and coupons: percent, amount, expired, other pass, switched off, second use', async () => {
    const fan = await newBuyer(suite.t);
    await saveCard(call, fan.key);
    const preview = (body: object) => call({ method: 'POST', url: '/api/stripe/invoice-preview', key: fan.key, body });
    const plain = await preview({ package_id: suite.cat.sports.id });
    expect(plain.json().data).toMatchObject({
      currency: 'USD',
      lines: [{ name: 'T Sports Pass', amount: 30 }],
      subtotal: 30,
      discount: 0,
      service_fee: 1,
      total: 31,
      coupon: null,
      next_charge_at: null,
    });
    expect((await preview({ package_id: suite.cat.sports.id, coupon: 'pct25' })).json().data).toMatchObject({
      discount: 7.5,
      total: 23.5,
      coupon: 'PCT25',
    });
    expect((await preview({ package_id: suite.cat.addOn.id, coupon: 'AMT5' })).json().data).toMatchObject({
      subtotal: 4.99,
      discount: 4.99,
      total: 0,
    });
    for (const code of ['NOPE', 'OLD10', 'TEAMONLY', 'OFF']) {
      const res = await preview({ package_id: suite.cat.sports.id, coupon: code });
      expect(res.statusCode).toBe(400);
      expect(error(res)).toMatchObject({ code: 'wrong_promo_code', message: 'Wrong promo code' });
      const check = await call({ url: `/api/apply_coupon?code=${code}&pass_id=${suite.cat.sports.id}`, key: fan.key });
      expect(error(check).code).toBe('wrong_promo_code');
    }
    const check = await call({ url: `/api/apply_coupon?code=amt5&pass_id=${suite.cat.sports.id}`, key: fan.key });
    expect(check.json().data).toEqual({ code: 'AMT5', discount_type: 'amount', discount_value: 5, valid_until: null });

    const res = await buy(fan.key, { package_id: suite.cat.sports.id, coupon: 'PCT25' });
    const paid = await settled(fan.key, res.json().data.order_id);
    expect(paid).toMatchObject({ status: 'Paid', discount: 7.5, amount: 23.5, coupon: 'PCT25' });
    expect(await transactionsOf(fan.key)).toMatchObject([{ amount: 23.5 }]);
    const second = await buy(fan.key, { package_id: suite.cat.team.id, coupon: 'PCT25' });
    expect(error(second).code).toBe('wrong_promo_code');
    const secondCheck = await call({ url: '/api/apply_coupon?code=PCT25', key: fan.key });
    expect(error(secondCheck).code).toBe('wrong_promo_code');

    // A 100% coupon: paid at once, no money moved, no transaction.
    const free = await buy(fan.key, { package_id: suite.cat.addOn2.id, coupon: 'FREE100' });
    expect(free.json().data.status).toBe('Paid');
    expect(await transactionsOf(fan.key)).toHaveLength(1);
  });

  it('a failed payment gives the coupon back', async () => {
    const fan = await newBuyer(suite.t);
    const pm = await saveCard(call, fan.key, CARDS.failLater);
    const res = await buy(fan.key, { package_id: suite.cat.team.id, coupon: 'AMT5', payment_method_id: pm });
    expect(res.json().data.status).toBe('Failed');
    expect(
      await suite.t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, fan.userId)),
    ).toHaveLength(0);
  });
});
