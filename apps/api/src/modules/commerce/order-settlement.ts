import type { Db } from '../../db/client';
import type { CardSummary } from '../payments';
import type { NewOrder, OrderRow, OrdersRepository } from './orders.repository';

/** The receipt and anything else that follows a paid order (the plans work's mails); runs in the same transaction. */
export type OnOrderPaid = (orderId: number, tx: Db) => Promise<void>;

/**
 * The two ends of a payment, shared by the checkout (a provider that answers at once) and the webhook: each moves
 * the order only from Pending (or Failed, for a payment retried after a refused authentication), and records the
 * transaction once per provider payment. Both return whether the order changed.
 */
export function createOrderSettlement({ orders, onOrderPaid }: { orders: OrdersRepository; onOrderPaid: OnOrderPaid }) {
  return {
    async paid(
      tx: Db,
      order: OrderRow,
      payment: { ref: string; amountCents: number; currency: string; card: CardSummary | null },
      extra: Partial<NewOrder> = {},
    ): Promise<boolean> {
      const moved = await orders.transition(
        order.id,
        ['Pending', 'Failed'],
        {
          status: 'Paid',
          activityStatus: 'Active',
          paidAt: new Date(),
          failureMessage: null,
          nextActionUrl: null,
          ...extra,
        },
        tx,
      );
      if (!moved) return false;
      // Only money that moved makes a transaction (a free checkout or a trial does not).
      if (payment.amountCents > 0) {
        await orders.recordTransaction(
          {
            orderId: order.id,
            userId: order.userId,
            kind: 'charge',
            status: 'paid',
            amountCents: payment.amountCents,
            currency: payment.currency.toUpperCase(),
            providerRef: payment.ref,
            description: order.name,
            cardBrand: payment.card?.brand ?? null,
            cardLast4: payment.card?.last4 ?? null,
          },
          tx,
        );
      }
      await onOrderPaid(order.id, tx);
      return true;
    },

    async failed(
      tx: Db,
      order: OrderRow,
      payment: { ref: string; message: string; card?: CardSummary | null },
    ): Promise<boolean> {
      const moved = await orders.transition(
        order.id,
        ['Pending'],
        { status: 'Failed', failureMessage: payment.message, nextActionUrl: null },
        tx,
      );
      if (!moved) return false;
      await orders.recordTransaction(
        {
          orderId: order.id,
          userId: order.userId,
          kind: 'charge',
          status: 'failed',
          amountCents: order.amountCents,
          currency: order.currency,
          providerRef: payment.ref,
          description: order.name,
          cardBrand: payment.card?.brand ?? null,
          cardLast4: payment.card?.last4 ?? null,
        },
        tx,
      );
      // The fan may try again with the same coupon.
      await orders.releaseCoupon(order.id, tx);
      return true;
    },
  };
}
export type OrderSettlement = ReturnType<typeof createOrderSettlement>;
