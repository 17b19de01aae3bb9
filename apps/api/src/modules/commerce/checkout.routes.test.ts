import { checkoutResultSchema, orderSchema, transactionSchema } from '@sideline/contract/commerce';
import { errorBodySchema } from '@sideline/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARDS,
  type Catalogue,
  checkoutKey,
  newBuyer,
  pricedGame,
  saveCard,
  seedCatalogue,
} from '../../../test/support/commerce';
import { caller, createTestApp, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { couponRedemptions, orders, transactions } from './orders.table';

describe.each(dbKinds())('checkout on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let cat: Catalogue;

  beforeAll(async () => {
    t = await createTestApp(kind, { SANDBOX_SETTLE_MS: '0' });
    call = caller(t.app);
    cat = await seedCatalogue(t);
  }, 60_000);
  afterAll(() => t.close());

  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const buy = (key: string, body: object, url = '/api/stripe/buy') =>
    call({ method: 'POST', url, key, body: { idempotency_key: checkoutKey(), ...body } });
  const order = async (key: string, id: number) => {
    const res = await call({ url: `/api/orders/${id}`, key });
    expect(res.statusCode).toBe(200);
    return orderSchema.parse(res.json().data);
  };
  /** Confirms due payments and delivers their events (the settle delay is 0 here), then reads the order. */
  const settled = async (key: string, id: number) => {
    await t.services.payments.runDue();
    return order(key, id);
  };
  const transactionsOf = async (key: string) =>
    (await call({ url: '/api/transactions?no_limit=1', key }))
      .json()
      .data.map((x: unknown) => transactionSchema.parse(x));

  it('buys a paid game with 4242: processing, then Paid and Active with one charge carrying the card', async () => {
    const fan = await newBuyer(t);
    const pm = await saveCard(call, fan.key);
    const game = await pricedGame(t, 'paid');
    const res = await buy(fan.key, { event_id: game.id, package_id: cat.single.id, payment_method_id: pm });
    expect(res.statusCode).toBe(200);
    const result = checkoutResultSchema.parse(res.json().data);
    expect(result.status).toBe('Pending');
    expect((await order(fan.key, result.order_id)).status).toBe('Pending');

    const paid = await settled(fan.key, result.order_id);
    expect(paid).toMatchObject({
      status: 'Paid',
      activity_status: 'Active',
      type: 'event',
      event_id: game.id,
      product: { id: game.id },
      subtotal: 4.99,
      service_fee: 0.5,
      amount: 5.49,
      currency: 'USD',
    });
    expect(paid.paid_at).not.toBeNull();
    expect(await transactionsOf(fan.key)).toMatchObject([
      {
        order_id: result.order_id,
        kind: 'charge',
        status: 'paid',
        amount: 5.49,
        card_brand: 'visa',
        card_last4: '4242',
      },
    ]);
  });

  it('uses the default saved card when none is named, and refuses without any card (NoPaymentMethod)', async () => {
    const fan = await newBuyer(t);
    const none = await buy(fan.key, { package_id: cat.addOn.id });
    expect(none.statusCode).toBe(400);
    expect(error(none)).toMatchObject({ code: 'no_payment_method', message: 'NoPaymentMethod' });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, fan.userId))).toHaveLength(0);

    await saveCard(call, fan.key, CARDS.mastercard);
    const cards = await call({ url: '/api/stripe/list-cards', key: fan.key });
    expect(cards.json().data).toMatchObject([{ brand: 'mastercard', last4: '4444', is_default: true }]);
    const res = await buy(fan.key, { package_id: cat.addOn.id });
    expect(res.statusCode).toBe(200);
    const paid = await settled(fan.key, res.json().data.order_id);
    expect(paid.status).toBe('Paid');
    expect(paid.items).toMatchObject([{ kind: 'additional', pass_id: cat.addOn.id }]);
  });

  it('a declined card makes a Failed order with the message, and no paid transaction', async () => {
    const fan = await newBuyer(t);
    const pm = await saveCard(call, fan.key, CARDS.failLater);
    const res = await buy(fan.key, { package_id: cat.sports.id, payment_method_id: pm });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('Failed');
    const failed = await settled(fan.key, res.json().data.order_id);
    expect(failed).toMatchObject({
      status: 'Failed',
      activity_status: 'Inactive',
      failure_message: 'Your card was declined.',
    });
    const txs = await transactionsOf(fan.key);
    expect(txs.filter((x: { status: string }) => x.status === 'paid')).toHaveLength(0);
    expect(txs).toMatchObject([{ status: 'failed' }]);
    // The 0341 card attaches fine but every charge fails.
    const later = await saveCard(call, fan.key, CARDS.failLater);
    const again = await buy(fan.key, { package_id: cat.sports.id, payment_method_id: later });
    expect(again.json().data.status).toBe('Failed');
  });

  it('two concurrent submits of one checkout and a later retry make one order and one charge', async () => {
    const fan = await newBuyer(t);
    const pm = await saveCard(call, fan.key);
    const body = { package_id: cat.team.id, payment_method_id: pm, idempotency_key: checkoutKey() };
    const [a, b] = await Promise.all([buy(fan.key, body), buy(fan.key, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.order_id).toBe(b.json().data.order_id);
    await settled(fan.key, a.json().data.order_id);
    const retry = await buy(fan.key, body);
    expect(retry.json().data).toMatchObject({ order_id: a.json().data.order_id, status: 'Paid' });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, fan.userId))).toHaveLength(1);
    expect(await t.database.db.select().from(transactions).where(eq(transactions.userId, fan.userId))).toHaveLength(1);
    // The same key for another purchase is refused.
    const other = await buy(fan.key, { ...body, package_id: cat.addOn2.id });
    expect(other.statusCode).toBe(409);
    expect(error(other).code).toBe('idempotency_key_reused');
  });

  it('the 3184 card asks for authentication: the approved challenge pays, the refused one fails', async () => {
    const fan = await newBuyer(t);
    const pm = await saveCard(call, fan.key, CARDS.authenticate);
    for (const [outcome, status] of [
      ['complete', 'Paid'],
      ['fail', 'Failed'],
    ] as const) {
      const res = await buy(fan.key, {
        package_id: outcome === 'complete' ? cat.addOn2.id : cat.team.id,
        payment_method_id: pm,
        return_path: '/buy?step=done',
      });
      const result = checkoutResultSchema.parse(res.json().data);
      expect(result.status).toBe('Pending');
      expect(result.next_action_url).toMatch(/^\/sandbox-pay\/authenticate\/pi_\w+\?client_secret=/);
      expect((await order(fan.key, result.order_id)).next_action_url).toBe(result.next_action_url);

      const page = await t.app.inject({ url: result.next_action_url as string, headers: { host: 'localhost' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<html lang="en">');
      expect(page.body).toContain('test authentication');
      expect(page.body).toContain('Complete authentication');
      expect(page.body).toContain('Fail authentication');
      const action = page.body.match(/action="([^"]+)"/)?.[1] as string;
      const secret = page.body.match(/name="client_secret" value="([^"]+)"/)?.[1] as string;

      // Without the payment's secret nobody else settles it.
      const forged = await t.app.inject({
        method: 'POST',
        url: action,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `client_secret=${encodeURIComponent(`${secret}x`)}&outcome=${outcome}`,
      });
      expect(forged.statusCode).toBe(404);
      expect((await order(fan.key, result.order_id)).status).toBe('Pending');

      const answer = await t.app.inject({
        method: 'POST',
        url: action,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
        payload: `client_secret=${encodeURIComponent(secret)}&outcome=${outcome}`,
      });
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toMatch(
        /^http:\/\/localhost(:\d+)?\/buy\?step=done&order_id=\d+&payment_intent=pi_/,
      );
      expect(answer.headers.location).toContain(`order_id=${result.order_id}&`);
      const final = await settled(fan.key, result.order_id);
      expect(final.status).toBe(status);
      if (status === 'Failed') {
        expect(final.failure_message).toBe('We are unable to authenticate your payment method.');
        // The refused attempt names its card, as a declined one does.
        const refused = (await transactionsOf(fan.key)).find((x: { order_id: number }) => x.order_id === final.id);
        expect(refused).toMatchObject({ status: 'failed', card_brand: 'visa', card_last4: '3184' });
      }
      // A used link no longer opens.
      expect((await t.app.inject({ url: result.next_action_url as string })).statusCode).toBe(404);
    }
  });

  it('buy_bundle: a pass with add-ons in one payment, one order, one item per add-on', async () => {
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const res = await buy(
      fan.key,
      { package_id: cat.sports.id, categories: [cat.c1], additional: [cat.addOn.id, cat.addOn2.id] },
      '/api/stripe/buy_bundle',
    );
    expect(res.statusCode).toBe(200);
    const paid = await settled(fan.key, res.json().data.order_id);
    // One sport of three: a third of the pass's price and fee (10.00 + 0.33), with the add-ons in full.
    expect(paid).toMatchObject({ status: 'Paid', subtotal: 17.98, service_fee: 0.33, amount: 18.31 });
    expect(paid.items.map((i) => [i.kind, i.pass_id, i.event_category_id])).toEqual([
      ['package', cat.sports.id, cat.c1],
      ['additional', cat.addOn.id, null],
      ['additional', cat.addOn2.id, null],
    ]);
    expect(await transactionsOf(fan.key)).toHaveLength(1);
    // The profile now shows the passes' capabilities and raised limits, and the purchase count.
    const access = (await call({ url: '/api/user/access', key: fan.key })).json().data;
    expect(access.capabilities).toEqual(expect.arrayContaining(['download', 'no_ads', 'watch']));
    expect(access.limits.downloads).toBe(20);
    expect(access.purchases).toEqual({ subscriptions: 0, packages: 1, events: 0 });
    expect((await call({ url: '/api/profile', key: fan.key })).json().data.capabilities).toContain('no_ads');
    // Bought again: already purchased; the rest of the sports still can be.
    const again = await buy(fan.key, { package_id: cat.sports.id, categories: [cat.c1] });
    expect(again.statusCode).toBe(409);
    expect(error(again).code).toBe('already_purchased');
    const addOnAgain = await buy(fan.key, { package_id: cat.addOn.id });
    expect(error(addOnAgain).code).toBe('already_purchased');
  });

  it('invoice preview and coupons: percent, amount, expired, other pass, switched off, second use', async () => {
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const preview = (body: object) => call({ method: 'POST', url: '/api/stripe/invoice-preview', key: fan.key, body });
    const plain = await preview({ package_id: cat.sports.id });
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
    expect((await preview({ package_id: cat.sports.id, coupon: 'pct25' })).json().data).toMatchObject({
      discount: 7.5,
      total: 23.5,
      coupon: 'PCT25',
    });
    expect((await preview({ package_id: cat.addOn.id, coupon: 'AMT5' })).json().data).toMatchObject({
      subtotal: 4.99,
      discount: 4.99,
      total: 0,
    });
    for (const code of ['NOPE', 'OLD10', 'TEAMONLY', 'OFF']) {
      const res = await preview({ package_id: cat.sports.id, coupon: code });
      expect(res.statusCode).toBe(400);
      expect(error(res)).toMatchObject({ code: 'wrong_promo_code', message: 'Wrong promo code' });
      const check = await call({ url: `/api/apply_coupon?code=${code}&pass_id=${cat.sports.id}`, key: fan.key });
      expect(error(check).code).toBe('wrong_promo_code');
    }
    const check = await call({ url: `/api/apply_coupon?code=amt5&pass_id=${cat.sports.id}`, key: fan.key });
    expect(check.json().data).toEqual({ code: 'AMT5', discount_type: 'amount', discount_value: 5, valid_until: null });

    const res = await buy(fan.key, { package_id: cat.sports.id, coupon: 'PCT25' });
    const paid = await settled(fan.key, res.json().data.order_id);
    expect(paid).toMatchObject({ status: 'Paid', discount: 7.5, amount: 23.5, coupon: 'PCT25' });
    expect(await transactionsOf(fan.key)).toMatchObject([{ amount: 23.5 }]);
    const second = await buy(fan.key, { package_id: cat.team.id, coupon: 'PCT25' });
    expect(error(second).code).toBe('wrong_promo_code');
    const secondCheck = await call({ url: '/api/apply_coupon?code=PCT25', key: fan.key });
    expect(error(secondCheck).code).toBe('wrong_promo_code');

    // A 100% coupon: paid at once, no money moved, no transaction.
    const free = await buy(fan.key, { package_id: cat.addOn2.id, coupon: 'FREE100' });
    expect(free.json().data.status).toBe('Paid');
    expect(await transactionsOf(fan.key)).toHaveLength(1);
  });

  it('a failed payment gives the coupon back', async () => {
    const fan = await newBuyer(t);
    const pm = await saveCard(call, fan.key, CARDS.failLater);
    const res = await buy(fan.key, { package_id: cat.team.id, coupon: 'AMT5', payment_method_id: pm });
    expect(res.json().data.status).toBe('Failed');
    expect(
      await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, fan.userId)),
    ).toHaveLength(0);
  });

  it("answers the catalogue's errors for what cannot be bought", async () => {
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const paid = await pricedGame(t, 'paid');
    const free = await pricedGame(t, 'free');
    const cases: [object, number, string, string?][] = [
      [{}, 400, 'id_not_selected', 'id not selected'],
      // Two things in one checkout: one would be dropped silently.
      [{ subscription_id: cat.monthly.id, package_id: cat.sports.id }, 400, 'validation_failed'],
      [{ subscription_id: cat.annual.id, event_id: paid.id, package_id: cat.single.id }, 400, 'validation_failed'],
      // A plan with a one-off add-on would charge it at every renewal.
      [
        { subscription_id: cat.annual.id, additional: [cat.addOn.id] },
        400,
        'validation_failed',
        'body.additional: A plan takes no add-ons',
      ],
      [{ event_id: paid.id }, 400, 'single_event_package_required'],
      [{ event_id: paid.id, package_id: cat.sports.id }, 400, 'single_event_package_required'],
      [{ event_id: free.id, package_id: cat.single.id }, 400, 'not_for_sale'],
      [{ event_id: 2_000_000_000, package_id: cat.single.id }, 404, 'event_not_found'],
      [{ package_id: 2_000_000_000 }, 404, 'pass_not_found', 'Pass not found'],
      [{ package_id: cat.monthly.id }, 404, 'pass_not_found'],
      [{ subscription_id: cat.sports.id }, 404, 'pass_not_found'],
      [{ package_id: cat.inactive.id }, 400, 'not_for_sale'],
      [{ package_id: cat.single.id }, 400, 'id_not_selected'],
      [{ package_id: cat.sports.id, categories: [999_999] }, 400, 'validation_failed'],
      [{ package_id: cat.sports.id, additional: [cat.sports.id] }, 404, 'pass_not_found'],
      [{ package_id: cat.sports.id, payment_method_id: 'pm_notmine' }, 404, 'payment_method_not_found'],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await buy(fan.key, body);
      expect([res.statusCode, error(res).code], JSON.stringify(body)).toEqual([status, code]);
      if (message) expect(error(res).message).toBe(message);
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, fan.userId))).toHaveLength(0);
  });

  it("another fan's orders, transactions and cards are never theirs", async () => {
    const owner = await newBuyer(t, 'owner');
    const ownerCard = await saveCard(call, owner.key);
    const res = await buy(owner.key, { package_id: cat.addOn.id });
    const orderId = res.json().data.order_id as number;
    await settled(owner.key, orderId);
    const other = await newBuyer(t, 'other');
    await saveCard(call, other.key);

    const byId = await call({ url: `/api/orders/${orderId}`, key: other.key });
    expect(byId.statusCode).toBe(404);
    expect(error(byId).code).toBe('order_not_found');
    expect((await call({ url: '/api/orders?no_limit=1', key: other.key })).json().data).toEqual([]);
    expect((await call({ url: '/api/transactions', key: other.key })).json().data).toEqual([]);
    expect(
      (await call({ url: '/api/stripe/list-cards', key: other.key })).json().data.map((c: { id: string }) => c.id),
    ).not.toContain(ownerCard);
    const steal = await buy(other.key, { package_id: cat.addOn.id, payment_method_id: ownerCard });
    expect(steal.statusCode).toBe(404);
    expect(error(steal).code).toBe('payment_method_not_found');

    // The owner sees theirs, in the list and among the active ones.
    const mine = await call({ url: '/api/orders?active=1', key: owner.key });
    expect(mine.json().data.map((o: { id: number }) => o.id)).toEqual([orderId]);
    expect(mine.json().meta.total).toBe(1);
  });

  it('every call needs a signed-in fan', async () => {
    const guest = (
      await t.app.inject({
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
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const bad: object[] = [
      { package_id: cat.sports.id, idempotency_key: 'short' },
      { package_id: cat.sports.id, idempotency_key: 'abc\u0000defghij' },
      { package_id: 99_999_999_999, idempotency_key: checkoutKey() },
      { package_id: '12', idempotency_key: checkoutKey() },
      { package_id: cat.sports.id, idempotency_key: checkoutKey(), coupon: 'A\u0000B' },
      { package_id: cat.sports.id, idempotency_key: checkoutKey(), categories: 'all' },
      { package_id: cat.sports.id, idempotency_key: checkoutKey(), amount: 1 },
      { package_id: cat.sports.id, idempotency_key: checkoutKey(), return_path: 'https://evil.example/' },
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
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, fan.userId))).toHaveLength(0);
  });
});
