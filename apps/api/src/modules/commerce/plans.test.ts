import { orderSchema } from '@sideline/contract/commerce';
import { BASIC_PASS_FIELD, PASSES_FORM_ALIAS } from '@sideline/contract/custom-forms';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../../../test/support/accounts';
import { mailsTo } from '../../../test/support/outbox';
import { buyPlan, deliverEvents, orderById, sandboxCustomer, transactionsOf } from '../../../test/support/plans';
import { caller, createTestApp, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { users } from '../auth/users.table';
import { channels } from '../channel/channel.table';
import { sandboxEvents, sandboxSubscriptions } from '../payment-sandbox/sandbox.table';
import { mapStripeEvent, type StripeLikeEvent } from '../payments';
import { orders } from './orders.table';
import { passes } from './passes.table';

const DAY = 86_400_000;
const longDate = (d: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(d);
const plusMonths = (d: Date, months: number) => {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

describe.each(dbKinds())('plans after purchase on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  // The billing clock only moves forward: every scenario starts where the last one left it.
  let clock = new Date(Math.floor(Date.now() / 1000) * 1000);
  const later = (from: Date, days: number) => new Date(from.getTime() + days * DAY);
  const tick = async (at: Date) => {
    // Whole seconds, as the provider's times are.
    if (at > clock) clock = new Date(Math.ceil(at.getTime() / 1000) * 1000);
    await t.services.billingTick(at);
    return deliverEvents(t.database.db, t.services.plans);
  };
  const mails = async (email: string) => {
    await t.services.jobs.add({ name: 'mail.send', data: {} });
    return mailsTo(t, email);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: '1000', BILLING_SWEEP_MS: '0' });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  it('gives the basic pass a 30-day trial of its capabilities once, then lets it lapse', async () => {
    const db = t.database.db;
    const [channel] = await db.select().from(channels).where(eq(channels.slug, 'heartland'));
    await db
      .update(passes)
      .set({ trialPeriodDays: 30, capabilities: ['watch', 'no_ads', 'clipping'] })
      .where(and(eq(passes.channelId, channel?.id ?? 0), eq(passes.isBasic, true)));
    const { key, user } = await newAccount(t, 'basic-trial@example.org');
    const choose = () =>
      call({
        method: 'POST',
        url: `/api/custom-forms/${PASSES_FORM_ALIAS}`,
        key,
        body: { fields: [{ name: BASIC_PASS_FIELD, value: 1 }] },
      });
    const started = Date.now();
    expect((await choose()).statusCode).toBe(200);
    expect((await choose()).statusCode).toBe(200);

    const trials = await db.select().from(orders).where(eq(orders.userId, user.id));
    expect(trials).toHaveLength(1);
    const trial = trials[0];
    expect(trial).toMatchObject({ type: 'package', amountCents: 0, status: 'Paid', activityStatus: 'Active' });
    const end = trial?.currentPeriodEnd?.getTime() ?? 0;
    expect(end - started).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(end - Date.now()).toBeLessThanOrEqual(30 * DAY);
    expect(await transactionsOf(db, trial?.id ?? 0)).toHaveLength(0);
    // The plans' own free trial stays available to this fan.
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after?.trialPeriodUsed).toBe(false);
    // A basic trial is not a renewing plan.
    const res = await call({ method: 'POST', url: '/api/stripe/unsubscribe', key, body: { order_id: trial?.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('not_cancellable');

    await tick(new Date(end - DAY));
    expect((await orderById(db, trial?.id ?? 0)).activityStatus).toBe('Active');
    await tick(new Date(end + 1000));
    expect((await orderById(db, trial?.id ?? 0)).activityStatus).toBe('Inactive');
  });

  it('renews a monthly plan every 30 days with one renewal transaction and a receipt', async () => {
    const db = t.database.db;
    const start = clock;
    const { order } = await buyPlan(t, { email: 'monthly@example.org', now: start });
    expect(order.currentPeriodEnd).toEqual(later(start, 30));

    await tick(later(start, 29));
    expect(await transactionsOf(db, order.id, 'renewal')).toHaveLength(0);
    const events = await tick(later(start, 30));
    expect(events.map((e) => e.type)).toContain('invoice.paid');

    const renewed = await orderById(db, order.id);
    expect(renewed).toMatchObject({ status: 'Paid', activityStatus: 'Active', subscriptionStatus: 'active' });
    expect(renewed.currentPeriodEnd).toEqual(later(start, 60));
    const renewals = await transactionsOf(db, order.id, 'renewal');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ status: 'paid', amountCents: 999, cardBrand: 'visa', cardLast4: '4242' });
    expect(renewals[0]?.providerRef).toMatch(/^in_/);

    const receipts = (await mails('monthly@example.org')).filter((m) => m.subject.includes('receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('$9.99');
    expect(receipts[0]?.text).toContain(longDate(later(start, 60)));

    // Ten replays of the renewal event (new deliveries the webhook did not dedupe) still make one transaction.
    const paid = (await db.select().from(sandboxEvents).where(eq(sandboxEvents.type, 'invoice.paid')))
      .map((r) => r.payload as unknown as StripeLikeEvent)
      .find(
        (e) =>
          e.data.object.billing_reason === 'subscription_cycle' &&
          e.data.object.subscription === order.providerSubscriptionId,
      );
    if (!paid) throw new Error('no renewal event');
    const event = mapStripeEvent(paid, 'sandbox');
    for (let i = 0; i < 10; i++) await db.transaction((tx) => t.services.plans.handleEvent(event, tx));
    expect(await transactionsOf(db, order.id, 'renewal')).toHaveLength(1);
    expect((await orderById(db, order.id)).currentPeriodEnd).toEqual(later(start, 60));
    expect((await mails('monthly@example.org')).filter((m) => m.subject.includes('receipt'))).toHaveLength(1);
  });

  it('renews once when two billing ticks run at the same time', async () => {
    const db = t.database.db;
    const start = clock;
    const { order } = await buyPlan(t, { email: 'twice@example.org', now: start });
    const due = later(start, 30);
    clock = due;
    await Promise.all([t.services.billingTick(due), t.services.billingTick(due), t.services.billingTick(due)]);
    await t.services.billingTick(due);
    await deliverEvents(db, t.services.plans);
    expect((await transactionsOf(db, order.id, 'renewal')).map((r) => r.status)).toEqual(['paid']);
    expect((await orderById(db, order.id)).currentPeriodEnd).toEqual(later(start, 60));
  });

  it("writes the payment mails in the fan's language", async () => {
    const db = t.database.db;
    const start = clock;
    const fr = await buyPlan(t, { email: 'fr-fan@example.org', now: start });
    const bg = await buyPlan(t, { email: 'bg-fan@example.org', behavior: 'fail_later', trialDays: 30, now: start });
    await db.update(users).set({ language: 'fr' }).where(eq(users.id, fr.user.id));
    await db.update(users).set({ language: 'bg' }).where(eq(users.id, bg.user.id));
    await tick(later(start, 30));
    const receipt = (await mails('fr-fan@example.org')).at(-1);
    expect(receipt?.subject).toContain('Votre reçu');
    expect(receipt?.text).toContain('9,99');
    expect(receipt?.text).toContain('Toutes les ventes sont définitives.');
    const failed = (await mails('bg-fan@example.org')).at(-1);
    expect(failed?.subject).toContain('Плащането ви');
    expect(failed?.text).toContain(
      new Intl.DateTimeFormat('bg-BG', { dateStyle: 'long', timeZone: 'UTC' }).format(later(start, 31)),
    );
  });

  it('renews through the billing.tick job, by the real clock', async () => {
    const db = t.database.db;
    const start = new Date(Math.floor((Date.now() - 31 * DAY) / 1000) * 1000);
    const { order } = await buyPlan(t, { email: 'job@example.org', now: start });
    await t.services.jobs.add({ name: 'billing.tick', data: {} });
    await t.services.jobs.drain();
    await deliverEvents(db, t.services.plans);
    expect((await transactionsOf(db, order.id, 'renewal')).map((r) => r.status)).toEqual(['paid']);
    expect((await orderById(db, order.id)).currentPeriodEnd).toEqual(later(start, 60));
  });

  it('renews an annual plan after 12 calendar months', async () => {
    const db = t.database.db;
    const start = clock;
    const { order } = await buyPlan(t, { email: 'annual@example.org', interval: 'year', amount: 8999, now: start });
    const yearEnd = plusMonths(start, 12);
    expect(order.currentPeriodEnd).toEqual(yearEnd);
    await tick(later(yearEnd, -1));
    expect(await transactionsOf(db, order.id, 'renewal')).toHaveLength(0);
    await tick(yearEnd);
    expect((await orderById(db, order.id)).currentPeriodEnd).toEqual(plusMonths(start, 24));
    const renewals = await transactionsOf(db, order.id, 'renewal');
    expect(renewals.map((r) => [r.status, r.amountCents])).toEqual([['paid', 8999]]);
  });

  it('sends the trial-ending mail 3 days before, then charges the card when the trial ends', async () => {
    const db = t.database.db;
    const start = clock;
    const email = 'trial@example.org';
    const { order } = await buyPlan(t, { email, trialDays: 14, now: start });
    const trialEnd = later(start, 14);
    expect(order.currentPeriodEnd).toEqual(trialEnd);

    await tick(later(start, 10));
    expect((await mails(email)).filter((m) => m.subject.includes('trial ends'))).toHaveLength(0);
    await tick(later(start, 11));
    await tick(later(start, 12));
    const notices = (await mails(email)).filter((m) => m.subject.includes('trial ends'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toContain(longDate(trialEnd));
    expect(notices[0]?.text).toContain('$9.99');
    expect(notices[0]?.text).toMatch(/cancel/i);
    expect(await transactionsOf(db, order.id, 'renewal')).toHaveLength(0);

    await tick(trialEnd);
    const renewals = await transactionsOf(db, order.id, 'renewal');
    expect(renewals.map((r) => r.status)).toEqual(['paid']);
    expect((await orderById(db, order.id)).currentPeriodEnd).toEqual(later(trialEnd, 30));
  });

  it('retries a failed renewal after 1, 3 and 5 days with a mail each, then ends the plan (0341 trial)', async () => {
    const db = t.database.db;
    const start = clock;
    const email = 'fails@example.org';
    const { order } = await buyPlan(t, { email, behavior: 'fail_later', trialDays: 7, now: start });
    const due = later(start, 7);
    const failedMails = async () => (await mails(email)).filter((m) => m.subject.includes('failed'));

    await tick(due);
    let failed = await transactionsOf(db, order.id, 'renewal');
    expect(failed.map((f) => [f.status, f.providerRef.split('#')[1]])).toEqual([['failed', '1']]);
    let o = await orderById(db, order.id);
    expect(o.activityStatus).toBe('Active');
    // Access continues while the provider retries.
    expect(o.currentPeriodEnd).toEqual(later(due, 1));
    let sent = await failedMails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(longDate(later(due, 1)));

    for (const [days, attempt, next] of [
      [1, 2, 3],
      [3, 3, 5],
    ] as const) {
      await tick(later(due, days - 0.01));
      expect(await transactionsOf(db, order.id, 'renewal')).toHaveLength(attempt - 1);
      await tick(later(due, days));
      failed = await transactionsOf(db, order.id, 'renewal');
      expect(failed).toHaveLength(attempt);
      expect(failed.at(-1)?.providerRef).toMatch(new RegExp(`#${attempt}$`));
      o = await orderById(db, order.id);
      expect(o.activityStatus).toBe('Active');
      sent = await failedMails();
      expect(sent).toHaveLength(attempt);
      expect(sent.at(-1)?.text).toContain(longDate(later(due, next)));
    }

    await tick(later(due, 5));
    failed = await transactionsOf(db, order.id, 'renewal');
    expect(failed.map((f) => f.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    o = await orderById(db, order.id);
    expect(o).toMatchObject({ activityStatus: 'Inactive', subscriptionStatus: 'expired', status: 'Paid' });
    sent = await failedMails();
    expect(sent).toHaveLength(4);
    expect(sent.at(-1)?.text).toMatch(/last attempt/);
    const [sub] = await db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, order.providerSubscriptionId ?? ''));
    expect(sub?.status).toBe('canceled');
    // Nothing more happens later.
    await tick(later(due, 40));
    expect(await transactionsOf(db, order.id, 'renewal')).toHaveLength(4);
  });

  it('cancel keeps access to the period end, then expires; only the owner can cancel', async () => {
    const db = t.database.db;
    const start = clock;
    const { order, key } = await buyPlan(t, { email: 'cancel@example.org', now: start });
    const other = await newAccount(t, 'cancel-other@example.org');

    const foreign = await call({
      method: 'POST',
      url: '/api/stripe/unsubscribe',
      key: other.key,
      body: { order_id: order.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('order_not_found');
    expect((await orderById(db, order.id)).autoRenewal).toBe('Active');

    const res = await call({ method: 'POST', url: '/api/stripe/unsubscribe', key, body: { order_id: order.id } });
    expect(res.statusCode).toBe(200);
    const body = orderSchema.parse(res.json().data);
    expect(body).toMatchObject({
      id: order.id,
      auto_renewal: 'Cancelled',
      subscription_status: 'canceled',
      activity_status: 'Active',
      current_period_end: later(start, 30).toISOString(),
    });
    const again = await call({ method: 'POST', url: '/api/stripe/unsubscribe', key, body: { order_id: order.id } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.auto_renewal).toBe('Cancelled');

    await tick(later(start, 29));
    expect((await orderById(db, order.id)).activityStatus).toBe('Active');
    const events = await tick(later(start, 30));
    expect(events.map((e) => e.type)).toContain('subscription.ended');
    const ended = await orderById(db, order.id);
    expect(ended).toMatchObject({ activityStatus: 'Inactive', subscriptionStatus: 'canceled' });
    expect(await transactionsOf(db, order.id, 'renewal')).toHaveLength(0);
  });

  it("opens the sandbox's portal for the fan's own customer only, and cancels from it", async () => {
    const db = t.database.db;
    const start = clock;
    const { order, key } = await buyPlan(t, { email: 'portal@example.org', now: start });

    const nobody = await newAccount(t, 'portal-nocard@example.org');
    const none = await call({ url: '/api/stripe/customer-portal', key: nobody.key });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('no_payment_method');
    expect((await call({ url: '/api/stripe/customer-portal' })).statusCode).toBe(401);

    const res = await call({ url: '/api/stripe/customer-portal', key });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data.url);
    expect(url.pathname).toMatch(/^\/sandbox-pay\/portal\/bps_/);
    const pageRes = await t.app.inject({ url: url.pathname });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('4242');
    expect(pageRes.body).toContain(order.providerSubscriptionId);

    // Another fan's portal shows only theirs and cannot cancel this plan.
    const other = await newAccount(t, 'portal-other@example.org');
    await sandboxCustomer(db, other.user.id, 'portal-other@example.org', 'succeed');
    const otherUrl = new URL((await call({ url: '/api/stripe/customer-portal', key: other.key })).json().data.url);
    const otherPage = await t.app.inject({ url: otherUrl.pathname });
    expect(otherPage.body).not.toContain(order.providerSubscriptionId);
    const stolen = await t.app.inject({
      method: 'POST',
      url: `${otherUrl.pathname}/cancel/${order.providerSubscriptionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(stolen.statusCode).toBe(404);
    const forged = await t.app.inject({ url: `${url.pathname.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(404);
    expect((await orderById(db, order.id)).autoRenewal).toBe('Active');

    const cancel = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}/cancel/${order.providerSubscriptionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancel.statusCode).toBe(303);
    expect((await orderById(db, order.id)).autoRenewal).toBe('Cancelled');
    expect((await t.app.inject({ url: url.pathname })).body).toContain('Cancelled: ends on');
  });
});

describe('the billing clock on BullMQ', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dbKinds()[0] ?? 'pglite', {
      AUTH_RATE_LIMIT_MAX: '1000',
      REDIS_URL: 'redis://127.0.0.1:6379',
      JOBS_PREFIX: `test-billing-${process.pid}-${Date.now()}`,
    });
  });
  afterAll(() => t.close());

  it('renews through a billing.tick job on Redis', async () => {
    const db = t.database.db;
    const start = new Date(Math.floor((Date.now() - 31 * DAY) / 1000) * 1000);
    const { order } = await buyPlan(t, { email: 'bullmq@example.org', now: start });
    await t.services.jobs.add({ name: 'billing.tick', data: {} });
    await t.services.jobs.drain();
    await deliverEvents(db, t.services.plans);
    expect((await transactionsOf(db, order.id, 'renewal')).map((r) => r.status)).toEqual(['paid']);
    expect((await orderById(db, order.id)).currentPeriodEnd).toEqual(new Date(start.getTime() + 60 * DAY));
  });
});
