import { savedCardSchema } from '@sideline/contract/commerce';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type StripeStandIn,
  startStripeStandIn,
  stripeEventBody,
  stripeSignature,
} from '../../../../test/support/stripe-stand-in';
import { testConfig } from '../../../../test/support/test-app';
import { AppError } from '../../../lib/app-error';
import type { PaymentProvider } from '../payment-provider';
import { createStripeProvider } from './stripe-provider';

const SECRET_KEY = 'sk_test_standin_51SecretKeyThatMustNeverLeak';
const WEBHOOK_SECRET = 'whsec_standin_signing_secret';
const CARD_OK = '4242424242424242';
const CARD_DECLINED = '4000000000000002';
const CARD_3DS = '4000002760003184';

const configFor = (apiUrl: string, env: Record<string, string> = {}) =>
  testConfig('/tmp/sideline-stripe-provider-test', {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
    ...env,
  });

/** Whatever the provider threw, as the client would see it; fails the test if it did not throw. */
async function thrown(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('stripe provider against a local Stripe stand-in', () => {
  let stripe: StripeStandIn;
  let provider: PaymentProvider;
  const warnings: object[] = [];
  let customerId: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn(SECRET_KEY);
    provider = createStripeProvider(configFor(stripe.url), {
      maxNetworkRetries: 0,
      log: { warn: (details) => warnings.push(details) },
    });
  });
  afterAll(() => stripe.close());
  beforeEach(async () => {
    ({ id: customerId } = await provider.createCustomer({ email: 'fan@example.test', userId: 42 }));
  });

  it('is the stripe provider with the publishable key for the browser and no tokenising endpoint', () => {
    expect(provider.name).toBe('stripe');
    expect(provider.publishableKey).toBe('pk_test_standin');
    expect(provider.browserUrl).toBeNull();
  });

  it('creates a customer carrying the user id, authenticated with the secret key', async () => {
    const [call] = stripe.calls('POST', '/v1/customers').slice(-1);
    expect(customerId).toMatch(/^cus_/);
    expect(call?.params).toEqual({ email: 'fan@example.test', metadata: { user_id: '42' } });
    expect(call?.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('creates an off-session card setup intent and gives its client secret', async () => {
    const intent = await provider.createSetupIntent(customerId);
    expect(intent.id).toMatch(/^seti_/);
    expect(intent.clientSecret).toBe(`${intent.id}_secret_standin`);
    const [call] = stripe.calls('POST', '/v1/setup_intents').slice(-1);
    expect(call?.params).toEqual({
      customer: customerId,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
    });
  });

  it('lists the saved cards in the contract shape, the invoice default marked', async () => {
    const visa = stripe.attachCard(customerId, CARD_OK, { makeDefault: true });
    const master = stripe.attachCard(customerId, '5555555555554444');
    stripe.attachCard(null, CARD_OK);
    const cards = await provider.listCards(customerId);
    expect(cards.map((c) => savedCardSchema.parse(c))).toEqual([
      { id: master, brand: 'mastercard', last4: '4444', exp_month: 8, exp_year: 2030, is_default: false },
      { id: visa, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, is_default: true },
    ]);
    const [list] = stripe.calls('GET', '/v1/payment_methods').slice(-1);
    expect(list?.params).toMatchObject({ customer: customerId, type: 'card' });
  });

  it('marks the newest card as the default when the customer has no invoice default', async () => {
    const older = stripe.attachCard(customerId, CARD_OK);
    const newer = stripe.attachCard(customerId, '5555555555554444');
    const cards = await provider.listCards(customerId);
    expect(cards.map((c) => [c.id, c.is_default])).toEqual([
      [newer, true],
      [older, false],
    ]);
    const { id: noCards } = await provider.createCustomer({ email: 'n@example.test', userId: 9 });
    expect(await provider.listCards(noCards)).toEqual([]);
  });

  it("tells whether a payment method is the customer's own", async () => {
    const mine = stripe.attachCard(customerId, CARD_OK);
    const { id: otherCustomer } = await provider.createCustomer({ email: 'other@example.test', userId: 7 });
    const theirs = stripe.attachCard(otherCustomer, CARD_OK);
    expect(await provider.ownsPaymentMethod(customerId, mine)).toBe(true);
    expect(await provider.ownsPaymentMethod(customerId, theirs)).toBe(false);
    expect(await provider.ownsPaymentMethod(customerId, 'pm_made_up')).toBe(false);
  });

  const pay = (paymentMethodId: string, idempotencyKey: string, amount = 1299) =>
    provider.createPayment({
      customerId,
      paymentMethodId,
      amount,
      currency: 'EUR',
      description: 'Heartland vs. Riverside',
      idempotencyKey,
      metadata: { order_id: '17' },
      returnUrl: 'http://localhost:5173/buy/return',
    });

  it('charges a saved card now with the idempotency key, and reports the card that paid', async () => {
    const card = stripe.attachCard(customerId, CARD_OK);
    const result = await pay(card, 'checkout-1-attempt-a');
    expect(result).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringContaining('_secret_'),
      status: 'succeeded',
      nextActionUrl: null,
      failureMessage: null,
      card: { brand: 'visa', last4: '4242' },
    });
    const [call] = stripe.calls('POST', '/v1/payment_intents').slice(-1);
    expect(call?.idempotencyKey).toBe('checkout-1-attempt-a');
    expect(call?.params).toEqual({
      amount: '1299',
      currency: 'eur',
      customer: customerId,
      payment_method: card,
      confirm: 'true',
      return_url: 'http://localhost:5173/buy/return',
      description: 'Heartland vs. Riverside',
      metadata: { order_id: '17' },
      allowed_payment_method_types: ['card'],
      expand: ['latest_charge'],
    });
  });

  it('charges once when a checkout is sent twice with one idempotency key', async () => {
    const card = stripe.attachCard(customerId, CARD_OK);
    const first = await pay(card, 'checkout-2-attempt-a');
    const second = await pay(card, 'checkout-2-attempt-a');
    expect(second.id).toBe(first.id);
    const other = await pay(card, 'checkout-2-attempt-b');
    expect(other.id).not.toBe(first.id);
  });

  it('answers a declined card as a failed payment with the decline message, not an error', async () => {
    const card = stripe.attachCard(customerId, CARD_DECLINED);
    const result = await pay(card, 'checkout-3');
    expect(result).toMatchObject({
      id: expect.stringMatching(/^pi_/),
      status: 'failed',
      failureMessage: 'Your card was declined.',
      nextActionUrl: null,
      card: null,
    });
  });

  it('leaves a card that needs authentication to Stripe.js: requires_action, the client secret, no URL', async () => {
    const card = stripe.attachCard(customerId, CARD_3DS);
    const result = await pay(card, 'checkout-4');
    expect(result.status).toBe('requires_action');
    expect(result.clientSecret).toBe(`${result.id}_secret_standin`);
    expect(result.nextActionUrl).toBeNull();
    expect(result.card).toBeNull();
  });

  it('cancels a payment waiting for authentication, and says no for one that was charged', async () => {
    const waiting = await pay(stripe.attachCard(customerId, CARD_3DS), 'checkout-cancel-1');
    expect(await provider.cancelPayment(waiting.id)).toBe(true);
    expect(stripe.calls('POST', `/v1/payment_intents/${waiting.id}/cancel`)).toHaveLength(1);
    // Asked again (a retry): already cancelled, still true.
    expect(await provider.cancelPayment(waiting.id)).toBe(true);
    const charged = await pay(stripe.attachCard(customerId, CARD_OK), 'checkout-cancel-2');
    expect(charged.status).toBe('succeeded');
    expect(await provider.cancelPayment(charged.id)).toBe(false);
  });

  const plan = (paymentMethodId: string, trialDays: number | null, idempotencyKey: string) =>
    provider.createSubscription({
      customerId,
      paymentMethodId,
      amount: 8999,
      currency: 'EUR',
      interval: 'year',
      intervalCount: 1,
      trialDays,
      description: 'Season pass',
      idempotencyKey,
      metadata: { order_id: '21', pass_id: '3' },
      returnUrl: 'http://localhost:5173/buy/return',
    });

  it('starts a plan with a trial: no charge now, the trial end and the period from the items', async () => {
    const card = stripe.attachCard(customerId, CARD_OK);
    const before = Date.now();
    const result = await plan(card, 30, 'plan-1');
    expect(result.status).toBe('trialing');
    expect(result.payment).toBeNull();
    const thirtyDays = 30 * 86_400_000;
    expect(result.trialEnd?.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + thirtyDays);
    expect(result.currentPeriodEnd.getTime()).toBe(result.trialEnd?.getTime());
    const [call] = stripe.calls('POST', '/v1/subscriptions').slice(-1);
    expect(call?.idempotencyKey).toBe('plan-1');
    expect(call?.params).toEqual({
      customer: customerId,
      default_payment_method: card,
      items: [
        {
          price_data: {
            currency: 'eur',
            product: 'sideline_pass_3',
            unit_amount: '8999',
            recurring: { interval: 'year', interval_count: '1' },
          },
        },
      ],
      trial_period_days: '30',
      payment_behavior: 'allow_incomplete',
      payment_settings: { payment_method_types: ['card'] },
      expand: ['latest_invoice.payments'],
      metadata: { order_id: '21', pass_id: '3' },
    });
  });

  it("makes the plan's product once, whatever the number of subscriptions", async () => {
    const before = stripe.calls('POST', '/v1/products').length;
    const card = stripe.attachCard(customerId, CARD_OK);
    await plan(card, 30, 'plan-2a');
    await plan(card, 30, 'plan-2b');
    const made = stripe.calls('POST', '/v1/products').slice(before);
    expect(made.length).toBeLessThanOrEqual(1);
    // A second process (no memory of it) finds it made: Stripe's resource_already_exists is not an error.
    const fresh = createStripeProvider(configFor(stripe.url), { maxNetworkRetries: 0 });
    const { id: other } = await fresh.createCustomer({ email: 'b@example.test', userId: 8 });
    const result = await fresh.createSubscription({
      customerId: other,
      paymentMethodId: stripe.attachCard(other, CARD_OK),
      amount: 8999,
      currency: 'eur',
      interval: 'year',
      intervalCount: 1,
      trialDays: 30,
      description: 'Season pass',
      idempotencyKey: 'plan-2c',
      metadata: { pass_id: '3' },
      returnUrl: 'http://localhost/buy',
    });
    expect(result.status).toBe('trialing');
    const last = stripe.calls('POST', '/v1/products').slice(-1)[0];
    expect(last?.params).toMatchObject({ id: 'sideline_pass_3', name: 'Season pass' });
  });

  it('starts a plan without a trial by charging the first invoice now', async () => {
    const card = stripe.attachCard(customerId, CARD_OK);
    const result = await plan(card, null, 'plan-3');
    expect(result.status).toBe('active');
    expect(result.trialEnd).toBeNull();
    expect(result.payment).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } });
    expect(result.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now() + 364 * 86_400_000);
    const [call] = stripe.calls('POST', '/v1/subscriptions').slice(-1);
    expect(call?.params).not.toHaveProperty('trial_period_days');
    const [retrieve] = stripe.requests.filter((r) => r.path.startsWith('/v1/payment_intents/')).slice(-1);
    expect(retrieve?.path).toBe(`/v1/payment_intents/${result.payment?.id}`);
  });

  it('leaves a plan whose first payment needs authentication incomplete, with the payment to confirm', async () => {
    const card = stripe.attachCard(customerId, CARD_3DS);
    const result = await plan(card, null, 'plan-4');
    expect(result.status).toBe('incomplete');
    expect(result.payment).toMatchObject({ status: 'requires_action', nextActionUrl: null });
    expect(result.payment?.clientSecret).toContain('_secret_');
  });

  it('fails a plan whose first payment is declined, and ends it at Stripe at once', async () => {
    const card = stripe.attachCard(customerId, CARD_DECLINED);
    const result = await plan(card, null, 'plan-5');
    expect(result.status).toBe('failed');
    expect(result.payment).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(stripe.subscription(result.id)?.status).toBe('canceled');
  });

  it('cancels at the period end, ends now, refunds with the key and opens the customer portal', async () => {
    const card = stripe.attachCard(customerId, CARD_OK);
    const { id: subscriptionId } = await plan(card, 30, 'plan-6');
    await provider.cancelSubscription(subscriptionId);
    const [update] = stripe.calls('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(update?.params).toEqual({ cancel_at_period_end: 'true' });
    expect(stripe.subscription(subscriptionId)).toMatchObject({ status: 'trialing', cancel_at_period_end: true });

    await provider.endSubscriptionNow(subscriptionId);
    expect(stripe.calls('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(stripe.subscription(subscriptionId)?.status).toBe('canceled');

    const payment = await pay(card, 'checkout-6');
    const refund = await provider.refundPayment(payment.id, 'refund-order-17');
    expect(refund.id).toMatch(/^re_/);
    const [refundCall] = stripe.calls('POST', '/v1/refunds').slice(-1);
    expect(refundCall?.params).toEqual({ payment_intent: payment.id });
    expect(refundCall?.idempotencyKey).toBe('refund-order-17');

    // A plan's payment is recorded by its invoice (`in_…`, from invoice.paid): the refund finds its PaymentIntent.
    const paidPlan = await plan(card, null, 'plan-6b');
    const invoiceId = stripe.invoiceOf(paidPlan.id) ?? '';
    expect(invoiceId).toMatch(/^in_/);
    await provider.refundPayment(invoiceId, 'refund-order-21');
    const [invoiceRead] = stripe.calls('GET', `/v1/invoices/${invoiceId}`);
    expect(invoiceRead?.params).toEqual({ expand: ['payments'] });
    const [planRefund] = stripe.calls('POST', '/v1/refunds').slice(-1);
    expect(planRefund?.params).toEqual({ payment_intent: paidPlan.payment?.id });
    expect(planRefund?.idempotencyKey).toBe('refund-order-21');

    const url = await provider.customerPortalUrl(customerId, 'http://localhost:5173/profile');
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const [portal] = stripe.calls('POST', '/v1/billing_portal/sessions').slice(-1);
    expect(portal?.params).toEqual({ customer: customerId, return_url: 'http://localhost:5173/profile' });
  });

  describe('when Stripe fails', () => {
    const noLeak = (error: AppError) => {
      expect(error.status).toBe(502);
      expect(error.code).toBe('payment_provider_error');
      expect(error.message).toBe('The payment service did not answer. Please try again');
      expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain(SECRET_KEY);
      expect(JSON.stringify(warnings)).not.toContain(SECRET_KEY);
    };

    it.each([500, 503])('turns a %i into a 502 payment_provider_error that says nothing of Stripe', async (status) => {
      const card = stripe.attachCard(customerId, CARD_OK);
      stripe.failNext(1, status);
      noLeak(await thrown(pay(card, `checkout-fail-${status}`)));
      expect(warnings.at(-1)).toMatchObject({
        call: 'paymentIntents.create',
        stripe: { type: 'StripeAPIError', statusCode: status },
      });
    });

    it('retries a failed charge with the same idempotency key, and charges once', async () => {
      const retrying = createStripeProvider(configFor(stripe.url), { maxNetworkRetries: 1 });
      const card = stripe.attachCard(customerId, CARD_OK);
      const before = stripe.calls('POST', '/v1/payment_intents').length;
      stripe.failNext(1, 503, { retry: true });
      const result = await retrying.createPayment({
        customerId,
        paymentMethodId: card,
        amount: 500,
        currency: 'eur',
        description: 'Retry',
        idempotencyKey: 'checkout-retry',
        metadata: {},
        returnUrl: 'http://localhost/buy',
      });
      expect(result.status).toBe('succeeded');
      const sent = stripe.calls('POST', '/v1/payment_intents').slice(before);
      expect(sent.map((r) => r.idempotencyKey)).toEqual(['checkout-retry', 'checkout-retry']);
    });

    it('turns a failure of every other call into the same 502', async () => {
      const card = stripe.attachCard(customerId, CARD_OK);
      const calls: Array<() => Promise<unknown>> = [
        () => provider.createCustomer({ email: 'x@example.test', userId: 1 }),
        () => provider.createSetupIntent(customerId),
        () => provider.listCards(customerId),
        () => provider.ownsPaymentMethod(customerId, card),
        () => plan(card, 30, 'plan-fail'),
        () => provider.cancelSubscription('sub_x'),
        () => provider.endSubscriptionNow('sub_x'),
        () => provider.refundPayment('pi_x', 'refund-x'),
        () => provider.customerPortalUrl(customerId, 'http://localhost/profile'),
      ];
      for (const run of calls) {
        stripe.failNext(1, 500);
        noLeak(await thrown(run()));
      }
    });

    it('turns a refused key into the 502 without the key in the error', async () => {
      const wrongKey = 'sk_test_wrong_key_that_must_not_leak';
      const badKey = createStripeProvider(configFor(stripe.url, { STRIPE_SECRET_KEY: wrongKey }), {
        maxNetworkRetries: 0,
      });
      const error = await thrown(badKey.createCustomer({ email: 'x@example.test', userId: 1 }));
      expect(error.status).toBe(502);
      expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain(wrongKey);
    });

    it('turns a connection lost mid-call into the 502', async () => {
      const card = stripe.attachCard(customerId, CARD_OK);
      // The SDK retries a closed connection once even with retries off: both attempts are lost.
      const before = stripe.calls('POST', '/v1/payment_intents').length;
      stripe.dropNext(2);
      noLeak(await thrown(pay(card, 'checkout-dropped')));
      expect(stripe.calls('POST', '/v1/payment_intents').length - before).toBe(2);
      expect(warnings.at(-1)).toMatchObject({ stripe: { type: 'StripeConnectionError' } });
    });

    it('turns a network failure (nothing listening) into the 502', async () => {
      const gone = await startStripeStandIn(SECRET_KEY);
      await gone.close();
      const offline = createStripeProvider(configFor(gone.url), { maxNetworkRetries: 0, timeout: 2000 });
      noLeak(await thrown(offline.createCustomer({ email: 'x@example.test', userId: 1 })));
    });
  });

  describe('webhooks', () => {
    const event = (type: string, object: Record<string, unknown>) =>
      stripeEventBody(type, object).replace(/"created":\d+/, '"created":1800000000');
    const signed = (payload: string, secret = WEBHOOK_SECRET) => stripeSignature(payload, secret);
    const parse = (payload: string, signature = signed(payload)) =>
      provider.parseWebhook(Buffer.from(payload), signature);

    it('maps a signed payment_intent.succeeded', () => {
      const payload = event('payment_intent.succeeded', {
        id: 'pi_1',
        object: 'payment_intent',
        amount: 1299,
        amount_received: 1299,
        currency: 'eur',
        status: 'succeeded',
        metadata: { order_id: '17' },
      });
      expect(parse(payload)).toEqual({
        id: 'evt_payment_intent_succeeded',
        provider: 'stripe',
        rawType: 'payment_intent.succeeded',
        type: 'payment.succeeded',
        paymentId: 'pi_1',
        amount: 1299,
        currency: 'eur',
        card: null,
        metadata: { order_id: '17' },
      });
    });

    it('maps a signed payment_intent.payment_failed with its message', () => {
      const payload = event('payment_intent.payment_failed', {
        id: 'pi_2',
        object: 'payment_intent',
        metadata: { order_id: '18' },
        last_payment_error: { message: 'Your card has insufficient funds.' },
      });
      expect(parse(payload)).toMatchObject({
        type: 'payment.failed',
        paymentId: 'pi_2',
        message: 'Your card has insufficient funds.',
        metadata: { order_id: '18' },
      });
    });

    it('maps signed invoice.paid and invoice.payment_failed (the subscription under parent, as now sent)', () => {
      const parent = { type: 'subscription_details', subscription_details: { subscription: 'sub_9' } };
      const paid = event('invoice.paid', {
        id: 'in_1',
        object: 'invoice',
        parent,
        amount_paid: 8999,
        currency: 'eur',
        billing_reason: 'subscription_cycle',
        lines: { data: [{ period: { end: 1_900_000_000 } }] },
      });
      expect(parse(paid)).toMatchObject({
        type: 'invoice.paid',
        invoiceId: 'in_1',
        subscriptionId: 'sub_9',
        amount: 8999,
        reason: 'subscription_cycle',
        periodEnd: new Date(1_900_000_000_000),
      });
      const failed = event('invoice.payment_failed', {
        id: 'in_2',
        object: 'invoice',
        parent,
        amount_due: 8999,
        currency: 'eur',
        attempt_count: 2,
        next_payment_attempt: 1_800_100_000,
      });
      expect(parse(failed)).toMatchObject({
        type: 'invoice.failed',
        subscriptionId: 'sub_9',
        attempt: 2,
        nextAttemptAt: new Date(1_800_100_000_000),
      });
    });

    it('maps signed customer.subscription.trial_will_end and customer.subscription.deleted', () => {
      const trial = event('customer.subscription.trial_will_end', {
        id: 'sub_9',
        object: 'subscription',
        status: 'trialing',
        trial_end: 1_800_259_200,
      });
      expect(parse(trial)).toMatchObject({
        type: 'subscription.trial_will_end',
        subscriptionId: 'sub_9',
        trialEnd: new Date(1_800_259_200_000),
      });
      const ended = event('customer.subscription.deleted', { id: 'sub_9', object: 'subscription', status: 'canceled' });
      expect(parse(ended)).toMatchObject({ type: 'subscription.ended', subscriptionId: 'sub_9' });
    });

    it('acknowledges an event it does not use as ignored', () => {
      expect(parse(event('charge.updated', { id: 'ch_1', object: 'charge' }))).toMatchObject({ type: 'ignored' });
    });

    const refused = (run: () => unknown) => {
      let error: unknown;
      try {
        run();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, code: 'webhook_signature_invalid' });
    };

    it('refuses an event signed with another secret, a tampered body, and no signature', () => {
      const payload = event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent', amount: 1299 });
      refused(() => parse(payload, signed(payload, 'whsec_someone_else')));
      refused(() => parse(payload.replace('1299', '1'), signed(payload)));
      refused(() => provider.parseWebhook(Buffer.from(payload), undefined));
      refused(() => parse(payload, 'not a signature'));
    });

    it('refuses a correctly signed event older than the tolerance (a replayed capture)', () => {
      const payload = event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent', amount: 1299 });
      const old = stripeSignature(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
      refused(() => parse(payload, old));
    });
  });
});
