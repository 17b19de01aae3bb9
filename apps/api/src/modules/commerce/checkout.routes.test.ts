import { checkoutResultSchema } from '@sideline/contract/commerce';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutReads, errorOf as error } from '../../../test/support/checkout-reads';
import { CARDS, checkoutKey, commerceSuite, newBuyer, pricedGame, saveCard } from '../../../test/support/commerce';
import type { Inject } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { orders, transactions } from './orders.table';

describe.each(dbKinds())('checkout on %s', (kind) => {
  const suite = commerceSuite(kind, { SANDBOX_SETTLE_MS: '0' });
  const { order, settled, transactionsOf } = checkoutReads(suite);
  const call: Inject = (...args) => suite.call(...args);
  const buy = (key: string, body: object, url = '/api/stripe/buy') =>
    call({ method: 'POST', url, key, body: { idempotency_key: checkoutKey(), ...body } });

  it('buys a paid game with 4242: processing, then Paid and Active with one charge carrying the card', async () => {
    const fan = await newBuyer(suite.t);
    const pm = await saveCard(call, fan.key);
    const game = await pricedGame(suite.t, 'paid');
    const res = await buy(fan.key, { event_id: game.id, package_id: suite.cat.single.id, payment_method_id: pm });
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
    const fan = await newBuyer(suite.t);
    const none = await buy(fan.key, { package_id: suite.cat.addOn.id });
    expect(none.statusCode).toBe(400);
    expect(error(none)).toMatchObject({ code: 'no_payment_method', message: 'NoPaymentMethod' });
    expect(await suite.t.database.db.select().from(orders).where(eq(orders.userId, fan.userId))).toHaveLength(0);

    await saveCard(call, fan.key, CARDS.mastercard);
    const cards = await call({ url: '/api/stripe/list-cards', key: fan.key });
    expect(cards.json().data).toMatchObject([{ brand: 'mastercard', last4: '4444', is_default: true }]);
    const res = await buy(fan.key, { package_id: suite.cat.addOn.id });
    expect(res.statusCode).toBe(200);
    const paid = await settled(fan.key, res.json().data.order_id);
    expect(paid.status).toBe('Paid');
    expect(paid.items).toMatchObject([{ kind: 'additional', pass_id: suite.cat.addOn.id }]);
  });

  it('a declined card makes a Failed order with the message, and no paid transaction', async () => {
    const fan = await newBuyer(suite.t);
    const pm = await saveCard(call, fan.key, CARDS.failLater);
    const res = await buy(fan.key, { package_id: suite.cat.sports.id, payment_method_id: pm });
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
    const again = await buy(fan.key, { package_id: suite.cat.sports.id, payment_method_id: later });
    expect(again.json().data.status).toBe('Failed');
  });

  it('two concurrent submits of one checkout and a later retry make one order and one charge', async () => {
    const fan = await newBuyer(suite.t);
    const pm = await saveCard(call, fan.key);
    const body = { package_id: suite.cat.team.id, payment_method_id: pm, idempotency_key: checkoutKey() };
    const [a, b] = await Promise.all([buy(fan.key, body), buy(fan.key, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.order_id).toBe(b.json().data.order_id);
    await settled(fan.key, a.json().data.order_id);
    const retry = await buy(fan.key, body);
    expect(retry.json().data).toMatchObject({ order_id: a.json().data.order_id, status: 'Paid' });
    expect(await suite.t.database.db.select().from(orders).where(eq(orders.userId, fan.userId))).toHaveLength(1);
    expect(
      await suite.t.database.db.select().from(transactions).where(eq(transactions.userId, fan.userId)),
    ).toHaveLength(1);
    // The same key for another purchase is refused.
    const other = await buy(fan.key, { ...body, package_id: suite.cat.addOn2.id });
    expect(other.statusCode).toBe(409);
    expect(error(other).code).toBe('idempotency_key_reused');
  });

  it('the 3184 card asks for authentication: the approved challenge pays, the refused one fails', async () => {
    const fan = await newBuyer(suite.t);
    const pm = await saveCard(call, fan.key, CARDS.authenticate);
    for (const [outcome, status] of [
      ['complete', 'Paid'],
      ['fail', 'Failed'],
    ] as const) {
      const res = await buy(fan.key, {
        package_id: outcome === 'complete' ? suite.cat.addOn2.id : suite.cat.team.id,
        payment_method_id: pm,
        return_path: '/buy?step=done',
      });
      const result = checkoutResultSchema.parse(res.json().data);
      expect(result.status).toBe('Pending');
      expect(result.next_action_url).toMatch(/^\/sandbox-pay\/authenticate\/pi_\w+\?client_secret=/);
      expect((await order(fan.key, result.order_id)).next_action_url).toBe(result.next_action_url);

      const page = await suite.t.app.inject({ url: result.next_action_url as string, headers: { host: 'localhost' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<html lang="en">');
      expect(page.body).toContain('test authentication');
      expect(page.body).toContain('Complete authentication');
      expect(page.body).toContain('Fail authentication');
      const action = page.body.match(/action="([^"]+)"/)?.[1] as string;
      const secret = page.body.match(/name="client_secret" value="([^"]+)"/)?.[1] as string;

      // Without the payment's secret nobody else settles it.
      const forged = await suite.t.app.inject({
        method: 'POST',
        url: action,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `client_secret=${encodeURIComponent(`${secret}x`)}&outcome=${outcome}`,
      });
      expect(forged.statusCode).toBe(404);
      expect((await order(fan.key, result.order_id)).status).toBe('Pending');

      const answer = await suite.t.app.inject({
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
      expect((await suite.t.app.inject({ url: result.next_action_url as string })).statusCode).toBe(404);
    }
  });

  it('buy_bundle: a pass with add-ons in one payment, one order, one item per add-on', async () => {
    const fan = await newBuyer(suite.t);
    await saveCard(call, fan.key);
    const res = await buy(
      fan.key,
      {
        package_id: suite.cat.sports.id,
        categories: [suite.cat.c1],
        additional: [suite.cat.addOn.id, suite.cat.addOn2.id],
      },
      '/api/stripe/buy_bundle',
    );
    expect(res.statusCode).toBe(200);
    const paid = await settled(fan.key, res.json().data.order_id);
    // One sport of three: a third of the pass's price and fee (10.00 + 0.33), with the add-ons in full.
    expect(paid).toMatchObject({ status: 'Paid', subtotal: 17.98, service_fee: 0.33, amount: 18.31 });
    expect(paid.items.map((i) => [i.kind, i.pass_id, i.event_category_id])).toEqual([
      ['package', suite.cat.sports.id, suite.cat.c1],
      ['additional', suite.cat.addOn.id, null],
      ['additional', suite.cat.addOn2.id, null],
    ]);
    expect(await transactionsOf(fan.key)).toHaveLength(1);
    // The profile now shows the passes' capabilities and raised limits, and the purchase count.
    const access = (await call({ url: '/api/user/access', key: fan.key })).json().data;
    expect(access.capabilities).toEqual(expect.arrayContaining(['download', 'no_ads', 'watch']));
    expect(access.limits.downloads).toBe(20);
    expect(access.purchases).toEqual({ subscriptions: 0, packages: 1, events: 0 });
    expect((await call({ url: '/api/profile', key: fan.key })).json().data.capabilities).toContain('no_ads');
    // Bought again: already purchased; the rest of the sports still can be.
    const again = await buy(fan.key, { package_id: suite.cat.sports.id, categories: [suite.cat.c1] });
    expect(again.statusCode).toBe(409);
    expect(error(again).code).toBe('already_purchased');
    const addOnAgain = await buy(fan.key, { package_id: suite.cat.addOn.id });
    expect(error(addOnAgain).code).toBe('already_purchased');
  });
});
