import type { CardSummary, PaymentProviderName, ProviderEvent } from './payment-provider';

/*
 * Stripe's event JSON, the fields we read. The sandbox emits exactly these shapes (a subset of Stripe's documented
 * objects), so one mapper serves both providers and the sandbox cannot drift from what Stripe sends.
 *   payment_intent.succeeded / payment_intent.payment_failed: data.object is a PaymentIntent
 *     { id, object: 'payment_intent', amount, currency, status, metadata, last_payment_error: { message } | null,
 *       payment_method_details?: sandbox only, { card: { brand, last4 } } }
 *   invoice.paid / invoice.payment_failed: data.object is an Invoice
 *     { id, object: 'invoice', subscription, amount_paid, amount_due, currency, billing_reason, attempt_count,
 *       next_payment_attempt (unix s | null), lines: { data: [{ period: { end (unix s) } }] },
 *       last_finalization_error?: { message } }
 *   customer.subscription.trial_will_end / customer.subscription.deleted: data.object is a Subscription
 *     { id, object: 'subscription', trial_end (unix s | null), status }
 */
export type StripeLikeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
};

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const date = (unixSeconds: unknown): Date | null =>
  typeof unixSeconds === 'number' ? new Date(unixSeconds * 1000) : null;
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
const stringRecord = (v: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(record(v)).filter((e): e is [string, string] => typeof e[1] === 'string'));
/** Stripe's invoice.subscription is an id, or an expanded object; newer API versions nest it under parent. */
const subscriptionIdOf = (invoice: Record<string, unknown>): string => {
  const direct = invoice.subscription;
  if (typeof direct === 'string') return direct;
  if (direct && typeof direct === 'object') return str(record(direct).id);
  return str(record(record(invoice.parent).subscription_details).subscription);
};

function cardOf(object: Record<string, unknown>): CardSummary | null {
  // The sandbox's own field, else Stripe's card of a refused payment (last_payment_error.payment_method.card).
  const sandbox = record(record(object.payment_method_details).card);
  const card = Object.keys(sandbox).length
    ? sandbox
    : record(record(record(object.last_payment_error).payment_method).card);
  return typeof card.brand === 'string' && typeof card.last4 === 'string'
    ? { brand: card.brand, last4: card.last4 }
    : null;
}

/** Maps a Stripe-shaped event to ours; unknown types become `ignored` (acknowledged, nothing changes). */
export function mapStripeEvent(event: StripeLikeEvent, provider: PaymentProviderName): ProviderEvent {
  const o = record(event.data?.object);
  const base = { id: event.id, provider, rawType: event.type };
  switch (event.type) {
    case 'payment_intent.succeeded':
      return {
        ...base,
        type: 'payment.succeeded',
        paymentId: str(o.id),
        amount: num(o.amount_received ?? o.amount),
        currency: str(o.currency),
        card: cardOf(o),
        metadata: stringRecord(o.metadata),
      };
    case 'payment_intent.payment_failed':
      return {
        ...base,
        type: 'payment.failed',
        paymentId: str(o.id),
        message: str(record(o.last_payment_error).message) || 'Your card was declined',
        card: cardOf(o),
        metadata: stringRecord(o.metadata),
      };
    case 'invoice.paid': {
      const line = record((record(o.lines).data as unknown[] | undefined)?.[0]);
      return {
        ...base,
        type: 'invoice.paid',
        invoiceId: str(o.id),
        subscriptionId: subscriptionIdOf(o),
        amount: num(o.amount_paid),
        currency: str(o.currency),
        card: cardOf(o),
        periodEnd: date(record(line.period).end) ?? new Date(event.created * 1000),
        reason: o.billing_reason === 'subscription_cycle' ? 'subscription_cycle' : 'subscription_create',
      };
    }
    case 'invoice.payment_failed':
      return {
        ...base,
        type: 'invoice.failed',
        invoiceId: str(o.id),
        subscriptionId: subscriptionIdOf(o),
        amount: num(o.amount_due),
        currency: str(o.currency),
        attempt: num(o.attempt_count) || 1,
        nextAttemptAt: date(o.next_payment_attempt),
        message: str(record(o.last_finalization_error).message) || 'Your card was declined',
      };
    case 'customer.subscription.trial_will_end':
      return {
        ...base,
        type: 'subscription.trial_will_end',
        subscriptionId: str(o.id),
        trialEnd: date(o.trial_end) ?? new Date(event.created * 1000),
      };
    case 'customer.subscription.deleted':
      return { ...base, type: 'subscription.ended', subscriptionId: str(o.id) };
    default:
      return { ...base, type: 'ignored' };
  }
}
