import type { Order } from '@sideline/contract/commerce';
import { BASIC_PASS_FIELD, PASSES_FORM_ALIAS } from '@sideline/contract/custom-forms';
import type { Db } from '../../db/client';
import type { PaymentProvider, PaymentProviderName, ProviderEvent } from '../payments';
import { planErrors } from './commerce.errors';
import type { CommerceMail } from './commerce-mail';
import { toOrder } from './order-view';
import type { OrderRow, OrdersRepository } from './orders.repository';
import type { PlansRepository } from './plans.repository';

const DAY_MS = 86_400_000;
/**
 * A renewing plan whose period passed is left to the provider's events (renewal or end); only if none came for this
 * long does the sweep end it, so a delayed webhook never takes away access that was paid for.
 */
const RENEWING_GRACE_MS = 3 * DAY_MS;
const BASIC_TRIAL_KEY = 'basic-pass-trial';

export type PlansDeps = {
  orders: Pick<OrdersRepository, 'withItems' | 'insertOrder'>;
  plans: PlansRepository;
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
  orders,
  plans,
  provider,
  providerName,
  mail,
  forget = () => {},
  now = () => new Date(),
}: PlansDeps) {
  /** An order row as the contract's Order, with its items and coupon. */
  const loadOrder = async (o: OrderRow): Promise<Order> => {
    const [full] = await orders.withItems([o]);
    if (!full) throw new Error(`order ${o.id} vanished`);
    return toOrder(full);
  };

  async function cancelOrder(o: OrderRow): Promise<Order> {
    if (o.type !== 'subscription' || !o.providerSubscriptionId) throw planErrors.notCancellable();
    // A second cancel, or one of an ended plan, changes nothing.
    if (o.autoRenewal === 'Cancelled' || o.activityStatus !== 'Active') return loadOrder(o);
    await provider.cancelSubscription(o.providerSubscriptionId);
    return loadOrder((await plans.cancelRenewal(o.id)) ?? o);
  }

  /**
   * The basic pass's trial: an order that grants the pass's capabilities for its trial days, once per user, with
   * no provider and no payment. Null when the trial was used or the channel has no basic pass with a trial.
   */
  async function startBasicTrial(channelId: number, userId: number): Promise<OrderRow | null> {
    const at = now();
    const trial = await plans.transaction(async (tx) => {
      const basic = await plans.basicPass(channelId, tx);
      const days = basic?.pass.trialPeriodDays;
      if (!basic || !days) return null;
      const { pass } = basic;
      // Once per user by the order's fixed checkout key (unique per user). It leaves `trial_period_used` alone:
      // that flag is the plans' free trial, which every fan (all of whom choose the basic pass) must still have.
      const end = new Date(at.getTime() + days * DAY_MS);
      const order = await orders.insertOrder(
        {
          channelId,
          userId,
          type: 'package',
          passId: pass.id,
          name: pass.name,
          status: 'Paid',
          activityStatus: 'Active',
          subtotalCents: 0,
          amountCents: 0,
          currency: basic.currency ?? 'USD',
          idempotencyKey: BASIC_TRIAL_KEY,
          provider: providerName,
          trialEnd: end,
          currentPeriodEnd: end,
          paidAt: at,
        },
        [{ kind: 'package', passId: pass.id, name: pass.name }],
        tx,
      );
      return order ?? null;
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
          const o = await plans.bySubscriptionForUpdate(event.subscriptionId, tx);
          if (!o) return;
          const renewal = await plans.recordRenewal(
            {
              orderId: o.id,
              userId: o.userId,
              status: 'paid',
              amountCents: event.amount,
              currency: event.currency.toUpperCase(),
              providerRef: event.invoiceId,
              description: o.name,
              cardBrand: event.card?.brand ?? null,
              cardLast4: event.card?.last4 ?? null,
            },
            tx,
          );
          // Never moves the period back: an older invoice replayed late leaves the newer period in place.
          const periodEnd =
            o.currentPeriodEnd && o.currentPeriodEnd > event.periodEnd ? o.currentPeriodEnd : event.periodEnd;
          if (o.status !== 'Refunded') await plans.renew(o.id, periodEnd, tx);
          if (renewal) await mail.receipt(o.id, tx);
          return;
        }
        case 'invoice.failed': {
          const o = await plans.bySubscriptionForUpdate(event.subscriptionId, tx);
          // A first invoice that fails is the checkout's (its order never became Paid).
          if (o?.status !== 'Paid') return;
          const failed = await plans.recordRenewal(
            {
              orderId: o.id,
              userId: o.userId,
              status: 'failed',
              amountCents: event.amount,
              currency: event.currency.toUpperCase(),
              providerRef: `${event.invoiceId}#${event.attempt}`,
              description: o.name,
            },
            tx,
          );
          // Access lasts while the provider still retries: the period reaches the next attempt.
          if (event.nextAttemptAt && (!o.currentPeriodEnd || o.currentPeriodEnd < event.nextAttemptAt)) {
            await plans.extendPeriod(o.id, event.nextAttemptAt, tx);
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
          const o = await plans.bySubscriptionForUpdate(event.subscriptionId, tx);
          if (!o) return;
          if (o.autoRenewal !== 'Cancelled' && o.activityStatus === 'Active') {
            await mail.trialEnding(o.id, event.trialEnd, tx);
          }
          return;
        }
        case 'subscription.ended': {
          const o = await plans.bySubscriptionForUpdate(event.subscriptionId, tx);
          if (!o) return;
          await plans.end(o.id, tx);
          return;
        }
        default:
          return;
      }
    },

    /** The fan stops renewal; access stays to the period's end. Only their own plans. */
    async unsubscribe(user: { id: number }, orderId: number): Promise<Order> {
      const o = await plans.ofUser(user.id, orderId);
      if (!o) throw planErrors.orderNotFound();
      return cancelOrder(o);
    },

    /**
     * Ends every plan of the user at the provider now, before their account (and its orders) is deleted: a plan
     * left running would keep charging a card whose owner has no account to see or stop it. Throws when the
     * provider refuses, so the account is not deleted while a plan still renews.
     */
    async endAllOf(userId: number): Promise<number> {
      const running = await plans.runningSubscriptionsOf(userId);
      for (const id of running) await provider.endSubscriptionNow(id);
      return running.length;
    },

    /** The same cancel, from the provider's portal page (which knows the subscription, not the order). */
    async cancelBySubscription(customerId: string, subscriptionId: string): Promise<boolean> {
      const o = await plans.bySubscriptionOfCustomer(customerId, subscriptionId);
      if (!o) return false;
      await cancelOrder(o);
      return true;
    },

    /** The provider's portal for the user's own customer, valid while the session (`keyId`) it came from lives. */
    async portalUrl(user: { id: number; keyId: number }, returnUrl: string): Promise<string> {
      const customerId = await plans.customerOf(user.id, providerName);
      if (!customerId) throw planErrors.noCustomer();
      return provider.customerPortalUrl(customerId, returnUrl, { sessionKeyId: user.keyId });
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
      const rows = await plans.expireDue(at, RENEWING_GRACE_MS);
      for (const userId of new Set(rows.map((r) => r.userId))) forget(userId);
      return rows.map((r) => r.id);
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
