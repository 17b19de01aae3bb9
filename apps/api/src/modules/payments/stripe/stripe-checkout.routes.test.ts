import { checkoutResultSchema, orderSchema, setupIntentSchema, transactionSchema } from '@sideline/contract/commerce';
import { errorBodySchema } from '@sideline/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, type Catalogue, newBuyer, pricedGame, seedCatalogue } from '../../../../test/support/commerce';
import {
  type StripeStandIn,
  startStripeStandIn,
  stripeEventBody,
  stripeSignature,
} from '../../../../test/support/stripe-stand-in';
import { caller, createTestApp, type Inject, type TestApp } from '../../../../test/support/test-app';
import { dbKinds } from '../../../../test/support/test-database';

const SECRET_KEY = 'sk_test_standin_app_key';
const WEBHOOK_SECRET = 'whsec_standin_app_secret';

/** The whole app in Stripe mode, its SDK pointed at the local stand-in, Stripe's events posted to its webhook. */
describe.each(dbKinds())('checkout with the stripe provider on %s', (kind) => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let call: Inject;
  let cat: Catalogue;

  beforeAll(async () => {
    stripe = await startStripeStandIn(SECRET_KEY);
    t = await createTestApp(kind, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin_app',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
    call = caller(t.app);
    cat = await seedCatalogue(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const webhook = (payload: string, signature = stripeSignature(payload, WEBHOOK_SECRET)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  const order = async (key: string, id: number) =>
    orderSchema.parse((await call({ url: `/api/orders/${id}`, key })).json().data);

  /** A fan with a card saved the Stripe way: the setup intent from the API, the card attached at "Stripe". */
  async function fanWithCard(number = '4242424242424242') {
    const fan = await newBuyer(t);
    const res = await call({ method: 'POST', url: '/api/stripe/setup-intent', key: fan.key });
    expect(res.statusCode).toBe(200);
    const setup = setupIntentSchema.parse(res.json().data);
    expect(setup).toMatchObject({ provider: 'stripe', publishable_key: 'pk_test_standin_app', sandbox_url: null });
    const customerId = stripe.customerOfUser(fan.userId);
    if (!customerId) throw new Error('no Stripe customer was made for the fan');
    return { ...fan, customerId, pm: stripe.attachCard(customerId, number) };
  }

  const transactionsOf = async (key: string) =>
    (await call({ url: '/api/transactions?no_limit=1', key }))
      .json()
      .data.map((x: unknown) => transactionSchema.parse(x));

  /** The PaymentIntent the stand-in made for the latest charge. */
  const lastIntent = () => {
    const [charge] = stripe.calls('POST', '/v1/payment_intents').slice(-1);
    return charge?.response?.body as { id: string; amount: number; currency: string; metadata: Record<string, string> };
  };

  it('lists only cards whose setup succeeded, once per card fingerprint', async () => {
    const fan = await fanWithCard('4242424242424242');
    // Attached by failed SetupIntents: declined at setup, and the 3184 card's authentication refused.
    stripe.attachCard(fan.customerId, '4000000000000002', { setup: 'failed' });
    stripe.attachCard(fan.customerId, '4000002760003184', { setup: 'failed' });
    // The same 4242 entered again at a later checkout.
    const again = stripe.attachCard(fan.customerId, '4242424242424242');
    const res = await call({ url: '/api/stripe/list-cards', key: fan.key });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: again, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, is_default: true },
    ]);
  });

  it("gives the browser Stripe's publishable key in the channel file, never the secret one", async () => {
    const res = await t.app.inject({ url: '/channel.json', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().providers.stripe).toEqual({ publishable_key: 'pk_test_standin_app' });
    expect(res.body).not.toContain(SECRET_KEY);
    expect(res.body).not.toContain(WEBHOOK_SECRET);
  });

  it('pays for a game by card; the signed webhook settles it once however often it is delivered', async () => {
    const fan = await fanWithCard();
    const game = await pricedGame(t, 'paid');
    const res = await buy(call, fan.key, { event_id: game.id, package_id: cat.single.id, payment_method_id: fan.pm });
    expect(res.statusCode).toBe(200);
    const result = checkoutResultSchema.parse(res.json().data);
    const [charge] = stripe.calls('POST', '/v1/payment_intents').slice(-1);
    expect(charge?.params).toMatchObject({
      amount: '549',
      currency: 'usd',
      customer: fan.customerId,
      payment_method: fan.pm,
      metadata: { order_id: String(result.order_id) },
    });
    const intent = lastIntent();
    const payload = stripeEventBody(
      'payment_intent.succeeded',
      { ...intent, status: 'succeeded', amount_received: intent.amount, latest_charge: 'ch_x' },
      'evt_app_paid_1',
    );
    for (let i = 0; i < 10; i++) expect((await webhook(payload)).statusCode).toBe(200);
    expect(await order(fan.key, result.order_id)).toMatchObject({ status: 'Paid', activity_status: 'Active' });
    const paid = (await transactionsOf(fan.key)).filter((x: { status: string }) => x.status === 'paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ order_id: result.order_id, amount: 5.49, card_brand: 'visa', card_last4: '4242' });
  });

  it('a declined card fails the order with the decline message and charges nothing', async () => {
    const fan = await fanWithCard('4000000000000002');
    const game = await pricedGame(t, 'paid');
    const res = await buy(call, fan.key, { event_id: game.id, package_id: cat.single.id, payment_method_id: fan.pm });
    expect(res.statusCode).toBe(200);
    const result = checkoutResultSchema.parse(res.json().data);
    expect(result.status).toBe('Failed');
    expect((await transactionsOf(fan.key)).filter((x: { status: string }) => x.status === 'paid')).toHaveLength(0);
  });

  it('a card asking for authentication answers with the client secret for Stripe.js, then the webhook pays', async () => {
    const fan = await fanWithCard('4000002760003184');
    const game = await pricedGame(t, 'paid');
    const res = await buy(call, fan.key, { event_id: game.id, package_id: cat.single.id, payment_method_id: fan.pm });
    const result = checkoutResultSchema.parse(res.json().data);
    const intent = lastIntent();
    expect(result).toMatchObject({
      status: 'Pending',
      next_action_url: null,
      client_secret: `${intent.id}_secret_standin`,
    });
    const payload = stripeEventBody(
      'payment_intent.succeeded',
      { ...intent, status: 'succeeded', amount_received: intent.amount },
      'evt_app_3ds',
    );
    expect((await webhook(payload)).statusCode).toBe(200);
    expect(await order(fan.key, result.order_id)).toMatchObject({ status: 'Paid' });
  });

  it('refuses an event with a bad signature', async () => {
    const payload = stripeEventBody('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' });
    const res = await webhook(payload, stripeSignature(payload, 'whsec_someone_else'));
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('webhook_signature_invalid');
  });
});
