import type {
  BuyBody,
  CheckoutResult,
  InvoicePreview,
  InvoicePreviewBody,
  SavedCard,
  SetupIntent,
} from '@sideline/contract/commerce';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { fromCents } from '../../lib/money';
import type { UserRow, UsersRepository } from '../auth';
import { authErrors } from '../auth';
import { users as usersTable } from '../auth/users.table';
import type { Channel } from '../channel';
import type { EventsRepository } from '../events';
import type { PaymentProvider, PaymentResult } from '../payments';
import { commerceErrors } from './commerce.errors';
import type { GrantsOf } from './entitlements';
import { isReplaceable, openPurchasesOf } from './open-purchases';
import type { OrderSettlement } from './order-settlement';
import type { OrderRow, OrdersRepository } from './orders.repository';
import { passes } from './passes.table';
import { nextChargeAt } from './pricing';
import { type PurchaseLookups, purchaseFingerprint, resolvePurchase, usableCoupon } from './purchase';

type Fan = { userId: number };
const DAY_MS = 86_400_000;
const REPLACED = 'Replaced by a newer payment attempt.';

export type CheckoutDeps = {
  db: Db;
  orders: OrdersRepository;
  users: UsersRepository;
  events: EventsRepository;
  provider: PaymentProvider;
  settlement: OrderSettlement;
  grantsOf: GrantsOf;
  /** Forgets what is cached about the user's access (viewer, passes overlay): called after each state change. */
  forget: (userId: number) => void;
  now?: () => Date;
};

