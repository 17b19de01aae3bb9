import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderItems, orders, paymentCustomers, transactions } from '../modules/commerce/orders.table';
import {
  sandboxCustomers,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxSubscriptions,
} from '../modules/payment-sandbox/sandbox.table';
import type { SeededPass } from './seed-passes';

const DAY = 86_400_000;

/** Where the period paid at `from` ends: monthly plans every 30 days, annual plans every 12 months. */
export function periodEnd(from: Date, offer: 'annual' | 'monthly', periods: number): Date {
  if (offer === 'monthly') return new Date(from.getTime() + 30 * periods * DAY);
  const end = new Date(from);
  end.setUTCFullYear(end.getUTCFullYear() + periods);
  return end;
}

/**
 * A subscription the account bought with the sandbox's 4242 card and paid at `anchor`, as the checkout and the
 * webhook would have left it: the order (Paid, Active, auto-renewing), its item and its charge on our side; the
 * customer, saved card, payment and subscription on the sandbox's side, so listing cards, cancelling and
 * refunding work on it like on an order bought in the app. Ids are fixed per channel (`…_demo_<slug>_premium`).
 */
export async function insertPaidSubscription(
  tx: Db,
  {
    slug,
    channelId,
    currency,
    user,
    pass,
    anchor,
  }: {
    slug: string;
    channelId: number;
    currency: string;
    user: { id: number; email: string };
    pass: SeededPass;
    anchor: Date;
  },
) {
  if (pass.kind !== 'subscription' || !pass.offer) throw new Error(`${pass.name} is not a subscription`);
  const ref = `demo_${slug.replace(/[^A-Za-z0-9]/g, '_')}_premium`;
  const ids = {
    customer: `cus_${ref}`,
    card: `pm_${ref}`,
    payment: `pi_${ref}`,
    subscription: `sub_${ref}`,
  };
  const periods = pass.period ?? 1;
  const currentPeriodEnd = periodEnd(anchor, pass.offer, periods);
  const amountCents = pass.basePriceCents + pass.serviceFeeCents;
  const card = { brand: 'visa', last4: '4242' };

  // The sandbox's tables stand for Stripe's side and outlive a channel (no foreign key to it): a reseed
  // (`npm run seed -- --reset`) finds the previous run's objects under these fixed ids and replaces them.
  await tx.delete(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, ids.subscription));
  await tx.delete(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, ids.payment));
  await tx.delete(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, ids.card));
  await tx.delete(sandboxCustomers).where(eq(sandboxCustomers.id, ids.customer));

  await tx.insert(sandboxCustomers).values({
    id: ids.customer,
    email: user.email,
    defaultPaymentMethodId: ids.card,
    createdAt: anchor,
  });
  await tx.insert(sandboxPaymentMethods).values({
    id: ids.card,
    customerId: ids.customer,
    ...card,
    expMonth: 12,
    expYear: anchor.getUTCFullYear() + 3,
    behavior: 'succeed',
    createdAt: anchor,
  });
  await tx
    .insert(paymentCustomers)
    .values({ userId: user.id, provider: 'sandbox', customerId: ids.customer, createdAt: anchor });

  const [order] = await tx
    .insert(orders)
    .values({
      channelId,
      userId: user.id,
      type: 'subscription',
      passId: pass.id,
      name: pass.name,
      status: 'Paid',
      activityStatus: 'Active',
      subtotalCents: pass.basePriceCents,
      discountCents: 0,
      serviceFeeCents: pass.serviceFeeCents,
      amountCents,
      currency,
      idempotencyKey: `seed_${ref}`,
      provider: 'sandbox',
      providerPaymentId: ids.payment,
      providerSubscriptionId: ids.subscription,
      paymentMethodId: ids.card,
      offer: pass.offer,
      period: periods,
      autoRenewal: 'Active',
      subscriptionStatus: 'active',
      trialEnd: null,
      currentPeriodEnd,
      paidAt: anchor,
      createdAt: anchor,
      updatedAt: anchor,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('insert returned no order');
  const metadata = { order_id: String(order.id), user_id: String(user.id) };

  await tx.insert(orderItems).values({ orderId: order.id, kind: 'subscription', passId: pass.id, name: pass.name });
  await tx.insert(transactions).values({
    orderId: order.id,
    userId: user.id,
    kind: 'charge',
    status: 'paid',
    amountCents,
    currency,
    providerRef: ids.payment,
    description: pass.name,
    cardBrand: card.brand,
    cardLast4: card.last4,
    createdAt: anchor,
  });

  // The sandbox keeps Stripe's lower-case currency codes.
  const providerCurrency = currency.toLowerCase();
  await tx.insert(sandboxPaymentIntents).values({
    id: ids.payment,
    clientSecret: `${ids.payment}_secret_seed`,
    customerId: ids.customer,
    amount: amountCents,
    currency: providerCurrency,
    status: 'succeeded',
    paymentMethodId: ids.card,
    metadata,
    createdAt: anchor,
    updatedAt: anchor,
  });
  await tx.insert(sandboxSubscriptions).values({
    id: ids.subscription,
    customerId: ids.customer,
    paymentMethodId: ids.card,
    amount: amountCents,
    currency: providerCurrency,
    interval: pass.offer === 'annual' ? 'year' : 'month',
    intervalCount: periods,
    status: 'active',
    currentPeriodEnd,
    metadata,
    createdAt: anchor,
  });
  return { orderId: order.id, ...ids };
}
