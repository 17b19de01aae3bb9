import type { Db } from '../../db/client';
import type { ProviderEvent } from '../payments';
import { webhookErrors } from './commerce.errors';
import type { OrderSettlement } from './order-settlement';
import type { OrderRow, OrdersRepository } from './orders.repository';

/** The plans work handles what follows a plan's creation (renewals, retries, trial ends, endings). */
export type PlansEventHandler = { handleEvent(event: ProviderEvent, tx: Db): Promise<void> };

/**
 * Handles a verified provider event once: its id is stored in the same transaction as what it changes, so a
 * replay finds it and changes nothing, and a failure leaves no trace (the provider retries it).
 */
export function createWebhookService({
  orders,
  settlement,
  plans,
  forget,
}: {
  orders: OrdersRepository;
  settlement: OrderSettlement;
  plans: PlansEventHandler;
  /** Forgets the user's cached access after their order changed. */
  forget: (userId: number) => void;
}) {
  /** The order a payment belongs to, by our metadata, checked against the payment it names. */
  async function orderOfPayment(tx: Db, paymentId: string, metadata: Record<string, string>) {
    const id = Number(metadata.order_id);
    if (!Number.isInteger(id) || id <= 0) return undefined;
    const order = await orders.byId(id, tx);
    // An order already tied to another payment is not this payment's (a forged or crossed metadata).
    if (
      !order ||
      (order.providerPaymentId !== null && order.providerPaymentId !== paymentId && order.type !== 'subscription')
    ) {
      return undefined;
    }
    return order;
  }

  return {
    async handle(event: ProviderEvent): Promise<void> {
      let changed: OrderRow | undefined;
      await orders.transaction(async (tx) => {
        if (!(await orders.recordEvent(event, tx))) return;
        switch (event.type) {
          case 'payment.succeeded': {
            const order = await orderOfPayment(tx, event.paymentId, event.metadata);
            // A plan's first payment is settled by its invoice (invoice.paid), which carries the period.
            if (!order || order.type === 'subscription') return;
            const done = await settlement.paid(tx, order, {
              ref: event.paymentId,
              amountCents: event.amount,
              currency: event.currency,
              card: event.card,
            });
            if (done) changed = order;
            return;
          }
          case 'payment.failed': {
            const order = await orderOfPayment(tx, event.paymentId, event.metadata);
            if (!order) return;
            const failure = { ref: event.paymentId, message: event.message, card: event.card };
            if (await settlement.failed(tx, order, failure)) changed = order;
            return;
          }
          case 'invoice.paid': {
            if (event.reason === 'subscription_create') {
              const order = await orders.bySubscription(event.subscriptionId, tx);
              if (!order) throw webhookErrors.notYet();
              const done = await settlement.paid(
                tx,
                order,
                { ref: event.invoiceId, amountCents: event.amount, currency: event.currency, card: event.card },
                { subscriptionStatus: 'active', autoRenewal: 'Active', currentPeriodEnd: event.periodEnd },
              );
              if (done) changed = order;
              return;
            }
            await plans.handleEvent(event, tx);
            return;
          }
          case 'ignored':
            return;
          default:
            await plans.handleEvent(event, tx);
        }
      });
      if (changed) forget(changed.userId);
      // A plan's later events (renewals, endings) change access too.
      if (!changed && 'subscriptionId' in event) {
        const order = await orders.bySubscription(event.subscriptionId);
        if (order) forget(order.userId);
      }
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
