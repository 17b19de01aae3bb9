import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PaymentProviderName } from '../payments';
import {
  couponRedemptions,
  coupons,
  orderItems,
  orders,
  paymentCustomers,
  providerEvents,
  transactions,
} from './orders.table';
import { passes } from './passes.table';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;
export type TransactionRow = typeof transactions.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type OrderWithItems = OrderRow & { items: OrderItemRow[]; couponCode: string | null };

/** Active and paid, and not past its period (spec purchased rules; a lapsed plan stops counting at its end). */
const activePaid = (now: Date) =>
  and(
    eq(orders.status, 'Paid'),
    eq(orders.activityStatus, 'Active'),
    or(isNull(orders.currentPeriodEnd), gt(orders.currentPeriodEnd, now)),
  );

/**
 * Orders, their items, transactions, coupons and provider customers. Calls that write take the caller's
 * transaction, so an order, its items and its coupon use commit together.
 */
export function createOrdersRepository({ db }: { db: Db }) {
  async function withItems(rows: OrderRow[], tx: Db = db): Promise<OrderWithItems[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const items = await tx.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.id);
    const couponIds = [...new Set(rows.map((r) => r.couponId).filter((c): c is number => c !== null))];
    const codes = couponIds.length
      ? await tx.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.id, couponIds))
      : [];
    return rows.map((r) => ({
      ...r,
      items: items.filter((i) => i.orderId === r.id),
      couponCode: codes.find((c) => c.id === r.couponId)?.code ?? null,
    }));
  }

  return {
    transaction: <T>(work: (tx: Db) => Promise<T>) => db.transaction(work),
    /** Orders with their items and coupon code, for the contract's Order (`order-view.ts`). */
    withItems,

    async customerOf(userId: number, provider: PaymentProviderName): Promise<string | undefined> {
      const [row] = await db
        .select()
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
        .limit(1);
      return row?.customerId;
    },
    /** Keeps the first customer made for a user: two concurrent first checkouts agree on one. */
    async saveCustomer(userId: number, provider: PaymentProviderName, customerId: string): Promise<string> {
      await db.insert(paymentCustomers).values({ userId, provider, customerId }).onConflictDoNothing();
      return (await this.customerOf(userId, provider)) ?? customerId;
    },

    /** Inserts an order with its items; undefined when the user's idempotency key already has an order. */
    async insertOrder(values: NewOrder, items: NewOrderItem[], tx: Db): Promise<OrderRow | undefined> {
      const [row] = await tx.insert(orders).values(values).onConflictDoNothing().returning();
      if (!row) return undefined;
      if (items.length) await tx.insert(orderItems).values(items.map((i) => ({ ...i, orderId: row.id })));
      return row;
    },
    async byKey(userId: number, idempotencyKey: string, tx: Db = db): Promise<OrderRow | undefined> {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)))
        .limit(1);
      return row;
    },
    async byId(id: number, tx: Db = db): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row;
    },
    async bySubscription(subscriptionId: string, tx: Db = db): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.providerSubscriptionId, subscriptionId)).limit(1);
      return row;
    },
    /** One of the user's orders on the channel, with its items; undefined for anyone else's. */
    async ofUser(userId: number, channelId: number, id: number): Promise<OrderWithItems | undefined> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId), eq(orders.channelId, channelId)))
        .limit(1);
      return (await withItems(rows))[0];
    },
    async listOfUser(
      userId: number,
      channelId: number,
      opts: { active: boolean; offset: number; limit: number | undefined; now: Date },
    ): Promise<{ rows: OrderWithItems[]; total: number }> {
      const where = and(
        eq(orders.userId, userId),
        eq(orders.channelId, channelId),
        opts.active ? activePaid(opts.now) : undefined,
      );
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
      const query = db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .offset(opts.offset);
      const rows = opts.limit === undefined ? await query : await query.limit(opts.limit);
      return { rows: await withItems(rows), total: count?.n ?? 0 };
    },
    /** The user's orders that give access now, with their items and the passes they name. */
    async activeOfUser(userId: number, channelId: number, now: Date, tx: Db = db): Promise<OrderWithItems[]> {
      const rows = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.channelId, channelId), activePaid(now)));
      return withItems(rows, tx);
    },
    /** The user's orders that hold their items: paid and active, or Pending (the checkout's one-purchase rule). */
    async openOfUser(userId: number, channelId: number, now: Date, tx: Db): Promise<OrderWithItems[]> {
      const rows = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.channelId, channelId),
            or(eq(orders.status, 'Pending'), activePaid(now)),
          ),
        );
      return withItems(rows, tx);
    },
    /** A pass of the channel, active or not; undefined for another channel's. */
    async passOfChannel(channelId: number, id: number) {
      const [row] = await db
        .select()
        .from(passes)
        .where(and(eq(passes.channelId, channelId), eq(passes.id, id)))
        .limit(1);
      return row;
    },
    async passesByIds(ids: number[], tx: Db = db) {
      if (ids.length === 0) return [];
      return tx.select().from(passes).where(inArray(passes.id, ids));
    },
    /** Moves an order on, only from the statuses given: a replayed or late event cannot undo a later state. */
    async transition(
      id: number,
      from: readonly OrderRow['status'][],
      values: Partial<NewOrder>,
      tx: Db,
    ): Promise<OrderRow | undefined> {
      const [row] = await tx
        .update(orders)
        .set(values)
        .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
        .returning();
      return row;
    },
    async update(id: number, values: Partial<NewOrder>, tx: Db = db): Promise<OrderRow | undefined> {
      const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
      return row;
    },

    /**
     * Records money that moved, once per provider payment and kind. A payment that failed and then succeeded
     * (a retried authentication) turns its failed row into a paid one.
     */
    async recordTransaction(values: typeof transactions.$inferInsert, tx: Db): Promise<void> {
      await tx
        .insert(transactions)
        .values(values)
        .onConflictDoUpdate({
          target: [transactions.providerRef, transactions.kind],
          set: { status: values.status, cardBrand: values.cardBrand ?? null, cardLast4: values.cardLast4 ?? null },
          setWhere: sql`${transactions.status} = 'failed' and excluded.status = 'paid'`,
        });
    },
    async transactionsOfUser(userId: number, channelId: number, offset: number, limit: number | undefined) {
      const where = and(eq(transactions.userId, userId), eq(orders.channelId, channelId));
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(transactions)
        .innerJoin(orders, eq(orders.id, transactions.orderId))
        .where(where);
      const query = db
        .select({ t: transactions })
        .from(transactions)
        .innerJoin(orders, eq(orders.id, transactions.orderId))
        .where(where)
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .offset(offset);
      const rows = limit === undefined ? await query : await query.limit(limit);
      return { rows: rows.map((r) => r.t), total: count?.n ?? 0 };
    },

    async couponByCode(channelId: number, code: string): Promise<CouponRow | undefined> {
      const [row] = await db
        .select()
        .from(coupons)
        .where(and(eq(coupons.channelId, channelId), eq(coupons.code, code.trim().toUpperCase())))
        .limit(1);
      return row;
    },
    async couponUsedBy(couponId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: couponRedemptions.id })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)))
        .limit(1);
      return row !== undefined;
    },
    /** False when the user has used the coupon already (the unique index decides, not a race). */
    async redeemCoupon(couponId: number, userId: number, orderId: number, tx: Db): Promise<boolean> {
      const rows = await tx
        .insert(couponRedemptions)
        .values({ couponId, userId, orderId })
        .onConflictDoNothing()
        .returning({ id: couponRedemptions.id });
      return rows.length === 1;
    },
    /** A failed payment gives the coupon back. */
    async releaseCoupon(orderId: number, tx: Db): Promise<void> {
      await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
    },

    /** Stores a provider event's id; false when it was handled before (a replay). */
    async recordEvent(event: { id: string; provider: PaymentProviderName; rawType: string }, tx: Db): Promise<boolean> {
      const rows = await tx
        .insert(providerEvents)
        .values({ id: event.id, provider: event.provider, type: event.rawType })
        .onConflictDoNothing()
        .returning({ id: providerEvents.id });
      return rows.length === 1;
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
