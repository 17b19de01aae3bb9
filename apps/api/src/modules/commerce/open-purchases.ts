import type { NewOrderItem, OrderRow, OrderWithItems } from './orders.repository';

/**
 * An unstarted Pending order (no provider payment yet) older than this was left by a crash or a provider failure
 * between the order and the payment, not by a checkout still running: it no longer holds its items.
 */
export const UNSTARTED_ORDER_HOLD_MS = 2 * 60_000;

/** What an item buys, whatever the order: the same game, plan, add-on, or pass for the same sport or team. */
const itemKey = (i: Pick<NewOrderItem, 'kind' | 'passId' | 'eventId' | 'eventCategoryId' | 'participantId'>) =>
  i.kind === 'event'
    ? `event:${i.eventId}`
    : `${i.kind}:${i.passId}:${i.eventCategoryId ?? ''}:${i.participantId ?? ''}`;

export type OpenPurchases = {
  /** A paid, active order already covers one of the items. */
  owned: boolean;
  /** Pending orders of this user that cover one of the items. */
  pending: OrderRow[];
};

/**
 * The user's open orders (Pending, or Paid and Active) that cover any item of a new purchase: one fan pays for a
 * thing once, whatever the double clicks, second tabs or retries with a new checkout key.
 */
export function openPurchasesOf(items: NewOrderItem[], open: OrderWithItems[], now: Date): OpenPurchases {
  const wanted = new Set(items.map(itemKey));
  const clashing = open.filter((o) => o.items.some((i) => wanted.has(itemKey(i))));
  return {
    owned: clashing.some((o) => o.status === 'Paid'),
    pending: clashing.filter(
      (o) =>
        o.status === 'Pending' &&
        (o.providerPaymentId !== null ||
          o.providerSubscriptionId !== null ||
          now.getTime() - o.createdAt.getTime() < UNSTARTED_ORDER_HOLD_MS),
    ),
  };
}

/**
 * A one-off payment a newer attempt may try to replace: the provider cancels it only while it waits for the fan's
 * authentication (a sandbox challenge link, or Stripe.js's step, which leaves no URL) and says no once it is being
 * charged.
 */
export const isReplaceable = (o: OrderRow) => o.type !== 'subscription' && o.providerPaymentId !== null;
