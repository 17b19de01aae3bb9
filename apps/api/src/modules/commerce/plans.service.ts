import type { Order } from '@sideline/contract/commerce';
import { BASIC_PASS_FIELD, PASSES_FORM_ALIAS } from '@sideline/contract/custom-forms';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channels } from '../channel/channel.table';
import type { PaymentProvider, PaymentProviderName, ProviderEvent } from '../payments';
import { planErrors } from './commerce.errors';
import type { CommerceMail } from './commerce-mail';
import { toOrder } from './order-view';
import { createOrdersRepository, type OrderRow } from './orders.repository';
import { orderItems, orders, paymentCustomers, transactions } from './orders.table';
import { passes } from './passes.table';

const DAY_MS = 86_400_000;
/**
 * A renewing plan whose period passed is left to the provider's events (renewal or end); only if none came for this
 * long does the sweep end it, so a delayed webhook never takes away access that was paid for.
 */
const RENEWING_GRACE_MS = 3 * DAY_MS;
const BASIC_TRIAL_KEY = 'basic-pass-trial';

export type PlansDeps = {
  db: Db;
  provider: Pick<PaymentProvider, 'cancelSubscription' | 'endSubscriptionNow' | 'customerPortalUrl'>;
  providerName: PaymentProviderName;
  mail: CommerceMail;
  /** Forgets a user's cached access after their orders changed (the viewer cache). */
  forget?: (userId: number) => void;
  now?: () => Date;
};

/**
 * What happens to a plan after it is bought: renewals, failed renewals, trial notices and ends reported by the
 * provider; the fan's cancel; the basic pass's trial; and the sweep that ends access whose period is over.
 */
