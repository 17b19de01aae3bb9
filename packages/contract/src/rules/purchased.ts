import type { OrderActivityStatus, OrderPaymentStatus, OrderType, PurchaseKind } from '../enums';

/** One thing an order covers (its pass, sport, team, game or add-on). */
export type OrderItemLike = {
  kind: PurchaseKind;
  pass_id: number | null;
  event_category_id: number | null;
  participant_id: number | null;
};

/** The fields of an order the purchased rules read. `items`, when given, say exactly what the order covers. */
export type OrderLike = {
  status: OrderPaymentStatus;
  activity_status: OrderActivityStatus;
  type: OrderType;
  product: { id: number; event_category_id: number | null; participant_id: number | null };
  items?: readonly OrderItemLike[];
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

/** The package items of active paid package orders (an order without items stands for its product). */
function packageItems(orders: readonly OrderLike[]): OrderItemLike[] {
  return orders
    .filter((o) => o.type === 'package' && isActivePaid(o))
    .flatMap((o) =>
      o.items
        ? o.items.filter((i) => i.kind === 'package')
        : [{ kind: 'package' as const, pass_id: o.product.id, ...o.product }],
    );
}

/** Sports of this package the orders already cover. */
export function coveredCategories(pkg: PackageLike, orders: readonly OrderLike[]): number[] {
  const covered = new Set(packageItems(orders).map((i) => i.event_category_id));
  return pkg.event_categories.filter((c) => covered.has(c));
}

/** Teams of this team pass the orders already cover. */
export function coveredParticipants(pkg: PackageLike, orders: readonly OrderLike[]): number[] {
  const covered = new Set(packageItems(orders).map((i) => i.participant_id));
  return pkg.participants.filter((p) => covered.has(p));
}

/**
 * A package is purchased when every event category it covers (for a team pass: every participant of its list)
 * is covered by active paid orders. A package covering nothing counts as purchased only by an order for itself.
 */
export function isPackagePurchased(pkg: PackageLike, orders: readonly OrderLike[]): boolean {
  const items = packageItems(orders);
  // Bought whole: an item for the pass that names no single sport or team.
  if (items.some((i) => i.pass_id === pkg.id && i.event_category_id === null && i.participant_id === null)) return true;
  if (pkg.is_team_pass) {
    return pkg.participants.length > 0 && coveredParticipants(pkg, orders).length === pkg.participants.length;
  }
  return pkg.event_categories.length > 0 && coveredCategories(pkg, orders).length === pkg.event_categories.length;
}

/** An add-on is purchased when an active paid order carries it (alone or with another pass). */
export function isAddOnPurchased(passId: number, orders: readonly OrderLike[]): boolean {
  return orders.some(
    (o) =>
      isActivePaid(o) &&
      (o.items
        ? o.items.some((i) => i.kind === 'additional' && i.pass_id === passId)
        : o.type === 'package' && o.product.id === passId),
  );
}

/** What a signed-in caller's orders change in a pass's derived fields (spec section 3). */
export function passOverlay(
  pass: PackageLike & { kind: 'package' | 'subscription'; pass_type: 'regular' | 'addition' },
  orders: readonly OrderLike[],
): { purchased: boolean; disabledCategories: number[]; disabledParticipants: number[] } {
  if (pass.kind === 'subscription') {
    return { purchased: isSubscriptionPurchased(pass.id, orders), disabledCategories: [], disabledParticipants: [] };
  }
  if (pass.pass_type === 'addition') {
    return { purchased: isAddOnPurchased(pass.id, orders), disabledCategories: [], disabledParticipants: [] };
  }
  return {
    purchased: isPackagePurchased(pass, orders),
    disabledCategories: coveredCategories(pass, orders),
    disabledParticipants: pass.is_team_pass ? coveredParticipants(pass, orders) : [],
  };
}
