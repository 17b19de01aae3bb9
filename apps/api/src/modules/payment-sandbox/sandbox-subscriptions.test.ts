import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { mapStripeEvent, type StripeLikeEvent } from '../payments';
import {
  type SandboxCardBehavior,
  sandboxCustomers,
  sandboxEvents,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxSubscriptions,
} from './sandbox.table';
import { createSandboxBilling } from './sandbox-billing';
import { createPortalSessions, createSandboxSubscriptions } from './sandbox-subscriptions';

const DAY = 86_400_000;

describe.each(dbKinds())('sandbox subscriptions on %s', (kind) => {
  let database: Database;
  const now = new Date('2027-03-01T12:00:00Z');
  const subs = () =>
    createSandboxSubscriptions({
      db: database.db,
      portal: createPortalSessions('test-secret'),
      now: () => now,
      challengeUrl: (pi) => `/sandbox-pay/authenticate/${pi.id}?client_secret=${pi.clientSecret}`,
    });
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  async function card(behavior: SandboxCardBehavior) {
    const customerId = `cus_${randomBytes(6).toString('hex')}`;
    const paymentMethodId = `pm_${randomBytes(6).toString('hex')}`;
    await database.db.insert(sandboxCustomers).values({ id: customerId, email: 'x@example.org' });
    await database.db.insert(sandboxPaymentMethods).values({
      id: paymentMethodId,
      customerId,
      brand: 'visa',
      last4: '0000',
      expMonth: 1,
      expYear: 2035,
      behavior,
    });
    return { customerId, paymentMethodId };
  }
  const start = async (
    behavior: SandboxCardBehavior,
    trialDays: number | null,
    idempotencyKey = randomBytes(6).toString('hex'),
  ) =>
    subs().createSubscription({
      ...(await card(behavior)),
      amount: 1500,
      currency: 'EUR',
      interval: 'month',
      intervalCount: 1,
      trialDays,
      description: 'Monthly',
      idempotencyKey,
      metadata: { order_id: '7' },
      returnUrl: 'http://localhost/buy',
    });
  /** The events a subscription sent, as the webhook maps them. */
  const eventsOf = async (subscriptionId: string) =>
    (await database.db.select().from(sandboxEvents))
      .map((r) => mapStripeEvent(r.payload as unknown as StripeLikeEvent, 'sandbox'))
      .filter((e) => 'subscriptionId' in e && e.subscriptionId === subscriptionId);

  it('starts a trial with no charge, its period ending with the trial', async () => {
    const result = await start('fail_later', 30);
    expect(result).toMatchObject({ status: 'trialing', payment: null });
    expect(result.trialEnd).toEqual(new Date(now.getTime() + 30 * DAY));
    expect(result.currentPeriodEnd).toEqual(result.trialEnd);
    expect(await eventsOf(result.id)).toEqual([]);
  });

  it('charges the first invoice now without a trial: invoice.paid (subscription_create) with the period and card', async () => {
    const result = await start('succeed', null);
    expect(result.status).toBe('active');
    expect(result.payment).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '0000' } });
    expect(result.payment?.id).toMatch(/^pi_/);
    expect(result.currentPeriodEnd).toEqual(new Date(now.getTime() + 30 * DAY));
    const [paid] = await eventsOf(result.id);
    expect(paid).toMatchObject({
      type: 'invoice.paid',
      reason: 'subscription_create',
      amount: 1500,
      currency: 'eur',
      card: { brand: 'visa', last4: '0000' },
      periodEnd: result.currentPeriodEnd,
    });
  });

  it('answers a repeated call with the same key with the same subscription', async () => {
    const key = randomBytes(6).toString('hex');
    const first = await start('succeed', null, key);
    const again = await subs().createSubscription({
      customerId: 'cus_other',
      paymentMethodId: 'pm_other',
      amount: 1500,
      currency: 'EUR',
      interval: 'month',
      intervalCount: 1,
      trialDays: null,
      description: 'Monthly',
      idempotencyKey: key,
      metadata: {},
      returnUrl: 'http://localhost/buy',
    });
    expect(again).toEqual(first);
    expect(
      await database.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.idempotencyKey, key)),
    ).toHaveLength(1);
  });

  it('fails the first invoice of a declined card or a 0341 card and never charges it again', async () => {
    for (const behavior of ['decline', 'fail_later'] as const) {
      const result = await start(behavior, null);
      expect(result.status).toBe('failed');
      expect(result.payment).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
      expect((await eventsOf(result.id)).map((e) => e.type)).toEqual(['invoice.failed']);
      await createSandboxBilling({ db: database.db }).runDue(new Date(now.getTime() + 90 * DAY));
      expect((await eventsOf(result.id)).map((e) => e.type)).toEqual(['invoice.failed']);
    }
  });

  it('waits for the 3184 authentication, then completes the first invoice once the payment is settled', async () => {
    const result = await start('authenticate', null);
    expect(result.status).toBe('incomplete');
    expect(result.payment?.status).toBe('requires_action');
    expect(result.payment?.nextActionUrl).toContain(`/sandbox-pay/authenticate/${result.payment?.id}`);
    const billing = createSandboxBilling({ db: database.db });
    await billing.runDue(now);
    expect(await eventsOf(result.id)).toEqual([]);
    // The sandbox's challenge page approved it and the payment settled.
    await database.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, result.payment?.id ?? ''));
    await billing.runDue(now);
    await billing.runDue(now);
    expect((await eventsOf(result.id)).map((e) => [e.type, 'reason' in e ? e.reason : null])).toEqual([
      ['invoice.paid', 'subscription_create'],
    ]);
    const [row] = await database.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, result.id));
    expect(row?.status).toBe('active');
  });

  it('cancels at the period end without news, ends now with one subscription.deleted', async () => {
    const a = await start('succeed', null);
    await subs().cancelSubscription(a.id);
    expect(await eventsOf(a.id)).toHaveLength(1);
    const [row] = await database.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, a.id));
    expect(row).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });

    const b = await start('succeed', 7);
    await subs().endSubscriptionNow(b.id);
    await subs().endSubscriptionNow(b.id);
    expect((await eventsOf(b.id)).map((e) => e.type)).toEqual(['subscription.ended']);
  });

  it('gives a portal link that names the customer, signed and short-lived', async () => {
    const sessions = createPortalSessions('test-secret', 60_000);
    const url = await subs().customerPortalUrl('cus_abc', 'http://localhost:3000/profile', { sessionKeyId: 42 });
    expect(url).toMatch(/^http:\/\/localhost:3000\/sandbox-pay\/portal\/bps_/);
    const token = url.split('/').at(-1) ?? '';
    expect(sessions.verify(token, now)).toEqual({
      customerId: 'cus_abc',
      returnUrl: 'http://localhost:3000/profile',
      keyId: 42,
    });
    expect(sessions.verify(token, new Date(now.getTime() + 31 * 60_000))).toBeNull();
    expect(createPortalSessions('another-secret').verify(token, now)).toBeNull();
    expect(sessions.verify(`${token.slice(0, -2)}xx`, now)).toBeNull();
  });
});
