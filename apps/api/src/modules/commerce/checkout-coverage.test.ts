import { errorBodySchema } from '@sideline/contract/errors';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buy, checkoutKey, commerceSuite, newBuyer, pricedGame, saveCard, until } from '../../../test/support/commerce';
import { dbKinds } from '../../../test/support/test-database';
import type { Db } from '../../db/client';
import { events } from '../events/events.table';
import { orderItems, orders } from './orders.table';

/** An active paid plan, as a finished plan checkout leaves it (the plan's payment is not what is tested here). */
async function grantPlan(db: Db, userId: number, pass: { id: number; name: string; basePriceCents: number }) {
  const [order] = await db
    .insert(orders)
    .values({
      channelId: 1,
      userId,
      type: 'subscription',
      passId: pass.id,
      name: pass.name,
      status: 'Paid',
      activityStatus: 'Active',
      subtotalCents: pass.basePriceCents,
      amountCents: pass.basePriceCents,
      currency: 'USD',
      idempotencyKey: checkoutKey(),
      provider: 'sandbox',
      paidAt: new Date(),
      offer: 'annual',
      period: 1,
      currentPeriodEnd: new Date(Date.now() + 300 * 86_400_000),
    })
    .returning();
  if (!order) throw new Error('no order');
  await db.insert(orderItems).values({ orderId: order.id, kind: 'subscription', passId: pass.id, name: pass.name });
}

