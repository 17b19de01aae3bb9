import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutReads, errorOf as error } from '../../../test/support/checkout-reads';
import { checkoutKey, commerceSuite, newBuyer, pricedGame, saveCard } from '../../../test/support/commerce';
import type { Inject } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { orders } from './orders.table';

/** What a checkout refuses: what cannot be bought, another fan's things, a guest, bad input; nothing is written. */
describe.each(dbKinds())('checkout refusals on %s', (kind) => {
  const suite = commerceSuite(kind, { SANDBOX_SETTLE_MS: '0' });
  const { settled } = checkoutReads(suite);
  const call: Inject = (...args) => suite.call(...args);
  const buy = (key: string, body: object) =>
    call({ method: 'POST', url: '/api/stripe/buy', key, body: { idempotency_key: checkoutKey(), ...body } });
  it("answers the catalogue's errors for what cannot be bought", async () => {
    const fan = await newBuyer(suite.t);
    await saveCard(call, fan.key);
    const paid = await pricedGame(suite.t, 'paid');
    const free = await pricedGame(suite.t, 'free');
    const cases: [object, number, string, string?][] = [
      [{}, 400, 'id_not_selected', 'id not selected'],
      // Two things in one checkout: one would be dropped silently.
      [{ subscription_id: suite.cat.monthly.id, package_id: suite.cat.sports.id }, 400, 'validation_failed'],
      [
        { subscription_id: suite.cat.annual.id, event_id: paid.id, package_id: suite.cat.single.id },
        400,
        'validation_failed',
      ],
      // A plan with a one-off add-on would charge it at every renewal.
      [
        { subscription_id: suite.cat.annual.id, additional: [suite.cat.addOn.id] },
        400,
        'validation_failed',
        'body.additional: A plan takes no add-ons',
      ],
      [{ event_id: paid.id }, 400, 'single_event_package_required'],
      [{ event_id: paid.id, package_id: suite.cat.sports.id }, 400, 'single_event_package_required'],
      [{ event_id: free.id, package_id: suite.cat.single.id }, 400, 'not_for_sale'],
      [{ event_id: 2_000_000_000, package_id: suite.cat.single.id }, 404, 'event_not_found'],
      [{ package_id: 2_000_000_000 }, 404, 'pass_not_found', 'Pass not found'],
      [{ package_id: suite.cat.monthly.id }, 404, 'pass_not_found'],
      [{ subscription_id: suite.cat.sports.id }, 404, 'pass_not_found'],
      [{ package_id: suite.cat.inactive.id }, 400, 'not_for_sale'],
      [{ package_id: suite.cat.single.id }, 400, 'id_not_selected'],
      [{ package_id: suite.cat.sports.id, categories: [999_999] }, 400, 'validation_failed'],
      [{ package_id: suite.cat.sports.id, additional: [suite.cat.sports.id] }, 404, 'pass_not_found'],
      [{ package_id: suite.cat.sports.id, payment_method_id: 'pm_notmine' }, 404, 'payment_method_not_found'],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await buy(fan.key, body);
      expect([res.statusCode, error(res).code], JSON.stringify(body)).toEqual([status, code]);
      if (message) expect(error(res).message).toBe(message);
    }
    expect(await suite.t.database.db.select().from(orders).where(eq(orders.userId, fan.userId))).toHaveLength(0);
  });

  it("another fan's orders, transactions and cards are never theirs", async () => {
    const owner = await newBuyer(suite.t, 'owner');
    const ownerCard = await saveCard(call, owner.key);
    const res = await buy(owner.key, { package_id: suite.cat.addOn.id });
    const orderId = res.json().data.order_id as number;
    await settled(owner.key, orderId);
    const other = await newBuyer(suite.t, 'other');
    await saveCard(call, other.key);

    const byId = await call({ url: `/api/orders/${orderId}`, key: other.key });
    expect(byId.statusCode).toBe(404);
    expect(error(byId).code).toBe('order_not_found');
    expect((await call({ url: '/api/orders?no_limit=1', key: other.key })).json().data).toEqual([]);
    expect((await call({ url: '/api/transactions', key: other.key })).json().data).toEqual([]);
    expect(
      (await call({ url: '/api/stripe/list-cards', key: other.key })).json().data.map((c: { id: string }) => c.id),
    ).not.toContain(ownerCard);
    const steal = await buy(other.key, { package_id: suite.cat.addOn.id, payment_method_id: ownerCard });
    expect(steal.statusCode).toBe(404);
    expect(error(steal).code).toBe('payment_method_not_found');

    // The owner sees theirs, in the list and among the active ones.
    const mine = await call({ url: '/api/orders?active=1', key: owner.key });
    expect(mine.json().data.map((o: { id: number }) => o.id)).toEqual([orderId]);
    expect(mine.json().meta.total).toBe(1);
  });

  it('every call needs a signed-in fan', async () => {
    const guest = (
      await suite.t.app.inject({
        method: 'POST',
        url: '/api/get_api_key',
        payload: { channel_key: 'hcn_demo_channel_key_localhost' },
      })
    ).json().data.api_key;
    for (const [method, url] of [
      ['POST', '/api/stripe/buy'],
      ['POST', '/api/stripe/buy_bundle'],
      ['POST', '/api/stripe/invoice-preview'],
      ['POST', '/api/stripe/setup-intent'],
      ['POST', '/api/stripe/subscription/start_trial'],
      ['GET', '/api/stripe/list-cards'],
      ['GET', '/api/orders'],
      ['GET', '/api/orders/1'],
      ['GET', '/api/transactions'],
      ['GET', '/api/apply_coupon?code=X'],
    ] as const) {
      const res = await call({ method, url, key: guest, body: { idempotency_key: checkoutKey() } });
      expect([url, res.statusCode, error(res).code]).toEqual([url, 401, 'login_required']);
    }
  });

  it('bad input is a 4xx in the common error body and writes nothing', async () => {
    const fan = await newBuyer(suite.t);
    await saveCard(call, fan.key);
    const bad: object[] = [
      { package_id: suite.cat.sports.id, idempotency_key: 'short' },
      { package_id: suite.cat.sports.id, idempotency_key: 'abc\u0000defghij' },
      { package_id: 99_999_999_999, idempotency_key: checkoutKey() },
      { package_id: '12', idempotency_key: checkoutKey() },
      { package_id: suite.cat.sports.id, idempotency_key: checkoutKey(), coupon: 'A\u0000B' },
      { package_id: suite.cat.sports.id, idempotency_key: checkoutKey(), categories: 'all' },
      { package_id: suite.cat.sports.id, idempotency_key: checkoutKey(), amount: 1 },
      { package_id: suite.cat.sports.id, idempotency_key: checkoutKey(), return_path: 'https://evil.example/' },
    ];
    for (const body of bad) {
      const res = await call({ method: 'POST', url: '/api/stripe/buy', key: fan.key, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(res).code).toBe('validation_failed');
    }
    for (const url of [
      '/api/orders/99999999999',
      '/api/orders/abc',
      '/api/orders?active=2',
      '/api/orders?limit=1000',
    ]) {
      const res = await call({ url, key: fan.key });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
    expect(await suite.t.database.db.select().from(orders).where(eq(orders.userId, fan.userId))).toHaveLength(0);
  });
});