export function createPlansService({
  db,
  provider,
  providerName,
  mail,
  forget = () => {},
  now = () => new Date(),
}: PlansDeps) {
  const ordersRepo = createOrdersRepository({ db });
  /** An order row as the contract's Order, with its items and coupon. */
  const loadOrder = async (o: OrderRow): Promise<Order> => {
    const [full] = await ordersRepo.withItems([o]);
    if (!full) throw new Error(`order ${o.id} vanished`);
    return toOrder(full);
  };
  const bySubscription = async (tx: Db, subscriptionId: string) =>
    (await tx.select().from(orders).where(eq(orders.providerSubscriptionId, subscriptionId)).for('update').limit(1))[0];

  /** Ends a plan's access now (the provider ended it): canceled when the fan had cancelled, else expired. */
  const endedStatus = sql`case when ${orders.autoRenewal} = 'Cancelled' then 'canceled' else 'expired' end`;

  async function cancelOrder(o: OrderRow): Promise<Order> {
    if (o.type !== 'subscription' || !o.providerSubscriptionId) throw planErrors.notCancellable();
    // A second cancel, or one of an ended plan, changes nothing.
    if (o.autoRenewal === 'Cancelled' || o.activityStatus !== 'Active') return loadOrder(o);
    await provider.cancelSubscription(o.providerSubscriptionId);
    const [updated] = await db
      .update(orders)
      .set({ autoRenewal: 'Cancelled', subscriptionStatus: 'canceled' })
      .where(eq(orders.id, o.id))
      .returning();
    return loadOrder(updated ?? o);
  }

  /**
   * The basic pass's trial: an order that grants the pass's capabilities for its trial days, once per user, with
   * no provider and no payment. Null when the trial was used or the channel has no basic pass with a trial.
   */
  async function startBasicTrial(channelId: number, userId: number): Promise<OrderRow | null> {
    const at = now();
    const trial = await db.transaction(async (tx) => {
      const [pass] = await tx
        .select()
        .from(passes)
        .where(and(eq(passes.channelId, channelId), eq(passes.isBasic, true), eq(passes.active, true)))
        .orderBy(passes.id)
        .limit(1);
      if (!pass?.trialPeriodDays) return null;
      // Once per user by the order's fixed checkout key (unique per user). It leaves `trial_period_used` alone:
      // that flag is the plans' free trial, which every fan (all of whom choose the basic pass) must still have.
      const [channel] = await tx
        .select({ currency: channels.currency })
        .from(channels)
        .where(eq(channels.id, channelId));
      const end = new Date(at.getTime() + pass.trialPeriodDays * DAY_MS);
      const [order] = await tx
        .insert(orders)
        .values({
          channelId,
          userId,
          type: 'package',
          passId: pass.id,
          name: pass.name,
          status: 'Paid',
          activityStatus: 'Active',
          subtotalCents: 0,
          amountCents: 0,
          currency: channel?.currency ?? 'USD',
          idempotencyKey: BASIC_TRIAL_KEY,
          provider: providerName,
          trialEnd: end,
          currentPeriodEnd: end,
          paidAt: at,
        })
        .onConflictDoNothing()
        .returning();
      if (!order) return null;
      await tx.insert(orderItems).values({ orderId: order.id, kind: 'package', passId: pass.id, name: pass.name });
      return order;
    });
    if (trial) forget(userId);
    return trial;
  }

  return {
    /**
     * A provider event about a plan after its first payment, in the webhook's transaction (after the event id was
     * stored once). Events that are not about a plan's life after its first payment change nothing here.
     */
    async handleEvent(event: ProviderEvent, tx: Db): Promise<void> {
      switch (event.type) {
        case 'invoice.paid': {
          if (event.reason !== 'subscription_cycle') return;
          const o = await bySubscription(tx, event.subscriptionId);
          if (!o) return;
          const [renewal] = await tx
            .insert(transactions)
            .values({
              orderId: o.id,
              userId: o.userId,
              kind: 'renewal',
              status: 'paid',
              amountCents: event.amount,
              currency: event.currency.toUpperCase(),
              providerRef: event.invoiceId,
              description: o.name,
              cardBrand: event.card?.brand ?? null,
              cardLast4: event.card?.last4 ?? null,
            })
            .onConflictDoNothing()
            .returning({ id: transactions.id });
          // Never moves the period back: an older invoice replayed late leaves the newer period in place.
          const periodEnd =
            o.currentPeriodEnd && o.currentPeriodEnd > event.periodEnd ? o.currentPeriodEnd : event.periodEnd;
          if (o.status !== 'Refunded') {
            await tx
              .update(orders)
              .set({
                status: 'Paid',
                activityStatus: 'Active',
                subscriptionStatus: 'active',
                currentPeriodEnd: periodEnd,
              })
              .where(eq(orders.id, o.id));
          }
          if (renewal) await mail.receipt(o.id, tx);
          return;
        }
        case 'invoice.failed': {
          const o = await bySubscription(tx, event.subscriptionId);
          // A first invoice that fails is the checkout's (its order never became Paid).
          if (o?.status !== 'Paid') return;
          const [failed] = await tx
            .insert(transactions)
            .values({
              orderId: o.id,
              userId: o.userId,
              kind: 'renewal',
              status: 'failed',
              amountCents: event.amount,
              currency: event.currency.toUpperCase(),
              providerRef: `${event.invoiceId}#${event.attempt}`,
              description: o.name,
            })
            .onConflictDoNothing()
            .returning({ id: transactions.id });
          // Access lasts while the provider still retries: the period reaches the next attempt.
          if (event.nextAttemptAt && (!o.currentPeriodEnd || o.currentPeriodEnd < event.nextAttemptAt)) {
            await tx.update(orders).set({ currentPeriodEnd: event.nextAttemptAt }).where(eq(orders.id, o.id));
          }
          if (failed) {
            await mail.failedPayment(
              o.id,
              {
                amount: event.amount,
                currency: event.currency,
                attempt: event.attempt,
                nextAttemptAt: event.nextAttemptAt,
              },
              tx,
            );
          }
          return;
        }
        case 'subscription.trial_will_end': {
          const o = await bySubscription(tx, event.subscriptionId);
          if (!o) return;
          if (o.autoRenewal !== 'Cancelled' && o.activityStatus === 'Active') {
            await mail.trialEnding(o.id, event.trialEnd, tx);
          }
          return;
        }
        case 'subscription.ended': {
          const o = await bySubscription(tx, event.subscriptionId);
          if (!o) return;
          await tx
            .update(orders)
            .set({ activityStatus: 'Inactive', subscriptionStatus: endedStatus })
            .where(eq(orders.id, o.id));
          return;
        }
        default:
          return;
      }
    },

    /** The fan stops renewal; access stays to the period's end. Only their own plans. */
    async unsubscribe(user: { id: number }, orderId: number): Promise<Order> {
      const [o] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)))
        .limit(1);
      if (!o) throw planErrors.orderNotFound();
      return cancelOrder(o);
    },

    /**
     * Ends every plan of the user at the provider now, before their account (and its orders) is deleted: a plan
     * left running would keep charging a card whose owner has no account to see or stop it. Throws when the
     * provider refuses, so the account is not deleted while a plan still renews.
     */
    async endAllOf(userId: number): Promise<number> {
      const running = await db
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
      for (const { id } of running) await provider.endSubscriptionNow(id as string);
      return running.length;
    },

    /** The same cancel, from the provider's portal page (which knows the subscription, not the order). */
    async cancelBySubscription(customerId: string, subscriptionId: string): Promise<boolean> {
      const [o] = await db
        .select({ order: orders })
        .from(orders)
        .innerJoin(paymentCustomers, eq(paymentCustomers.userId, orders.userId))
        .where(and(eq(orders.providerSubscriptionId, subscriptionId), eq(paymentCustomers.customerId, customerId)))
        .limit(1);
      if (!o) return false;
      await cancelOrder(o.order);
      return true;
    },

    /** The provider's portal for the user's own customer, valid while the session (`keyId`) it came from lives. */
    async portalUrl(user: { id: number; keyId: number }, returnUrl: string): Promise<string> {
      const [customer] = await db
        .select()
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, user.id), eq(paymentCustomers.provider, providerName)));
      if (!customer) throw planErrors.noCustomer();
      return provider.customerPortalUrl(customer.customerId, returnUrl, { sessionKeyId: user.keyId });
    },

    startBasicTrial,

    /** Custom forms hook: choosing the basic pass (the passes form's field set to non-zero) starts its trial. */
    async onFormSaved(
      channelId: number,
      alias: string,
      userId: number,
      fields: { name: string; value: string | number | boolean | null }[],
    ): Promise<void> {
      if (alias !== PASSES_FORM_ALIAS) return;
      const chosen = fields.find((f) => f.name === BASIC_PASS_FIELD);
      if (!chosen?.value || chosen.value === '0') return;
      await startBasicTrial(channelId, userId);
    },

    /**
     * Ends access whose period passed and that will not renew: cancelled plans, basic-pass trials, plans the provider
     * ended without telling us. Returns the orders it ended.
     */
    async expireDue(at: Date = now()): Promise<number[]> {
      const rows = await db
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
            sql`(${orders.autoRenewal} is distinct from 'Active' or ${orders.currentPeriodEnd} < ${new Date(at.getTime() - RENEWING_GRACE_MS).toISOString()}::timestamptz)`,
          ),
        )
        .returning({ id: orders.id, userId: orders.userId });
      for (const userId of new Set(rows.map((r) => r.userId))) forget(userId);
      return rows.map((r) => r.id);
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
