import type { Order, OrderItem, Transaction } from '@sideline/contract/commerce';
import type { OrderLike } from '@sideline/contract/rules/purchased';
import { fromCents } from '../../lib/money';
import type { OrderItemRow, OrderWithItems, TransactionRow } from './orders.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toItem = (i: OrderItemRow): OrderItem => ({
  kind: i.kind,
  pass_id: i.passId,
  event_id: i.eventId,
  event_category_id: i.eventCategoryId,
  participant_id: i.participantId,
  name: i.name,
});

/** The spec's product: the game for an event order, else the pass, with the sport or team when it names one. */
function productOf(o: OrderWithItems): Order['product'] {
  const main = o.items.find((i) => i.kind !== 'additional');
  return {
    // An order always names what it sold; its main item does when the row's own column is empty.
    id: (o.type === 'event' ? (o.eventId ?? main?.eventId) : (o.passId ?? main?.passId)) ?? o.id,
    event_category_id: main?.eventCategoryId ?? null,
    participant_id: main?.participantId ?? null,
  };
}

export function toOrder(o: OrderWithItems): Order {
  return {
    id: o.id,
    status: o.status,
    activity_status: o.activityStatus,
    type: o.type,
    product: productOf(o),
    items: o.items.map(toItem),
    name: o.name,
    subtotal: fromCents(o.subtotalCents),
    discount: fromCents(o.discountCents),
    service_fee: fromCents(o.serviceFeeCents),
    amount: fromCents(o.amountCents),
    currency: o.currency,
    coupon: o.couponCode,
    offer: o.offer,
    auto_renewal: o.autoRenewal,
    subscription_status: o.subscriptionStatus,
    trial_end: iso(o.trialEnd),
    current_period_end: iso(o.currentPeriodEnd),
    failure_message: o.failureMessage,
    next_action_url: o.status === 'Pending' ? o.nextActionUrl : null,
    event_id: o.eventId,
    created_at: o.createdAt.toISOString(),
    paid_at: iso(o.paidAt),
  };
}

/** What the purchased rules read of an order. */
export const toOrderLike = (o: OrderWithItems): OrderLike => {
  const view = toOrder(o);
  return { ...view, items: view.items };
};

export function toTransaction(t: TransactionRow): Transaction {
  return {
    id: t.id,
    order_id: t.orderId,
    amount: fromCents(t.amountCents),
    currency: t.currency,
    status: t.status,
    kind: t.kind,
    description: t.description,
    card_brand: t.cardBrand,
    card_last4: t.cardLast4,
    created_at: t.createdAt.toISOString(),
  };
}