/**
 * The checkout: prices what the fan asks for from the database, makes one order per checkout key, and has the
 * provider charge the saved card (or start the plan). The provider's confirmation arrives on the webhook; an
 * answer it gives at once (a decline, a trial) is applied here through the same settlement.
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const { db, orders, provider, settlement } = deps;
  const now = deps.now ?? (() => new Date());

  function lookups(channel: Channel, user: UserRow): PurchaseLookups {
    return {
      async pass(id) {
        const [row] = await db
          .select()
          .from(passes)
          .where(and(eq(passes.channelId, channel.id), eq(passes.id, id)))
          .limit(1);
        return row;
      },
      event: (id) => deps.events.byId(channel.id, id),
      coupon: (code) => orders.couponByCode(channel.id, code),
      couponUsed: (couponId) => orders.couponUsedBy(couponId, user.id),
      orders: async () => (await deps.grantsOf(channel, user.id, now())).orders,
      trialUsed: async () => user.trialPeriodUsed,
      now: now(),
    };
  }

  async function userOf(fan: Fan): Promise<UserRow> {
    const user = await deps.users.byId(fan.userId);
    if (!user) throw authErrors.userNotFound();
    return user;
  }

  async function customerOf(user: UserRow): Promise<string> {
    const known = await orders.customerOf(user.id, provider.name);
    if (known) return known;
    const created = await provider.createCustomer({ email: user.email, userId: user.id });
    return orders.saveCustomer(user.id, provider.name, created.id);
  }

  /** The card named (it must be the fan's own), else the fan's default card, else NoPaymentMethod. */
  async function cardFor(customerId: string, paymentMethodId: string | undefined): Promise<string> {
    if (paymentMethodId) {
      if (!(await provider.ownsPaymentMethod(customerId, paymentMethodId)))
        throw commerceErrors.paymentMethodNotFound();
      return paymentMethodId;
    }
    const cards = await provider.listCards(customerId);
    const card = cards.find((c) => c.is_default) ?? cards[0];
    if (!card) throw commerceErrors.noPaymentMethod();
    return card.id;
  }

  /** Provider failures the fan cannot fix are one retryable error; our own errors pass through. */
  async function callProvider<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw commerceErrors.providerError();
    }
  }

  const resultOf = (order: OrderRow, clientSecret: string | null = null): CheckoutResult => ({
    order_id: order.id,
    status: order.status,
    next_action_url: order.status === 'Pending' ? order.nextActionUrl : null,
    client_secret: order.status === 'Pending' ? clientSecret : null,
  });

  async function settleNow(order: OrderRow, work: (tx: Db) => Promise<boolean>): Promise<OrderRow> {
    const changed = await orders.transaction(work);
    if (changed) deps.forget(order.userId);
    return (await orders.byId(order.id)) ?? order;
  }

  /** A one-off payment's answer: stored on the order; a final answer settles it now. */
  async function applyPayment(order: OrderRow, paymentMethodId: string, res: PaymentResult): Promise<OrderRow> {
    return settleNow(order, async (tx) => {
      const updated =
        (await orders.transition(
          order.id,
          ['Pending'],
          { providerPaymentId: res.id, paymentMethodId, nextActionUrl: res.nextActionUrl },
          tx,
        )) ?? order;
      if (res.status === 'succeeded') {
        return settlement.paid(tx, updated, {
          ref: res.id,
          amountCents: updated.amountCents,
          currency: updated.currency,
          card: res.card,
        });
      }
      if (res.status === 'failed') {
        return settlement.failed(tx, updated, { ref: res.id, message: res.failureMessage ?? '', card: res.card });
      }
      return false;
    });
  }

  /** Starts (or, for a retried checkout key, resumes) the payment of a Pending order. */
  async function pay(order: OrderRow, paymentMethodId: string | null, returnTo: string): Promise<CheckoutResult> {
    // The authentication step returns to the checkout with its order, so the page resumes polling that order.
    const back = new URL(returnTo);
    back.searchParams.set('order_id', String(order.id));
    const returnUrl = back.toString();
    const customerId = await orders.customerOf(order.userId, provider.name);
    const key = `order_${order.id}`;
    const metadata = { order_id: String(order.id) };
    if (order.type === 'subscription') {
      const trialDays = order.trialEnd
        ? Math.max(1, Math.round((order.trialEnd.getTime() - order.createdAt.getTime()) / DAY_MS))
        : null;
      const res = await callProvider(() =>
        provider.createSubscription({
          customerId: customerId ?? '',
          paymentMethodId: paymentMethodId ?? '',
          amount: order.amountCents,
          currency: order.currency,
          interval: order.offer === 'annual' ? 'year' : 'month',
          intervalCount: order.period ?? 1,
          trialDays,
          description: order.name,
          idempotencyKey: key,
          metadata,
          returnUrl,
        }),
      );
      const after = await settleNow(order, async (tx) => {
        const updated =
          (await orders.transition(
            order.id,
            ['Pending'],
            {
              providerSubscriptionId: res.id,
              providerPaymentId: res.payment?.id ?? null,
              paymentMethodId,
              nextActionUrl: res.payment?.nextActionUrl ?? null,
            },
            tx,
          )) ?? order;
        if (res.status === 'trialing') {
          // A trial is access now and no charge: the order is paid and active until the trial ends.
          const trialEnd = res.trialEnd ?? res.currentPeriodEnd;
          return settlement.paid(
            tx,
            updated,
            { ref: res.id, amountCents: 0, currency: updated.currency, card: null },
            {
              subscriptionStatus: 'active',
              autoRenewal: 'Active',
              trialEnd,
              currentPeriodEnd: trialEnd,
            },
          );
        }
        if (res.status === 'failed' || res.payment?.status === 'failed') {
          return settlement.failed(tx, updated, {
            ref: res.payment?.id ?? res.id,
            message: res.payment?.failureMessage ?? 'Your card was declined.',
            card: res.payment?.card ?? null,
          });
        }
        return false;
      });
      return resultOf(after, res.payment?.clientSecret ?? null);
    }
    if (order.amountCents === 0) {
      // Nothing to charge (a 100% coupon): paid at once, and no transaction, as no money moved.
      const after = await settleNow(order, (tx) =>
        settlement.paid(tx, order, { ref: `free_${order.id}`, amountCents: 0, currency: order.currency, card: null }),
      );
      return resultOf(after);
    }
    const res = await callProvider(() =>
      provider.createPayment({
        customerId: customerId ?? '',
        paymentMethodId: paymentMethodId ?? '',
        amount: order.amountCents,
        currency: order.currency,
        description: order.name,
        idempotencyKey: key,
        metadata,
        returnUrl,
      }),
    );
    return resultOf(await applyPayment(order, paymentMethodId ?? '', res), res.clientSecret);
  }

  /**
   * Cancels earlier attempts at the same purchase that wait for the fan's authentication, and fails their orders,
   * so a challenge page left open cannot charge a second time. False when one cannot be replaced.
   */
  async function replaceAll(pending: OrderRow[]): Promise<boolean> {
    if (!pending.every(isReplaceable)) return false;
    for (const old of pending) {
      const ref = old.providerPaymentId as string;
      if (!(await callProvider(() => provider.cancelPayment(ref)))) return false;
      await settleNow(old, (tx) => settlement.failed(tx, old, { ref, message: REPLACED }));
    }
    return true;
  }

  /** A checkout key seen before: the same purchase continues where it stopped; another purchase is refused. */
  async function resume(order: OrderRow, body: BuyBody, returnUrl: string): Promise<CheckoutResult> {
    if (order.purchaseKey !== purchaseFingerprint(body)) throw commerceErrors.idempotencyKeyReused();
    const started = order.providerPaymentId !== null || order.providerSubscriptionId !== null;
    if (order.status !== 'Pending' || started) return resultOf(order);
    return pay(order, order.paymentMethodId, returnUrl);
  }

  return {
    async preview(channel: Channel, fan: Fan, body: InvoicePreviewBody): Promise<InvoicePreview> {
      const user = await userOf(fan);
      const p = await resolvePurchase(body, lookups(channel, user));
      const plan = p.type === 'subscription';
      const at = now();
      return {
        currency: channel.currency,
        lines: p.lines.map((l) => ({ name: l.name, amount: fromCents(l.amountCents) })),
        subtotal: fromCents(p.totals.subtotalCents),
        discount: fromCents(p.totals.discountCents),
        service_fee: fromCents(p.totals.serviceFeeCents),
        total: p.trialDays ? 0 : fromCents(p.totals.totalCents),
        coupon: p.coupon?.code ?? null,
        trial_days: p.trialDays,
        next_charge_at: plan
          ? nextChargeAt(at, { offer: p.pass.offer, period: p.pass.period, trialDays: p.trialDays }).toISOString()
          : null,
        next_charge_amount: plan ? fromCents(p.totals.totalCents) : null,
      };
    },

    async applyCoupon(channel: Channel, fan: Fan, code: string, passId: number | undefined) {
      const coupon = await usableCoupon(code, passId, {
        coupon: (c) => orders.couponByCode(channel.id, c),
        couponUsed: (id) => orders.couponUsedBy(id, fan.userId),
        now: now(),
      });
      return {
        code: coupon.code,
        discount_type: coupon.discountType,
        discount_value: coupon.discountType === 'amount' ? fromCents(coupon.discountValue) : coupon.discountValue,
        valid_until: coupon.validUntil?.toISOString() ?? null,
      };
    },

    async setupIntent(fan: Fan): Promise<SetupIntent> {
      const customerId = await customerOf(await userOf(fan));
      const intent = await callProvider(() => provider.createSetupIntent(customerId));
      return {
        provider: provider.name,
        publishable_key: provider.publishableKey,
        client_secret: intent.clientSecret,
        sandbox_url: provider.browserUrl,
      };
    },

    async listCards(fan: Fan): Promise<SavedCard[]> {
      const customerId = await orders.customerOf(fan.userId, provider.name);
      return customerId ? callProvider(() => provider.listCards(customerId)) : [];
    },

    /**
     * `buy`, `buy_bundle` and `start_trial`: one order per checkout key, whatever the double submits. `trialOnly`
     * refuses a plan when this fan's trial is gone.
     */
    async buy(
      channel: Channel,
      fan: Fan,
      body: BuyBody,
      ctx: { origin: string; trialOnly?: boolean },
    ): Promise<CheckoutResult> {
      const returnUrl = `${ctx.origin}${body.return_path ?? '/buy'}`;
      const known = await orders.byKey(fan.userId, body.idempotency_key);
      if (known) return resume(known, body, returnUrl);

      const user = await userOf(fan);
      const p = await resolvePurchase(body, lookups(channel, user));
      if (ctx.trialOnly && p.trialDays === null) {
        throw user.trialPeriodUsed || p.type !== 'subscription'
          ? commerceErrors.trialAlreadyUsed()
          : commerceErrors.notForSale();
      }
      const plan = p.type === 'subscription';
      const needsCard = plan || p.totals.totalCents > 0;
      const customerId = needsCard ? await customerOf(user) : null;
      const paymentMethodId = customerId ? await cardFor(customerId, body.payment_method_id) : null;
      const at = now();

      const place = () =>
        orders.transaction(async (tx): Promise<{ order?: OrderRow; pending?: OrderRow[] }> => {
          // One checkout of this fan at a time (a row lock on both databases), so two tabs cannot both pass the
          // check below before either has written its order.
          await tx.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.id, user.id)).for('update');
          // The same checkout key submitted twice at once: the other submit made the order; continue that one.
          if (await orders.byKey(user.id, body.idempotency_key, tx)) return {};
          const open = openPurchasesOf(p.items, await orders.openOfUser(user.id, channel.id, now(), tx), now());
          if (open.owned) throw commerceErrors.alreadyPurchased();
          if (open.pending.length > 0) return { pending: open.pending };
          return { order: await insert(tx) };
        });
      const insert = async (tx: Db) => {
        const row = await orders.insertOrder(
          {
            channelId: channel.id,
            userId: user.id,
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
            provider: provider.name,
            paymentMethodId,
            offer: plan ? p.pass.offer : null,
            period: plan ? p.pass.period : null,
            trialEnd: p.trialDays ? new Date(at.getTime() + p.trialDays * DAY_MS) : null,
          },
          p.items,
          tx,
        );
        if (!row) return undefined;
        if (p.coupon && !(await orders.redeemCoupon(p.coupon.id, user.id, row.id, tx))) {
          throw commerceErrors.wrongPromoCode();
        }
        if (p.trialDays) {
          // Once per user: the conditional update decides between two concurrent trials.
          const used = await tx
            .update(usersTable)
            .set({ trialPeriodUsed: true })
            .where(and(eq(usersTable.id, user.id), eq(usersTable.trialPeriodUsed, false)))
            .returning({ id: usersTable.id });
          if (used.length === 0) throw commerceErrors.trialAlreadyUsed();
        }
        return row;
      };

      let placed = await place();
      if (placed.pending) {
        // An earlier attempt waiting for the card's authentication is replaced; one being charged is not.
        if (!(await replaceAll(placed.pending))) throw commerceErrors.purchasePending();
        placed = await place();
        if (placed.pending) throw commerceErrors.purchasePending();
      }
      const order = placed.order;
      if (!order) {
        // A concurrent submit with the same key made the order first: continue that one.
        const winner = await orders.byKey(fan.userId, body.idempotency_key);
        if (!winner) throw commerceErrors.providerError();
        return resume(winner, body, returnUrl);
      }
      if (p.trialDays) deps.forget(user.id);
      return pay(order, paymentMethodId, returnUrl);
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
