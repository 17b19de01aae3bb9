import { orderSchema } from '@sideline/contract/commerce';
import { errorBodySchema } from '@sideline/contract/errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buy,
  CARDS,
  type Catalogue,
  checkoutKey,
  fakeSandboxSubscriptions,
  newBuyer,
  saveCard,
  seedCatalogue,
  until,
} from '../../../test/support/commerce';
import { mailsTo } from '../../../test/support/outbox';
import { caller, createTestApp, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import type { Db } from '../../db/client';
import { localSecret } from '../../lib/local-secret';
import { users } from '../auth/users.table';
import { emitSandboxEvent } from '../payment-sandbox';
import { sandboxEvents } from '../payment-sandbox/sandbox.table';
import type { ProviderEvent } from '../payments';
import { signWebhook } from '../payments';
import { orders, providerEvents, transactions } from './orders.table';

describe.each(dbKinds())('payment webhook and plans on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let cat: Catalogue;
  let secret: string;
  let db: Db;
  const planEvents: ProviderEvent[] = [];
  const subscriptions = fakeSandboxSubscriptions(() => db);

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { SANDBOX_SETTLE_MS: '0' },
      {
        sandboxSubscriptions: subscriptions,
        plans: {
          async handleEvent(event) {
            planEvents.push(event);
          },
        },
      },
    );
    db = t.database.db;
    call = caller(t.app);
    cat = await seedCatalogue(t);
    secret = await localSecret(t.dataDir, 'sandbox-webhook');
  }, 60_000);
  afterAll(() => t.close());

  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const post = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload: body,
    });
  const order = async (key: string, id: number) =>
    orderSchema.parse((await call({ url: `/api/orders/${id}`, key })).json().data);
  const count = async (table: typeof transactions | typeof orders | typeof providerEvents) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;
  /** The events the sandbox sent for an order's payment, as delivered. */
  const sentEvents = async () => db.select().from(sandboxEvents).orderBy(sandboxEvents.createdAt);

  it('refuses a forged, stale or missing signature, and changes nothing', async () => {
    const fan = await newBuyer(t);
    // A card waiting for its authentication: nothing settles it meanwhile.
    await saveCard(call, fan.key, CARDS.authenticate);
    const res = await buy(call, fan.key, { package_id: cat.addOn.id });
    const orderId = res.json().data.order_id as number;
    const [pi] = await db.select().from(orders).where(eq(orders.id, orderId));
    const body = JSON.stringify({
      id: 'evt_forged_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: pi?.providerPaymentId,
          object: 'payment_intent',
          amount: 1,
          currency: 'usd',
          status: 'succeeded',
          metadata: { order_id: String(orderId) },
        },
      },
    });
    const stored = async () =>
      (await db.select().from(providerEvents).where(eq(providerEvents.id, 'evt_forged_1'))).length;
    for (const signature of [
      undefined,
      'garbage',
      signWebhook(body, 'another-secret'),
      signWebhook(body, secret, Math.floor(Date.now() / 1000) - 3600),
      signWebhook(`${body} `, secret),
    ]) {
      const r = await post(body, signature);
      expect(r.statusCode).toBe(400);
      expect(error(r)).toMatchObject({ code: 'webhook_signature_invalid', message: 'The signature is not valid' });
    }
    expect(await stored()).toBe(0);
    expect((await order(fan.key, orderId)).status).toBe('Pending');
    // Signed right, it is taken (with the amount the event names: the provider's word on what was charged).
    expect((await post(body, signWebhook(body, secret))).statusCode).toBe(200);
    expect((await order(fan.key, orderId)).status).toBe('Paid');
  });

  it('confirms on its own: the wake job and the timer settle and deliver, the polling client sees Paid', async () => {
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const res = await buy(call, fan.key, { package_id: cat.addOn.id });
    const id = res.json().data.order_id as number;
    // The client's order poll, nothing else: no drain, no runDue.
    let status = '';
    for (let i = 0; i < 100 && status !== 'Paid'; i++) {
      status = (await order(fan.key, id)).status;
      if (status !== 'Paid') await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('Paid');
  });

  it('10 replays of each payment event make one order state and one transaction', async () => {
    const fan = await newBuyer(t);
    const good = await saveCard(call, fan.key);
    const declined = await saveCard(call, fan.key, CARDS.failLater);
    const ok = await buy(call, fan.key, { package_id: cat.addOn2.id, payment_method_id: good });
    const bad = await buy(call, fan.key, { package_id: cat.team.id, payment_method_id: declined });
    await until(
      t,
      async () => (await sentEvents()).every((e) => e.deliveredAt !== null),
      (v) => v,
    );
    const events = (await sentEvents()).filter((e) => {
      const metadata = ((e.payload as { data: { object: { metadata?: Record<string, string> } } }).data.object
        .metadata ?? {}) as Record<string, string>;
      return [String(ok.json().data.order_id), String(bad.json().data.order_id)].includes(metadata.order_id ?? '');
    });
    expect(events.map((e) => e.type).sort()).toEqual(['payment_intent.payment_failed', 'payment_intent.succeeded']);
    const txBefore = await count(transactions);
    for (const e of events) {
      const body = JSON.stringify(e.payload);
      const replies = await Promise.all(Array.from({ length: 10 }, () => post(body, signWebhook(body, secret))));
      expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    }
    expect(await count(transactions)).toBe(txBefore);
    expect((await order(fan.key, ok.json().data.order_id)).status).toBe('Paid');
    expect((await order(fan.key, bad.json().data.order_id)).status).toBe('Failed');
    const mine = await db.select().from(transactions).where(eq(transactions.userId, fan.userId));
    expect(mine.map((x) => x.status).sort()).toEqual(['failed', 'paid']);
  });

  it('a trial starts at once: Paid, active, renewing, no charge; the trial is used once', async () => {
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const preview = await call({
      method: 'POST',
      url: '/api/stripe/invoice-preview',
      key: fan.key,
      body: { subscription_id: cat.monthly.id },
    });
    expect(preview.json().data).toMatchObject({ total: 0, trial_days: 30, next_charge_amount: 14.99 });
    const nextCharge = Date.parse(preview.json().data.next_charge_at);
    expect(Math.abs(nextCharge - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);

    const res = await call({
      method: 'POST',
      url: '/api/stripe/subscription/start_trial',
      key: fan.key,
      body: { subscription_id: cat.monthly.id, idempotency_key: checkoutKey() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('Paid');
    const o = await order(fan.key, res.json().data.order_id);
    expect(o).toMatchObject({
      status: 'Paid',
      activity_status: 'Active',
      type: 'subscription',
      subscription_status: 'active',
      auto_renewal: 'Active',
      offer: 'monthly',
    });
    expect(o.trial_end).not.toBeNull();
    expect(o.current_period_end).toBe(o.trial_end);
    expect(await db.select().from(transactions).where(eq(transactions.userId, fan.userId))).toHaveLength(0);
    const [user] = await db.select().from(users).where(eq(users.id, fan.userId));
    expect(user?.trialPeriodUsed).toBe(true);
    expect((await call({ url: '/api/profile', key: fan.key })).json().data).toMatchObject({ trial_period_used: true });
    // Its mail says what started and when the first charge comes, not that a payment was received.
    await t.services.jobs.add({ name: 'mail.send', data: {} });
    const mails = await mailsTo(t, user?.email ?? '-');
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('free trial of T Monthly has started')]);
    expect(mails[0]?.text).toContain('nothing is charged today');
    expect(mails[0]?.text).toContain('$14.99');
    expect(mails[0]?.text).not.toContain('Amount paid');
    const access = (await call({ url: '/api/user/access', key: fan.key })).json().data;
    expect(access.capabilities).toEqual(expect.arrayContaining(['clipping', 'download_clip']));
    expect(access.purchases.subscriptions).toBe(1);
    // The passes list shows it purchased for this fan only.
    const subs = await call({ url: `/api/subscriptions?api_key=${fan.key}` });
    expect(subs.json().data.find((p: { id: number }) => p.id === cat.monthly.id).purchased).toBe(true);
    const guestSubs = await call({ url: '/api/subscriptions' });
    expect(guestSubs.json().data.find((p: { id: number }) => p.id === cat.monthly.id).purchased).toBe(false);

    const again = await call({
      method: 'POST',
      url: '/api/stripe/subscription/start_trial',
      key: fan.key,
      body: { subscription_id: cat.annual.id, idempotency_key: checkoutKey() },
    });
    expect(again.statusCode).toBe(409);
    expect(error(again).code).toBe('trial_already_used');
    const same = await buy(call, fan.key, { subscription_id: cat.monthly.id });
    expect(error(same).code).toBe('already_purchased');
  });

  it('two trials started at once for one fan: one starts, the other is refused', async () => {
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const start = () =>
      call({
        method: 'POST',
        url: '/api/stripe/subscription/start_trial',
        key: fan.key,
        body: { subscription_id: cat.monthly.id, idempotency_key: checkoutKey() },
      });
    const replies = await Promise.all([start(), start()]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = replies.find((r) => r.statusCode === 409);
    if (!refused) throw new Error('no refusal');
    expect(['trial_already_used', 'already_purchased', 'purchase_pending']).toContain(error(refused).code);
    expect(await db.select().from(orders).where(eq(orders.userId, fan.userId))).toHaveLength(1);
  });

  it('a plan without a trial is paid by its first invoice (invoice.paid, subscription_create), replayed 10 times', async () => {
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const res = await buy(call, fan.key, { subscription_id: cat.annual.id });
    expect(res.json().data.status).toBe('Pending');
    const id = res.json().data.order_id as number;
    const paid = await until(
      t,
      () => order(fan.key, id),
      (o) => o.status === 'Paid',
    );
    expect(paid).toMatchObject({ activity_status: 'Active', subscription_status: 'active', auto_renewal: 'Active' });
    expect(paid.current_period_end).not.toBeNull();
    const mine = async () => db.select().from(transactions).where(eq(transactions.userId, fan.userId));
    expect(await mine()).toMatchObject([{ kind: 'charge', status: 'paid', amountCents: 11999, cardLast4: '4242' }]);
    const [invoice] = (await sentEvents()).filter(
      (e) => e.type === 'invoice.paid' && JSON.stringify(e.payload).includes(`order_${id}`),
    );
    const body = JSON.stringify(invoice?.payload);
    for (let i = 0; i < 10; i++) expect((await post(body, signWebhook(body, secret))).statusCode).toBe(200);
    expect(await mine()).toHaveLength(1);
  });

  it("hands a plan's later events to the plans work once each, whatever the replays", async () => {
    const sub = 'sub_plans_events';
    const objects: [string, Record<string, unknown>][] = [
      [
        'invoice.paid',
        {
          id: 'in_cycle',
          object: 'invoice',
          subscription: sub,
          amount_paid: 1499,
          currency: 'usd',
          billing_reason: 'subscription_cycle',
          lines: { data: [] },
        },
      ],
      [
        'invoice.payment_failed',
        { id: 'in_fail', object: 'invoice', subscription: sub, amount_due: 1499, currency: 'usd', attempt_count: 1 },
      ],
      [
        'customer.subscription.trial_will_end',
        { id: sub, object: 'subscription', trial_end: 1_900_000_000, status: 'trialing' },
      ],
      ['customer.subscription.deleted', { id: sub, object: 'subscription', status: 'canceled' }],
      ['charge.refunded', { id: 'ch_1', object: 'charge' }],
    ];
    const before = planEvents.length;
    await db.transaction(async (tx) => {
      for (const [type, object] of objects) await emitSandboxEvent(tx, type, object);
    });
    await t.services.payments.runDue();
    const rows = (await sentEvents()).filter(
      (e) =>
        (objects.some(([type]) => type === e.type) && JSON.stringify(e.payload).includes(sub)) ||
        e.type === 'charge.refunded',
    );
    expect(rows.every((r) => r.deliveredAt !== null)).toBe(true);
    for (const r of rows) {
      const body = JSON.stringify(r.payload);
      for (let i = 0; i < 10; i++) expect((await post(body, signWebhook(body, secret))).statusCode).toBe(200);
    }
    expect(planEvents.slice(before).map((e) => e.type)).toEqual([
      'invoice.paid',
      'invoice.failed',
      'subscription.trial_will_end',
      'subscription.ended',
    ]);
  });
});
