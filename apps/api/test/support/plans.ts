import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { channels } from '../../src/modules/channel/channel.table';
import { orders, paymentCustomers, providerEvents, transactions } from '../../src/modules/commerce/orders.table';
import type { PlansService } from '../../src/modules/commerce/plans.service';
import {
  type SandboxCardBehavior,
  sandboxCustomers,
  sandboxEvents,
  sandboxPaymentMethods,
} from '../../src/modules/payment-sandbox/sandbox.table';
import {
  createPortalSessions,
  createSandboxSubscriptions,
} from '../../src/modules/payment-sandbox/sandbox-subscriptions';
import type { ProviderEvent } from '../../src/modules/payments/payment-provider';
import { mapStripeEvent, type StripeLikeEvent } from '../../src/modules/payments/stripe-events';
import { newAccount } from './accounts';
import type { TestApp } from './test-app';

const LAST4: Record<SandboxCardBehavior, string> = {
  succeed: '4242',
  decline: '0002',
  authenticate: '3184',
  fail_later: '0341',
};

/** A customer at the sandbox with one saved test card, as the checkout's setup intent leaves it. */
export async function sandboxCustomer(db: Db, userId: number, email: string, behavior: SandboxCardBehavior) {
  const customerId = `cus_${randomBytes(8).toString('hex')}`;
  const paymentMethodId = `pm_${randomBytes(8).toString('hex')}`;
  await db.insert(sandboxCustomers).values({ id: customerId, email, defaultPaymentMethodId: paymentMethodId });
  await db.insert(sandboxPaymentMethods).values({
    id: paymentMethodId,
    customerId,
    brand: 'visa',
    last4: LAST4[behavior],
    expMonth: 12,
    expYear: 2034,
    behavior,
  });
  await db.insert(paymentCustomers).values({ userId, provider: 'sandbox', customerId });
  return { customerId, paymentMethodId };
}

/**
 * A plan bought through the sandbox the way the checkout does it: the provider's subscription, then a Paid order
 * pointing at it (and its first charge when there was no trial). `now` is the test's clock.
 */
export async function buyPlan(
  t: TestApp,
  opts: {
    email: string;
    behavior?: SandboxCardBehavior;
    interval?: 'month' | 'year';
    trialDays?: number | null;
    amount?: number;
    now: Date;
  },
) {
  const db = t.database.db;
  const { key, user } = await newAccount(t, opts.email);
  const { customerId, paymentMethodId } = await sandboxCustomer(db, user.id, opts.email, opts.behavior ?? 'succeed');
  const subs = createSandboxSubscriptions({ db, portal: createPortalSessions('test'), now: () => opts.now });
  const amount = opts.amount ?? 999;
  const interval = opts.interval ?? 'month';
  const result = await subs.createSubscription({
    customerId,
    paymentMethodId,
    amount,
    currency: 'USD',
    interval,
    intervalCount: 1,
    trialDays: opts.trialDays ?? null,
    description: interval === 'month' ? 'Monthly plan' : 'Annual plan',
    idempotencyKey: randomBytes(8).toString('hex'),
    metadata: {},
    returnUrl: 'http://localhost/buy',
  });
  const [channel] = await db.select().from(channels).where(eq(channels.slug, 'heartland'));
  if (!channel) throw new Error('no channel');
  const trial = result.status === 'trialing';
  const [order] = await db
    .insert(orders)
    .values({
      channelId: channel.id,
      userId: user.id,
      type: 'subscription',
      name: interval === 'month' ? 'Monthly plan' : 'Annual plan',
      status: 'Paid',
      activityStatus: 'Active',
      subtotalCents: amount,
      amountCents: trial ? 0 : amount,
      currency: 'USD',
      idempotencyKey: randomBytes(8).toString('hex'),
      provider: 'sandbox',
      providerPaymentId: result.payment?.id ?? null,
      providerSubscriptionId: result.id,
      paymentMethodId,
      offer: interval === 'month' ? 'monthly' : 'annual',
      period: 1,
      autoRenewal: 'Active',
      subscriptionStatus: 'active',
      trialEnd: result.trialEnd,
      currentPeriodEnd: result.currentPeriodEnd,
      paidAt: opts.now,
    })
    .returning();
  if (!order) throw new Error('no order');
  if (result.payment?.status === 'succeeded') {
    await db.insert(transactions).values({
      orderId: order.id,
      userId: user.id,
      kind: 'charge',
      status: 'paid',
      amountCents: amount,
      currency: 'USD',
      providerRef: result.payment.id,
      description: order.name,
      cardBrand: 'visa',
      cardLast4: LAST4[opts.behavior ?? 'succeed'],
    });
  }
  return { key, user, order, result, customerId };
}

/**
 * Stand-in for the checkout's sender + webhook route: each undelivered sandbox event is mapped as the webhook maps
 * it, stored once by id, and handed to the plans service in one transaction. Returns the events handled.
 */
export async function deliverEvents(db: Db, plans: PlansService): Promise<ProviderEvent[]> {
  const pending = await db
    .select()
    .from(sandboxEvents)
    .where(isNull(sandboxEvents.deliveredAt))
    .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id));
  const handled: ProviderEvent[] = [];
  for (const row of pending) {
    const event = mapStripeEvent(row.payload as unknown as StripeLikeEvent, 'sandbox');
    await db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(providerEvents)
        .values({ id: event.id, provider: 'sandbox', type: event.rawType })
        .onConflictDoNothing()
        .returning();
      if (fresh) await plans.handleEvent(event, tx);
      await tx.update(sandboxEvents).set({ deliveredAt: new Date() }).where(eq(sandboxEvents.id, row.id));
    });
    handled.push(event);
  }
  return handled;
}

export const orderById = async (db: Db, id: number) => {
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  if (!o) throw new Error(`no order ${id}`);
  return o;
};

export const transactionsOf = (db: Db, orderId: number, kind?: 'charge' | 'renewal' | 'refund') =>
  db
    .select()
    .from(transactions)
    .where(
      kind ? and(eq(transactions.orderId, orderId), eq(transactions.kind, kind)) : eq(transactions.orderId, orderId),
    )
    .orderBy(asc(transactions.id));
