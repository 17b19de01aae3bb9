import type { Order } from '@sideline/contract/commerce';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fromCents } from '../../lib/money';
import { coupons, orderItems, type orders } from './orders.table';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** An order row and its items as the contract's Order (money in major units, dates as ISO strings). */
export function toOrder(o: OrderRow, items: OrderItemRow[], couponCode: string | null = null): Order {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const main = items.find((i) => i.kind !== 'additional') ?? items[0];
  return {
    id: o.id,
    status: o.status,
    activity_status: o.activityStatus,
    type: o.type,
    product: {
      id: o.passId ?? o.eventId ?? main?.passId ?? main?.eventId ?? o.id,
      event_category_id: main?.eventCategoryId ?? null,
      participant_id: main?.participantId ?? null,
    },
    items: items.map((i) => ({
      kind: i.kind,
      pass_id: i.passId,
      event_id: i.eventId,
      event_category_id: i.eventCategoryId,
      participant_id: i.participantId,
      name: i.name,
    })),
    name: o.name,
    subtotal: fromCents(o.subtotalCents),
    discount: fromCents(o.discountCents),
    service_fee: fromCents(o.serviceFeeCents),
    amount: fromCents(o.amountCents),
    currency: o.currency,
    coupon: couponCode,
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

/** Reads an order's items and coupon code, then maps it. */
export async function loadOrder(db: Db, o: OrderRow): Promise<Order> {
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(orderItems.id);
  const [coupon] = o.couponId
    ? await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, o.couponId))
    : [];
  return toOrder(o, items, coupon?.code ?? null);
}
