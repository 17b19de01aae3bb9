import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../payments';
import { orders, transactions } from './orders.table';

export class RefundRefused extends Error {}

export type RefundOutcome = {
  orderId: number;
  /** The provider's refund (`re_…`), or null when nothing had been charged (a trial). */
  refundId: string | null;
  amountCents: number;
  currency: string;
  /** The plan ended at the provider now. */
  subscriptionEnded: boolean;
};

/**
 * Refunds an order from the operator's side ("All sales are final" for fans): a one-off order's payment, or a plan's
 * last paid payment after ending the plan now. The order becomes Refunded + Inactive (access ends) and a `refund`
 * transaction records it (none when nothing was charged, as for a trial). Provider calls carry idempotency keys,
 * so a run repeated after a crash refunds once.
 */
export async function refundOrder({
  db,
  provider,
  orderId,
}: {
  db: Db;
  provider: Pick<PaymentProvider, 'refundPayment' | 'endSubscriptionNow'>;
  orderId: number;
}): Promise<RefundOutcome> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new RefundRefused(`No order ${orderId}.`);
  if (order.status === 'Refunded') throw new RefundRefused(`Order ${orderId} is already refunded.`);
  if (order.status !== 'Paid') {
    throw new RefundRefused(`Order ${orderId} is ${order.status}, not paid: there is nothing to refund.`);
  }
  const [lastPaid] = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.orderId, orderId),
        eq(transactions.status, 'paid'),
        inArray(transactions.kind, ['charge', 'renewal']),
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1);
  const paymentRef = lastPaid?.providerRef ?? (order.amountCents > 0 ? order.providerPaymentId : null);

  let subscriptionEnded = false;
  if (order.providerSubscriptionId) {
    await provider.endSubscriptionNow(order.providerSubscriptionId);
    subscriptionEnded = true;
  }
  const refund = paymentRef ? await provider.refundPayment(paymentRef, `refund-order-${orderId}`) : null;
  const amountCents = lastPaid?.amountCents ?? (paymentRef ? order.amountCents : 0);
  const currency = lastPaid?.currency ?? order.currency;

  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({
        status: 'Refunded',
        activityStatus: 'Inactive',
        ...(order.type === 'subscription'
          ? { autoRenewal: 'Cancelled' as const, subscriptionStatus: 'canceled' as const }
          : {}),
      })
      .where(and(eq(orders.id, orderId), ne(orders.status, 'Refunded')))
      .returning({ id: orders.id });
    if (!updated) throw new RefundRefused(`Order ${orderId} is already refunded.`);
    // A transaction records money that moved: a trial (or a free order) charged nothing, so its refund moves
    // nothing and leaves no 0.00 "refunded" row in the fan's transactions.
    if (!refund) return;
    await tx
      .insert(transactions)
      .values({
        orderId,
        userId: order.userId,
        kind: 'refund',
        status: 'refunded',
        amountCents,
        currency,
        providerRef: refund.id,
        description: order.name,
        cardBrand: lastPaid?.cardBrand ?? null,
        cardLast4: lastPaid?.cardLast4 ?? null,
      })
      .onConflictDoNothing();
  });
  return { orderId, refundId: refund?.id ?? null, amountCents, currency, subscriptionEnded };
}
