import type { OrderActivityStatus, OrderPaymentStatus, OrderType } from '../enums';

/** The fields of an order the purchased rules read. */
export type OrderLike = {
  status: OrderPaymentStatus;
  activity_status: OrderActivityStatus;
  type: OrderType;
  product: { id: number; event_category_id: number | null; participant_id: number | null };
};

/** Active plus paid counts as a purchase (spec section 4). */
export const isActivePaid = (o: OrderLike) => o.status === 'Paid' && o.activity_status === 'Active';

/** A subscription is purchased when an active paid order for it exists. */
export function isSubscriptionPurchased(subscriptionId: number, orders: readonly OrderLike[]): boolean {
  return orders.some((o) => o.type === 'subscription' && o.product.id === subscriptionId && isActivePaid(o));
}

/** An event is purchased on a paid active event order. */
export function isEventPurchased(eventId: number, orders: readonly OrderLike[]): boolean {
  return orders.some((o) => o.type === 'event' && o.product.id === eventId && isActivePaid(o));
}

export type PackageLike = {
  id: number;
  is_team_pass: boolean;
  event_categories: readonly number[];
  participants: readonly number[];
};

/**
 * A package is purchased when every event category it covers (for a team pass: every participant of its list)
 * is covered by active paid orders. A package covering nothing counts as purchased only by an order for itself.
 */
export function isPackagePurchased(pkg: PackageLike, orders: readonly OrderLike[]): boolean {
  const paid = orders.filter((o) => o.type === 'package' && isActivePaid(o));
  if (paid.some((o) => o.product.id === pkg.id)) return true;
  if (pkg.is_team_pass) {
    const covered = new Set(paid.map((o) => o.product.participant_id));
    return pkg.participants.length > 0 && pkg.participants.every((p) => covered.has(p));
  }
  const covered = new Set(paid.map((o) => o.product.event_category_id));
  return pkg.event_categories.length > 0 && pkg.event_categories.every((c) => covered.has(c));
}