describe.each(dbKinds())('checkout against what the fan already has, on %s', (kind) => {
  const s = commerceSuite(kind, { SANDBOX_SETTLE_MS: '0' });
  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const preview = (key: string, body: object) =>
    s.call({ method: 'POST', url: '/api/stripe/invoice-preview', key, body });
  const ordersOf = (userId: number) => s.t.database.db.select().from(orders).where(eq(orders.userId, userId));
  /** Buys and waits for the payment's confirmation; returns the order as the fan reads it. */
  const pay = async (key: string, body: object) => {
    const res = await buy(s.call, key, body);
    expect(res.statusCode).toBe(200);
    const id = res.json().data.order_id;
    return until(
      s.t,
      async () => (await s.call({ url: `/api/orders/${id}`, key })).json().data,
      (o) => o.status === 'Paid',
    );
  };
  const expectRefused = async (key: string, body: object, code: string, status = 409) => {
    const p = await preview(key, body);
    expect(p.statusCode).toBe(status);
    expect(error(p).code).toBe(code);
    const b = await buy(s.call, key, body);
    expect(b.statusCode).toBe(status);
    expect(error(b).code).toBe(code);
    return error(b);
  };

  it('a fan whose sport pass opens a game is not sold that game: preview and buy say so, nothing is charged', async () => {
    const fan = await newBuyer(s.t);
    await saveCard(s.call, fan.key);
    await pay(fan.key, { package_id: s.cat.sports.id, categories: [s.cat.c1] });
    const game = await pricedGame(s.t, 'paid', { categoryId: s.cat.c1 });
    const seen = await s.call({ url: `/api/events/${game.id}`, key: fan.key });
    expect(seen.json().data.has_access).toBe(true);

    const refused = await expectRefused(
      fan.key,
      { event_id: game.id, package_id: s.cat.single.id },
      'already_has_access',
    );
    expect(refused.message).toBe('What you already have covers this: there is nothing to buy');
    expect(await ordersOf(fan.userId)).toHaveLength(1);

    // A game of another sport is still for sale.
    const [other] = await s.t.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.channelId, 1), eq(events.accessType, 'paid'), ne(events.eventCategoryId, s.cat.c1)))
      .limit(1);
    if (!other) throw new Error('no paid game of another sport');
    expect((await preview(fan.key, { event_id: other.id, package_id: s.cat.single.id })).statusCode).toBe(200);
  });

  it('a fan with an annual plan is sold neither a paid game, a monthly plan nor a sport pass; add-ons still sell', async () => {
    const fan = await newBuyer(s.t);
    await saveCard(s.call, fan.key);
    await grantPlan(s.t.database.db, fan.userId, s.cat.annual);
    const game = await pricedGame(s.t, 'paid');
    await expectRefused(fan.key, { event_id: game.id, package_id: s.cat.single.id }, 'already_has_access');
    await expectRefused(fan.key, { subscription_id: s.cat.monthly.id }, 'already_has_access');
    await expectRefused(fan.key, { subscription_id: s.cat.annual.id }, 'already_purchased');
    await expectRefused(fan.key, { package_id: s.cat.sports.id }, 'already_has_access');
    await expectRefused(fan.key, { package_id: s.cat.team.id, participants: [s.cat.p1] }, 'already_has_access');
    // The trial route refuses it too (a plan while a plan is active), before any card or trial is touched.
    const trial = await s.call({
      method: 'POST',
      url: '/api/stripe/subscription/start_trial',
      key: fan.key,
      body: { subscription_id: s.cat.monthly.id, idempotency_key: checkoutKey() },
    });
    expect(trial.statusCode).toBe(409);
    expect(error(trial).code).toBe('already_has_access');
    expect(await ordersOf(fan.userId)).toHaveLength(1);
    // A pay-per-view game is never in a plan, and an add-on gives what the plan does not: both are for sale.
    const ppv = await pricedGame(s.t, 'ppv');
    expect((await preview(fan.key, { event_id: ppv.id, package_id: s.cat.single.id })).statusCode).toBe(200);
    expect((await preview(fan.key, { package_id: s.cat.addOn.id })).statusCode).toBe(200);
  });

  it('sells only the add-ons a pass lists: an add-on takes no add-on of its own', async () => {
    const fan = await newBuyer(s.t);
    await saveCard(s.call, fan.key);
    for (const url of ['/api/stripe/buy_bundle', '/api/stripe/buy', '/api/stripe/invoice-preview']) {
      const res = await s.call({
        method: 'POST',
        url,
        key: fan.key,
        body: {
          ...(url.endsWith('preview') ? {} : { idempotency_key: checkoutKey() }),
          package_id: s.cat.addOn.id,
          additional: [s.cat.addOn2.id],
        },
      });
      expect(res.statusCode, url).toBe(400);
      expect(error(res)).toMatchObject({ code: 'validation_failed', field: 'additional' });
      expect(error(res).details?.[0]?.message).toBe('An add-on takes no add-ons');
    }
    expect(await ordersOf(fan.userId)).toHaveLength(0);
    // With a pass that lists it, the same add-on sells.
    const ok = await preview(fan.key, { package_id: s.cat.sports.id, additional: [s.cat.addOn2.id] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.lines).toMatchObject([{ name: 'T Sports Pass' }, { name: 'T Replay Add-on', amount: 2.99 }]);
  });

  it('prices a pass by the sports chosen, and the rest bought later costs only its own share', async () => {
    const fan = await newBuyer(s.t);
    await saveCard(s.call, fan.key);
    // The sports pass: 30.00 + 1.00 fee for three sports, so 10.00 + 0.33 each.
    const one = await preview(fan.key, { package_id: s.cat.sports.id, categories: [s.cat.c1] });
    expect(one.json().data).toMatchObject({
      lines: [{ name: 'T Sports Pass', amount: 10 }],
      subtotal: 10,
      service_fee: 0.33,
      total: 10.33,
    });
    const first = await pay(fan.key, { package_id: s.cat.sports.id, categories: [s.cat.c1] });
    expect(first).toMatchObject({ subtotal: 10, service_fee: 0.33, amount: 10.33 });

    // Asking for the whole pass now: the sport already bought is not charged again.
    const rest = await preview(fan.key, { package_id: s.cat.sports.id });
    expect(rest.json().data).toMatchObject({ subtotal: 20, service_fee: 0.67, total: 20.67 });
    const second = await pay(fan.key, { package_id: s.cat.sports.id });
    expect(second).toMatchObject({ subtotal: 20, service_fee: 0.67, amount: 20.67 });
    expect(first.amount + second.amount).toBe(31);
    expect(error(await preview(fan.key, { package_id: s.cat.sports.id })).code).toBe('already_purchased');

    // A team pass's teams likewise: 20.00 for two teams, 10.00 for one.
    const team = await preview(fan.key, { package_id: s.cat.team.id, participants: [s.cat.p2] });
    expect(team.json().data).toMatchObject({ subtotal: 10, total: 10 });
    // The whole pass costs its price.
    const whole = await preview(fan.key, { package_id: s.cat.team.id });
    expect(whole.json().data).toMatchObject({ subtotal: 20, total: 20 });
  });
});
