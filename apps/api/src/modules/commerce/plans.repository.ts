import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channels } from '../channel/channel.table';
import type { PaymentProviderName } from '../payments';
import type { OrderRow } from './orders.repository';
import { orders, paymentCustomers, transactions } from './orders.table';
import { passes } from './passes.table';

type PassRow = typeof passes.$inferSelect;
/** A plan's charge after its first payment: a renewal that was paid, or an attempt that failed. */
export type RenewalCharge = Omit<typeof transactions.$inferInsert, 'kind'>;

/**
 * The queries of a plan's life after it is bought: renewals and failed renewals, ends, the fan's cancel, the basic
 * pass's trial and the sweep that ends lapsed access. Calls made inside a provider event's handling take the
 * webhook's transaction (`tx`), so the event's id and what it changed commit together.
 */
export function createPlansRepository({ db }: { db: Db }) {
  return {
    transaction: <T>(work: (tx: Db) => Promise<T>) => db.transaction(work),

    /** The order of a provider subscription, locked: two events about one plan are handled one after the other. */
    async bySubscriptionForUpdate(subscriptionId: string, tx: Db): Promise<OrderRow | undefined> {
      const [row] = await tx
        .select()
        .from(orders)
        .where(eq(orders.providerSubscriptionId, subscriptionId))
        .for('update')
        .limit(1);
      return row;
    },
    /** One of the user's orders on any channel; undefined for anyone else's. */
    async ofUser(userId: number, orderId: number): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
        .limit(1);
      return row;
    },
    /** The order of a subscription, only when it belongs to the provider's customer (the portal knows no order). */
    async bySubscriptionOfCustomer(customerId: string, subscriptionId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select({ order: orders })
        .from(orders)
        .innerJoin(paymentCustomers, eq(paymentCustomers.userId, orders.userId))
        .where(and(eq(orders.providerSubscriptionId, subscriptionId), eq(paymentCustomers.customerId, customerId)))
        .limit(1);
      return row?.order;
    },
    /** The provider subscriptions of the user's plans that still run or are starting. */
    async runningSubscriptionsOf(userId: number): Promise<string[]> {
      const rows = await db
        .select({ id: orders.providerSubscriptionId })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.type, 'subscription'),
            sql`${orders.providerSubscriptionId} is not null and ${orders.providerSubscriptionId} <> ''`,
            // Running (paid and active, renewing or not) or still starting; an ended one is gone at the provider
            // too, and Stripe refuses to cancel it again.
            or(eq(orders.status, 'Pending'), and(eq(orders.status, 'Paid'), eq(orders.activityStatus, 'Active'))),
          ),
        );
      return rows.map((r) => r.id as string);
    },

    /** Stops renewal; access stays to the period's end. */
    async cancelRenewal(orderId: number): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ autoRenewal: 'Cancelled', subscriptionStatus: 'canceled' })
        .where(eq(orders.id, orderId))
        .returning();
      return row;
    },
    /**
     * Records a renewal's charge once per provider reference (a replayed invoice adds nothing). False when it was
     * recorded before, so its mail is not sent twice.
     */
    async recordRenewal(values: RenewalCharge, tx: Db): Promise<boolean> {
      const rows = await tx
        .insert(transactions)
        .values({ ...values, kind: 'renewal' })
        .onConflictDoNothing()
        .returning({ id: transactions.id });
      return rows.length === 1;
    },
    /** A paid renewal: the plan is paid and active again until `periodEnd`. */
    async renew(orderId: number, periodEnd: Date, tx: Db): Promise<void> {
      await tx
        .update(orders)
        .set({ status: 'Paid', activityStatus: 'Active', subscriptionStatus: 'active', currentPeriodEnd: periodEnd })
        .where(eq(orders.id, orderId));
    },
    async extendPeriod(orderId: number, until: Date, tx: Db): Promise<void> {
      await tx.update(orders).set({ currentPeriodEnd: until }).where(eq(orders.id, orderId));
    },
    /** Ends a plan's access now (the provider ended it): canceled when the fan had cancelled, else expired. */
    async end(orderId: number, tx: Db): Promise<void> {
      await tx
        .update(orders)
        .set({
          activityStatus: 'Inactive',
          subscriptionStatus: sql`case when ${orders.autoRenewal} = 'Cancelled' then 'canceled' else 'expired' end`,
        })
        .where(eq(orders.id, orderId));
    },

    /** The channel's active basic pass (the first made), with the channel's currency. */
    async basicPass(channelId: number, tx: Db = db): Promise<{ pass: PassRow; currency: string | null } | undefined> {
      const [pass] = await tx
        .select()
        .from(passes)
        .where(and(eq(passes.channelId, channelId), eq(passes.isBasic, true), eq(passes.active, true)))
        .orderBy(passes.id)
        .limit(1);
      if (!pass) return undefined;
      const [channel] = await tx
        .select({ currency: channels.currency })
        .from(channels)
        .where(eq(channels.id, channelId));
      return { pass, currency: channel?.currency ?? null };
    },
    /** The customer the provider knows the user by, if any. */
    async customerOf(userId: number, provider: PaymentProviderName): Promise<string | undefined> {
      const [row] = await db
        .select()
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
      return row?.customerId;
    },

    /**
     * Ends access whose period passed and that will not renew, as of `at`: cancelled plans, basic-pass trials, and
     * renewing plans whose period passed more than `renewingGraceMs` ago with no word from the provider.
     */
    async expireDue(at: Date, renewingGraceMs: number): Promise<{ id: number; userId: number }[]> {
      return db
        .update(orders)
        .set({
          activityStatus: 'Inactive',
          subscriptionStatus: sql`case when ${orders.autoRenewal} = 'Cancelled' then 'canceled' when ${orders.subscriptionStatus} is null and ${orders.type} <> 'subscription' then null else 'expired' end`,
        })
        .where(
          and(
            eq(orders.activityStatus, 'Active'),
            eq(orders.status, 'Paid'),
            lt(orders.currentPeriodEnd, at),
            sql`(${orders.autoRenewal} is distinct from 'Active' or ${orders.currentPeriodEnd} < ${new Date(at.getTime() - renewingGraceMs).toISOString()}::timestamptz)`,
          ),
        )
        .returning({ id: orders.id, userId: orders.userId });
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
