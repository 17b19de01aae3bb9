import { checkoutResultSchema, orderSchema } from '@sideline/contract/commerce';
import { errorBodySchema } from '@sideline/contract/errors';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARDS, checkoutKey, commerceSuite, newBuyer, pricedGame, saveCard } from '../../../test/support/commerce';
import type { Inject } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { sandboxPaymentIntents } from '../payment-sandbox/sandbox.table';
import { orders, transactions } from './orders.table';

/**
 * A fan pays for a thing once: each attempt has its own checkout key (a double click, a second tab, a retry after
 * leaving the card's authentication page), so the key alone cannot stop a second charge.
 */
describe.each(dbKinds())('one purchase per item on %s', (kind) => {
  // Payments stay `processing` until `confirmDue` moves their confirmation time to now.
  const suite = commerceSuite(kind, { SANDBOX_SETTLE_MS: '60000' });
  const call: Inject = (req) => suite.call(req);

  const confirmDue = async () => {
    await suite.t.database.db
      .update(sandboxPaymentIntents)
      .set({ settleAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxPaymentIntents.status, 'processing'));
    await suite.t.services.payments.runDue();
  };
  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const buy = (key: string, body: object) =>
    call({ method: 'POST', url: '/api/stripe/buy', key, body: { idempotency_key: checkoutKey(), ...body } });
  const order = async (key: string, id: number) =>
    orderSchema.parse((await call({ url: `/api/orders/${id}`, key })).json().data);
  const rowsOf = async (userId: number) => ({
    orders: await suite.t.database.db.select().from(orders).where(eq(orders.userId, userId)),
    charges: await suite.t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.status, 'paid'))),
  });

  it('three buys of one game at once, each with its own key, make one order and one charge', async () => {
    const fan = await newBuyer(suite.t);
    const pm = await saveCard(call, fan.key);
    const game = await pricedGame(suite.t, 'paid');
    const body = { event_id: game.id, package_id: suite.cat.single.id, payment_method_id: pm };
    const answers = await Promise.all([buy(fan.key, body), buy(fan.key, body), buy(fan.key, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(error(refused)).toMatchObject({
        code: 'purchase_pending',
        message: 'A payment for this is already in progress. Wait a moment and check your orders',
      });
    }
    await confirmDue();
    const after = await rowsOf(fan.userId);
    expect(after.orders.map((o) => o.status)).toEqual(['Paid']);
    expect(after.charges).toHaveLength(1);
    // Once paid, a new attempt hears that the fan has it already.
    const again = await buy(fan.key, body);
    expect(again.statusCode).toBe(409);
    expect(error(again).code).toBe('already_purchased');
  });

  it('a second buy of a pass while the first payment is being confirmed is refused, nothing written', async () => {
    const fan = await newBuyer(suite.t);
    const pm = await saveCard(call, fan.key);
    const first = await buy(fan.key, { package_id: suite.cat.team.id, payment_method_id: pm });
    expect(checkoutResultSchema.parse(first.json().data).status).toBe('Pending');
    const second = await buy(fan.key, {
      package_id: suite.cat.team.id,
      participants: [suite.cat.p1],
      payment_method_id: pm,
    });
    expect(second.statusCode).toBe(409);
    expect(error(second).code).toBe('purchase_pending');
    expect((await rowsOf(fan.userId)).orders).toHaveLength(1);
    // Another thing is still for sale meanwhile.
    const other = await buy(fan.key, { package_id: suite.cat.addOn2.id, payment_method_id: pm });
    expect(other.statusCode).toBe(200);
    await confirmDue();
    expect((await rowsOf(fan.userId)).charges).toHaveLength(2);
  });

  it('a new attempt replaces one left on the authentication page, whose link can no longer charge', async () => {
    const fan = await newBuyer(suite.t);
    const challenged = await saveCard(call, fan.key, CARDS.authenticate);
    const game = await pricedGame(suite.t, 'paid');
    const body = { event_id: game.id, package_id: suite.cat.single.id };
    const left = checkoutResultSchema.parse(
      (await buy(fan.key, { ...body, payment_method_id: challenged })).json().data,
    );
    expect(left.next_action_url).toMatch(/^\/sandbox-pay\/authenticate\//);

    const plain = await saveCard(call, fan.key);
    const res = await buy(fan.key, { ...body, payment_method_id: plain });
    expect(res.statusCode).toBe(200);
    const fresh = checkoutResultSchema.parse(res.json().data);
    expect(fresh.order_id).not.toBe(left.order_id);
    expect(await order(fan.key, left.order_id)).toMatchObject({
      status: 'Failed',
      failure_message: 'Replaced by a newer payment attempt.',
      next_action_url: null,
    });

    // The old challenge page is gone, and approving it anyway charges nothing.
    const link = left.next_action_url as string;
    expect((await suite.t.app.inject({ url: link, headers: { host: 'localhost' } })).statusCode).toBe(404);
    const secret = new URL(link, 'http://localhost').searchParams.get('client_secret') as string;
    await suite.t.app.inject({
      method: 'POST',
      url: link.split('?')[0] as string,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
      payload: `client_secret=${encodeURIComponent(secret)}&outcome=complete`,
    });
    await confirmDue();
    expect((await order(fan.key, left.order_id)).status).toBe('Failed');
    expect((await order(fan.key, fresh.order_id)).status).toBe('Paid');
    expect((await rowsOf(fan.userId)).charges.map((c) => c.orderId)).toEqual([fresh.order_id]);
  });

  it('a plan waiting for authentication is not replaced: a second plan checkout is refused', async () => {
    const fan = await newBuyer(suite.t);
    const challenged = await saveCard(call, fan.key, CARDS.authenticate);
    const left = await buy(fan.key, { subscription_id: suite.cat.annual.id, payment_method_id: challenged });
    expect(checkoutResultSchema.parse(left.json().data).next_action_url).not.toBeNull();
    const plain = await saveCard(call, fan.key);
    const again = await buy(fan.key, { subscription_id: suite.cat.annual.id, payment_method_id: plain });
    expect(again.statusCode).toBe(409);
    expect(error(again).code).toBe('purchase_pending');
    expect((await rowsOf(fan.userId)).orders).toHaveLength(1);
  });
});
