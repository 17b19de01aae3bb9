import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { Config } from '../../../config/env';
import type { PaymentProvider, PaymentResult } from '../payment-provider';
import { mapStripeEvent, type StripeLikeEvent } from '../stripe-events';
import {
  isAlreadyMade,
  isCardError,
  isMissing,
  providerError,
  type StripeLog,
  stripeErrorDetails,
  stripeErrors,
} from './stripe.errors';
import { createStripeClient, type StripeClientOptions } from './stripe-client';
import {
  declinedResult,
  defaultMethodId,
  firstInvoiceIntentId,
  paymentResult,
  savedCard,
  savedCards,
  subscriptionResult,
} from './stripe-results';

export type StripeProviderOptions = StripeClientOptions & {
  /** Where failed calls are noted (the app's logger). */
  log?: StripeLog;
};

/**
 * The `stripe` payment provider: the official SDK behind our provider interface. Every call that moves money
 * sends the caller's idempotency key as Stripe's `Idempotency-Key`, so a retried or doubled checkout charges once.
 * Card declines are results (`failed` with Stripe's message for the fan); anything else Stripe does not answer
 * becomes a 502 `payment_provider_error` (see stripe.errors.ts).
 */
export function createStripeProvider(config: Config, options: StripeProviderOptions = {}): PaymentProvider {
  const { STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = config;
  if (!STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) {
    throw new Error('STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set for the stripe provider');
  }
  const stripe = createStripeClient(config, options);
  const { log } = options;

  /** Runs one Stripe call; whatever it throws leaves as a 502 with nothing of Stripe's text. */
  async function call<T>(name: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw providerError(error, name, log);
    }
  }

  /** The PaymentIntent with its latest charge, for the brand and last4 of the card that paid. */
  const retrieveIntent = (id: string) =>
    call('paymentIntents.retrieve', () => stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));

  /*
   * A subscription's inline price needs a Product. One per plan, made once: its id comes from the pass id (or the
   * plan's name), so a second create answers `resource_already_exists`, which is as good as made. A process keeps
   * the ids it has seen so a renewal of interest costs no call.
   */
  const knownProducts = new Set<string>();
  async function productFor(description: string, metadata: Record<string, string>): Promise<string> {
    const key = metadata.pass_id
      ? `pass_${metadata.pass_id}`
      : createHash('sha256').update(description).digest('hex').slice(0, 32);
    const id = `sideline_${key}`.replace(/[^A-Za-z0-9_]/g, '_');
    if (knownProducts.has(id)) return id;
    try {
      await stripe.products.create(
        { id, name: description, metadata: { sideline: 'plan', ...metadata } },
        { idempotencyKey: `product-${id}` },
      );
    } catch (error) {
      if (!isAlreadyMade(error)) throw providerError(error, 'products.create', log);
    }
    knownProducts.add(id);
    return id;
  }

  /*
   * What a refund names. A one-off order keeps its PaymentIntent (`pi_…`); a plan's payments are recorded by the
   * invoice that `invoice.paid` named (`in_…`), whose PaymentIntent is found through the invoice's payments (API
   * 2025-03-31+); a charge id (`ch_…`) is refunded as a charge.
   */
  async function refundTarget(paymentId: string): Promise<{ payment_intent: string } | { charge: string }> {
    if (paymentId.startsWith('ch_')) return { charge: paymentId };
    if (!paymentId.startsWith('in_')) return { payment_intent: paymentId };
    const invoice = await call('invoices.retrieve', () =>
      stripe.invoices.retrieve(paymentId, { expand: ['payments'] }),
    );
    const paid = invoice.payments?.data.find((p) => p.status === 'paid') ?? invoice.payments?.data[0];
    const intent = paid?.payment.payment_intent;
    const intentId = typeof intent === 'string' ? intent : intent?.id;
    if (paid?.payment.charge && !intentId) {
      const charge = paid.payment.charge;
      return { charge: typeof charge === 'string' ? charge : charge.id };
    }
    if (!intentId) throw providerError(new Error('invoice has no payment'), 'invoices.retrieve', log);
    return { payment_intent: intentId };
  }

  return {
    name: 'stripe',
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    browserUrl: null,

    async createCustomer({ email, userId }) {
      const customer = await call('customers.create', () =>
        stripe.customers.create({ email, metadata: { user_id: String(userId) } }),
      );
      return { id: customer.id };
    },

    async createSetupIntent(customerId) {
      const intent = await call('setupIntents.create', () =>
        stripe.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
        }),
      );
      return { id: intent.id, clientSecret: intent.client_secret ?? '' };
    },

    async listCards(customerId) {
      // Both at once, but both settled before answering: no call of ours is left running after a failure.
      const [methodsCall, customerCall, setupsCall] = await Promise.allSettled([
        call('paymentMethods.list', () =>
          stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 }),
        ),
        call('customers.retrieve', () => stripe.customers.retrieve(customerId)),
        call('setupIntents.list', () => stripe.setupIntents.list({ customer: customerId, limit: 100 })),
      ]);
      if (methodsCall.status === 'rejected') throw methodsCall.reason;
      if (customerCall.status === 'rejected') throw customerCall.reason;
      if (setupsCall.status === 'rejected') throw setupsCall.reason;
      const [methods, customer, setups] = [methodsCall.value, customerCall.value, setupsCall.value];
      const cards = savedCards(methods.data, setups.data, defaultMethodId(customer));
      // The invoice default when it is listed; else the newest card (Stripe lists newest first), as the sandbox
      // marks the card saved last: `is_default` only preselects a card, every charge names its card.
      const listedDefault = cards.find((m) => m.id === defaultMethodId(customer))?.id;
      const defaultId = listedDefault ?? cards[0]?.id ?? null;
      return cards.flatMap((method) => savedCard(method, defaultId) ?? []);
    },

    async ownsPaymentMethod(customerId, paymentMethodId) {
      try {
        const method = await stripe.paymentMethods.retrieve(paymentMethodId);
        const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
        return owner === customerId;
      } catch (error) {
        if (isMissing(error)) return false;
        throw providerError(error, 'paymentMethods.retrieve', log);
      }
    },

    async createPayment(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            confirm: true,
            return_url: input.returnUrl,
            description: input.description,
            metadata: input.metadata,
            allowed_payment_method_types: ['card'],
            expand: ['latest_charge'],
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return paymentResult(intent);
      } catch (error) {
        if (isCardError(error)) return declinedResult(error);
        throw providerError(error, 'paymentIntents.create', log);
      }
    },

    async cancelPayment(paymentId) {
      try {
        await stripe.paymentIntents.cancel(paymentId);
        return true;
      } catch (error) {
        // Already past cancelling (succeeded, processing) or cancelled before: its state says which.
        const intent = await retrieveIntent(paymentId);
        if (intent.status === 'canceled' || intent.status === 'requires_payment_method') return true;
        if (intent.status === 'succeeded' || intent.status === 'processing') return false;
        throw providerError(error, 'paymentIntents.cancel', log);
      }
    },

    async createSubscription(input) {
      const product = await productFor(input.description, input.metadata);
      let subscription: Stripe.Subscription;
      try {
        subscription = await stripe.subscriptions.create(
          {
            customer: input.customerId,
            default_payment_method: input.paymentMethodId,
            items: [
              {
                price_data: {
                  currency: input.currency.toLowerCase(),
                  product,
                  unit_amount: input.amount,
                  recurring: { interval: input.interval, interval_count: input.intervalCount },
                },
              },
            ],
            ...(input.trialDays ? { trial_period_days: input.trialDays } : {}),
            /*
             * allow_incomplete: Stripe charges the saved card now, as createPayment does, and answers with the
             * outcome. A card that needs authentication leaves the subscription `incomplete` with its first payment
             * at `requires_action`, which the browser completes with the client secret, the same step as a one-off
             * purchase. error_if_incomplete would refuse every card that asks for 3-D Secure (most EU cards);
             * default_incomplete would never charge from the server and make every plan a browser confirmation.
             */
            payment_behavior: 'allow_incomplete',
            payment_settings: { payment_method_types: ['card'] },
            expand: ['latest_invoice.payments'],
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        if (isCardError(error)) {
          const payment = declinedResult(error);
          return { id: '', status: 'failed', payment, trialEnd: null, currentPeriodEnd: new Date() };
        }
        throw providerError(error, 'subscriptions.create', log);
      }
      const intentId = firstInvoiceIntentId(subscription);
      const payment: PaymentResult | null = intentId ? paymentResult(await retrieveIntent(intentId)) : null;
      const result = subscriptionResult(subscription, payment);
      if (result.status === 'failed' && subscription.status === 'incomplete') {
        // A declined first payment: end it now rather than leave it for Stripe to expire a day later.
        await stripe.subscriptions.cancel(subscription.id).catch((error: unknown) => {
          log?.warn({ call: 'subscriptions.cancel', stripe: stripeErrorDetails(error) }, 'stripe call failed');
        });
      }
      return result;
    },

    async cancelSubscription(subscriptionId) {
      await call('subscriptions.update', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
    },

    async endSubscriptionNow(subscriptionId) {
      await call('subscriptions.cancel', () => stripe.subscriptions.cancel(subscriptionId));
    },

    async refundPayment(paymentId, idempotencyKey) {
      const target = await refundTarget(paymentId);
      const refund = await call('refunds.create', () => stripe.refunds.create(target, { idempotencyKey }));
      return { id: refund.id };
    },

    async customerPortalUrl(customerId, returnUrl) {
      const session = await call('billingPortal.sessions.create', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return session.url;
    },

    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        event = stripe.webhooks.constructEvent(rawBody, signature, STRIPE_WEBHOOK_SECRET);
      } catch {
        throw stripeErrors.webhookSignatureInvalid();
      }
      // Stripe's typed event is the documented JSON the mapper reads field by field.
      return mapStripeEvent(event as unknown as StripeLikeEvent, 'stripe');
    },
  };
}
