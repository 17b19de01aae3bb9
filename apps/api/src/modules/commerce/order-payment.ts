import type { CheckoutResult } from '@sideline/contract/commerce';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider, PaymentResult } from '../payments';
import { commerceErrors } from './commerce.errors';
import { isReplaceable } from './open-purchases';
import type { OrderSettlement } from './order-settlement';
import type { OrderRow, OrdersRepository } from './orders.repository';

const DAY_MS = 86_400_000;
const REPLACED = 'Replaced by a newer payment attempt.';

/** Provider failures the fan cannot fix are one retryable error; our own errors pass through. */
export async function callProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw commerceErrors.providerError();
  }
}

/** What the checkout answers for an order: the authentication step's link or secret only while it is Pending. */
export const checkoutResultOf = (order: OrderRow, clientSecret: string | null = null): CheckoutResult => ({
  order_id: order.id,
  status: order.status,
  next_action_url: order.status === 'Pending' ? order.nextActionUrl : null,
  client_secret: order.status === 'Pending' ? clientSecret : null,
});

export type OrderPaymentDeps = {
  orders: OrdersRepository;
  provider: PaymentProvider;
  settlement: OrderSettlement;
  /** Forgets what is cached about the user's access: called after each state change. */
  forget: (userId: number) => void;
};

/**
 * The charging half of the checkout, for an order already placed: the provider charges the card (or starts the
 * plan), and an answer it gives at once (a decline, a trial, a free order) is settled here through the same
 * settlement the webhook uses.
 */
export function createOrderPayment({ orders, provider, settlement, forget }: OrderPaymentDeps) {
  async function settleNow(order: OrderRow, work: (tx: Db) => Promise<boolean>): Promise<OrderRow> {
    const changed = await orders.transaction(work);
    if (changed) forget(order.userId);
    return (await orders.byId(order.id)) ?? order;
  }

  /** A one-off payment's answer: stored on the order; a final answer settles it now. */
  async function applyPayment(order: OrderRow, paymentMethodId: string, res: PaymentResult): Promise<OrderRow> {
    return settleNow(order, async (tx) => {
      const updated =
        (await orders.transition(
          order.id,
          ['Pending'],
          { providerPaymentId: res.id, paymentMethodId, nextActionUrl: res.nextActionUrl },
          tx,
        )) ?? order;
      if (res.status === 'succeeded') {
        return settlement.paid(tx, updated, {
          ref: res.id,
          amountCents: updated.amountCents,
          currency: updated.currency,
          card: res.card,
        });
      }
      if (res.status === 'failed') {
        return settlement.failed(tx, updated, { ref: res.id, message: res.failureMessage ?? '', card: res.card });
      }
      return false;
    });
  }

  type Charge = { order: OrderRow; paymentMethodId: string | null; customerId: string; returnUrl: string };

  async function startPlan({ order, paymentMethodId, customerId, returnUrl }: Charge): Promise<CheckoutResult> {
    const trialDays = order.trialEnd
      ? Math.max(1, Math.round((order.trialEnd.getTime() - order.createdAt.getTime()) / DAY_MS))
      : null;
    const res = await callProvider(() =>
      provider.createSubscription({
        customerId,
        paymentMethodId: paymentMethodId ?? '',
        amount: order.amountCents,
        currency: order.currency,
        interval: order.offer === 'annual' ? 'year' : 'month',
        intervalCount: order.period ?? 1,
        trialDays,
        description: order.name,
        idempotencyKey: `order_${order.id}`,
        metadata: { order_id: String(order.id) },
        returnUrl,
      }),
    );
    const after = await settleNow(order, async (tx) => {
      const updated =
        (await orders.transition(
          order.id,
          ['Pending'],
          {
            providerSubscriptionId: res.id,
            providerPaymentId: res.payment?.id ?? null,
            paymentMethodId,
            nextActionUrl: res.payment?.nextActionUrl ?? null,
          },
          tx,
        )) ?? order;
      if (res.status === 'trialing') {
        // A trial is access now and no charge: the order is paid and active until the trial ends.
        const trialEnd = res.trialEnd ?? res.currentPeriodEnd;
        return settlement.paid(
          tx,
          updated,
          { ref: res.id, amountCents: 0, currency: updated.currency, card: null },
          { subscriptionStatus: 'active', autoRenewal: 'Active', trialEnd, currentPeriodEnd: trialEnd },
        );
      }
      if (res.status === 'failed' || res.payment?.status === 'failed') {
        return settlement.failed(tx, updated, {
          ref: res.payment?.id ?? res.id,
          message: res.payment?.failureMessage ?? 'Your card was declined.',
          card: res.payment?.card ?? null,
        });
      }
      return false;
    });
    return checkoutResultOf(after, res.payment?.clientSecret ?? null);
  }

  async function chargeOnce({ order, paymentMethodId, customerId, returnUrl }: Charge): Promise<CheckoutResult> {
    if (order.amountCents === 0) {
      // Nothing to charge (a 100% coupon): paid at once, and no transaction, as no money moved.
      const after = await settleNow(order, (tx) =>
        settlement.paid(tx, order, { ref: `free_${order.id}`, amountCents: 0, currency: order.currency, card: null }),
      );
      return checkoutResultOf(after);
    }
    const res = await callProvider(() =>
      provider.createPayment({
        customerId,
        paymentMethodId: paymentMethodId ?? '',
        amount: order.amountCents,
        currency: order.currency,
        description: order.name,
        idempotencyKey: `order_${order.id}`,
        metadata: { order_id: String(order.id) },
        returnUrl,
      }),
    );
    return checkoutResultOf(await applyPayment(order, paymentMethodId ?? '', res), res.clientSecret);
  }

  return {
    /**
     * Starts (or, for a retried checkout key, resumes) the payment of a Pending order. The provider's idempotency
     * key is the order's, so a resumed payment is the same payment.
     */
    async pay(order: OrderRow, paymentMethodId: string | null, returnTo: string): Promise<CheckoutResult> {
      // The authentication step returns to the checkout with its order, so the page resumes polling that order.
      const back = new URL(returnTo);
      back.searchParams.set('order_id', String(order.id));
      const charge = {
        order,
        paymentMethodId,
        customerId: (await orders.customerOf(order.userId, provider.name)) ?? '',
        returnUrl: back.toString(),
      };
      return order.type === 'subscription' ? startPlan(charge) : chargeOnce(charge);
    },

    /**
     * Cancels earlier attempts at the same purchase that wait for the fan's authentication, and fails their orders,
     * so a challenge page left open cannot charge a second time. False when one cannot be replaced.
     */
    async replaceAll(pending: OrderRow[]): Promise<boolean> {
      if (!pending.every(isReplaceable)) return false;
      for (const old of pending) {
        const ref = old.providerPaymentId as string;
        if (!(await callProvider(() => provider.cancelPayment(ref)))) return false;
        await settleNow(old, (tx) => settlement.failed(tx, old, { ref, message: REPLACED }));
      }
      return true;
    },
  };
}
export type OrderPayment = ReturnType<typeof createOrderPayment>;
