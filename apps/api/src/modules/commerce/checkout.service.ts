import type {
  BuyBody,
  CheckoutResult,
  InvoicePreview,
  InvoicePreviewBody,
  SavedCard,
  SetupIntent,
} from '@sideline/contract/commerce';
import { fromCents } from '../../lib/money';
import type { UserRow, UsersRepository } from '../auth';
import { authErrors } from '../auth';
import type { Channel } from '../channel';
import type { EventsRepository } from '../events';
import type { PaymentProvider } from '../payments';
import { commerceErrors } from './commerce.errors';
import type { GrantsOf } from './entitlements';
import { callProvider, checkoutResultOf, createOrderPayment } from './order-payment';
import type { OrderSettlement } from './order-settlement';
import type { OrderRow, OrdersRepository } from './orders.repository';
import { placeOrder } from './place-order';
import { nextChargeAt } from './pricing';
import { type PurchaseLookups, purchaseFingerprint, resolvePurchase, usableCoupon } from './purchase';

type Fan = { userId: number };

export type CheckoutDeps = {
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
  const { orders, provider, settlement } = deps;
  const now = deps.now ?? (() => new Date());
  const payment = createOrderPayment({ orders, provider, settlement, forget: deps.forget });

  function lookups(channel: Channel, user: UserRow): PurchaseLookups {
    // One read of the fan's purchases per checkout, for both the purchased rules and the access rule.
    let grants: ReturnType<GrantsOf> | undefined;
    const granted = () => {
      grants ??= deps.grantsOf(channel, user.id, now());
      return grants;
    };
    return {
      pass: (id) => orders.passOfChannel(channel.id, id),
      event: (id) => deps.events.byId(channel.id, id),
      coupon: (code) => orders.couponByCode(channel.id, code),
      couponUsed: (couponId) => orders.couponUsedBy(couponId, user.id),
      orders: async () => (await granted()).orders,
      entitlements: async () => (await granted()).entitlements,
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

  /** A checkout key seen before: the same purchase continues where it stopped; another purchase is refused. */
  async function resume(order: OrderRow, body: BuyBody, returnUrl: string): Promise<CheckoutResult> {
    if (order.purchaseKey !== purchaseFingerprint(body)) throw commerceErrors.idempotencyKeyReused();
    const started = order.providerPaymentId !== null || order.providerSubscriptionId !== null;
    if (order.status !== 'Pending' || started) return checkoutResultOf(order);
    return payment.pay(order, order.paymentMethodId, returnUrl);
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
      // A trial call from a fan whose trial is gone answers that first, whatever else the plan would be refused for.
      if (ctx.trialOnly && user.trialPeriodUsed) throw commerceErrors.trialAlreadyUsed();
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
        placeOrder(
          orders,
          { channel, userId: user.id, body, purchase: p, provider: provider.name, paymentMethodId, at },
          now,
        );
      let placed = await place();
      if (placed.pending) {
        // An earlier attempt waiting for the card's authentication is replaced; one being charged is not.
        if (!(await payment.replaceAll(placed.pending))) throw commerceErrors.purchasePending();
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
      return payment.pay(order, paymentMethodId, returnUrl);
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
