import type { BuyBody } from '@sideline/contract/commerce';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users as usersTable } from '../auth/users.table';
import type { Channel } from '../channel';
import type { PaymentProviderName } from '../payments';
import { commerceErrors } from './commerce.errors';
import { openPurchasesOf } from './open-purchases';
import type { OrderRow, OrdersRepository } from './orders.repository';
import { type Purchase, purchaseFingerprint } from './purchase';

const DAY_MS = 86_400_000;

export type Placement = {
  channel: Channel;
  userId: number;
  body: BuyBody;
  purchase: Purchase;
  provider: PaymentProviderName;
  paymentMethodId: string | null;
  at: Date;
};

/**
 * What one attempt to place an order gave: the new order; or the fan's Pending orders of the same thing (to be
 * replaced or refused); or neither, when a concurrent submit with the same checkout key placed it first.
 */
export type Placed = { order?: OrderRow; pending?: OrderRow[] };

/**
 * Places the order of a priced purchase in one transaction, with its coupon redeemed and the fan's trial taken.
 * One fan pays for a thing once: their checkouts are serialised, and an open order of the same item refuses it.
 */
export function placeOrder(orders: OrdersRepository, placement: Placement, now: () => Date): Promise<Placed> {
  const { channel, userId, body, purchase: p } = placement;
  return orders.transaction(async (tx): Promise<Placed> => {
    // One checkout of this fan at a time (a row lock on both databases), so two tabs cannot both pass the check
    // below before either has written its order.
    await tx.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.id, userId)).for('update');
    // The same checkout key submitted twice at once: the other submit made the order; continue that one.
    if (await orders.byKey(userId, body.idempotency_key, tx)) return {};
    const open = openPurchasesOf(p.items, await orders.openOfUser(userId, channel.id, now(), tx), now());
    if (open.owned) throw commerceErrors.alreadyPurchased();
    if (open.pending.length > 0) return { pending: open.pending };
    return { order: await insert(orders, placement, tx) };
  });
}

async function insert(orders: OrdersRepository, placement: Placement, tx: Db): Promise<OrderRow | undefined> {
  const { channel, userId, body, purchase: p, at } = placement;
  const plan = p.type === 'subscription';
  const row = await orders.insertOrder(
    {
      channelId: channel.id,
      userId,
      type: p.type,
      passId: p.pass.id,
      eventId: p.event?.id ?? null,
      name: p.name,
      subtotalCents: p.totals.subtotalCents,
      discountCents: p.totals.discountCents,
      serviceFeeCents: p.totals.serviceFeeCents,
      amountCents: p.totals.totalCents,
      currency: channel.currency,
      couponId: p.coupon?.id ?? null,
      idempotencyKey: body.idempotency_key,
      purchaseKey: purchaseFingerprint(body),
      provider: placement.provider,
      paymentMethodId: placement.paymentMethodId,
      offer: plan ? p.pass.offer : null,
      period: plan ? p.pass.period : null,
      trialEnd: p.trialDays ? new Date(at.getTime() + p.trialDays * DAY_MS) : null,
    },
    p.items,
    tx,
  );
  if (!row) return undefined;
  if (p.coupon && !(await orders.redeemCoupon(p.coupon.id, userId, row.id, tx))) {
    throw commerceErrors.wrongPromoCode();
  }
  if (p.trialDays) {
    // Once per user: the conditional update decides between two concurrent trials.
    const used = await tx
      .update(usersTable)
      .set({ trialPeriodUsed: true })
      .where(and(eq(usersTable.id, userId), eq(usersTable.trialPeriodUsed, false)))
      .returning({ id: usersTable.id });
    if (used.length === 0) throw commerceErrors.trialAlreadyUsed();
  }
  return row;
}
