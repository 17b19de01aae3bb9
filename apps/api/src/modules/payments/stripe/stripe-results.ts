import type { SavedCard } from '@sideline/contract/commerce';
import type Stripe from 'stripe';
import type { CardSummary, PaymentResult, SubscriptionResult } from '../payment-provider';

/** Stripe's own words when it gives none (the same default the event mapper uses). */
export const DECLINED = 'Your card was declined';

/** The card that paid, from the latest charge when it was expanded (`expand: ['latest_charge']`). */
function chargedCard(intent: Stripe.PaymentIntent): CardSummary | null {
  const charge = intent.latest_charge;
  const card = charge && typeof charge === 'object' ? charge.payment_method_details?.card : null;
  return card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null;
}

/**
 * A PaymentIntent in our terms. `requires_action` carries Stripe's redirect URL when it gave one; otherwise the
 * browser completes the step itself with Stripe.js and the client secret (`handleNextAction`), so the URL is null.
 * An intent back at `requires_payment_method` (or cancelled) was declined.
 */
export function paymentResult(intent: Stripe.PaymentIntent): PaymentResult {
  const failed = intent.status === 'requires_payment_method' || intent.status === 'canceled';
  const status: PaymentResult['status'] =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'requires_action'
        ? 'requires_action'
        : failed
          ? 'failed'
          : 'processing';
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status,
    nextActionUrl: status === 'requires_action' ? (intent.next_action?.redirect_to_url?.url ?? null) : null,
    failureMessage: failed ? (intent.last_payment_error?.message ?? DECLINED) : null,
    card: status === 'succeeded' || status === 'processing' ? chargedCard(intent) : null,
  };
}

/** A card Stripe refused when asked to charge it (a 402 `card_error`): a result the fan sees, not a crash. */
export function declinedResult(error: Stripe.errors.StripeCardError): PaymentResult {
  const intent = error.payment_intent;
  return {
    id: intent?.id ?? '',
    clientSecret: intent?.client_secret ?? '',
    status: 'failed',
    nextActionUrl: null,
    failureMessage: error.message || DECLINED,
    card: null,
  };
}

const unix = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/**
 * A Subscription in our terms. Since API 2025-03-31 the period lives on the items, not the subscription. An
 * `incomplete` subscription whose first payment was declined is `failed`; one waiting for the fan's authentication
 * stays `incomplete` with the payment's `requires_action`.
 */
export function subscriptionResult(
  subscription: Stripe.Subscription,
  payment: PaymentResult | null,
): SubscriptionResult {
  const status: SubscriptionResult['status'] =
    subscription.status === 'trialing'
      ? 'trialing'
      : subscription.status === 'active'
        ? 'active'
        : subscription.status === 'incomplete' && payment?.status !== 'failed'
          ? 'incomplete'
          : 'failed';
  const periodEnd = subscription.items.data[0]?.current_period_end ?? subscription.trial_end;
  return {
    id: subscription.id,
    status,
    payment,
    trialEnd: unix(subscription.trial_end),
    currentPeriodEnd: unix(periodEnd) ?? new Date(),
  };
}

/** The PaymentIntent of a subscription's first invoice (API 2025-03-31+: through the invoice's payments). */
export function firstInvoiceIntentId(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice !== 'object') return null;
  for (const { payment } of invoice.payments?.data ?? []) {
    const intent = payment.payment_intent;
    if (typeof intent === 'string') return intent;
    if (intent) return intent.id;
  }
  return null;
}

/**
 * The cards a fan really saved: only those whose SetupIntent succeeded (a card attached through a failed setup, a
 * decline or a refused authentication, is not one), once per card fingerprint, as the sandbox keeps them. Of one
 * card entered twice the invoice default is kept, else the newest (Stripe lists newest first).
 */
export function savedCards(
  methods: Stripe.PaymentMethod[],
  setups: Stripe.SetupIntent[],
  defaultId: string | null,
): Stripe.PaymentMethod[] {
  const setUp = new Set(
    setups
      .filter((s) => s.status === 'succeeded')
      .map((s) => (typeof s.payment_method === 'string' ? s.payment_method : s.payment_method?.id)),
  );
  const passed = methods.filter((m) => m.card && setUp.has(m.id));
  const preferred = [...passed].sort((a, b) => Number(b.id === defaultId) - Number(a.id === defaultId));
  const seen = new Set<string>();
  const kept = new Set<string>();
  for (const m of preferred) {
    const print = m.card?.fingerprint ?? m.id;
    if (seen.has(print)) continue;
    seen.add(print);
    kept.add(m.id);
  }
  return passed.filter((m) => kept.has(m.id));
}

export function savedCard(method: Stripe.PaymentMethod, defaultId: string | null): SavedCard | null {
  const card = method.card;
  if (!card) return null;
  return {
    id: method.id,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    is_default: method.id === defaultId,
  };
}

/** The customer's default card for invoices (`invoice_settings.default_payment_method`), id or expanded. */
export function defaultMethodId(customer: Stripe.Customer | Stripe.DeletedCustomer): string | null {
  if ('deleted' in customer && customer.deleted) return null;
  const method = (customer as Stripe.Customer).invoice_settings?.default_payment_method;
  return typeof method === 'string' ? method : (method?.id ?? null);
}
