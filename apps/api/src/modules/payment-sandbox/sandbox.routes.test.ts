import { errorBodySchema } from '@sideline/contract/errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, newBuyer, saveCard } from '../../../test/support/commerce';
import { caller, createTestApp, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { sandboxEvents, sandboxPaymentIntents } from './sandbox.table';
import { emitSandboxEvent } from './sandbox-events';
import { createSandboxProvider, type SandboxSubscriptions } from './sandbox-provider';
import { createSandboxStore } from './sandbox-store';

describe.each(dbKinds())("the sandbox's browser endpoints on %s", (kind) => {
  let t: TestApp;
  let call: Inject;

  beforeAll(async () => {
    t = await createTestApp(kind, { SANDBOX_SETTLE_MS: '0' });
    call = caller(t.app);
  }, 60_000);
  afterAll(() => t.close());

  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const tokenise = (card: object, key = 'pk_sandbox_local') =>
    call({ method: 'POST', url: '/sandbox-pay/v1/payment_methods', body: { key, card } });
  const card = (number: string, extra: object = {}) => ({
    number,
    exp_month: 12,
    exp_year: 2040,
    cvc: '123',
    ...extra,
  });

  it('tokenises a card: brand, last four and expiry come back, the number is stored nowhere', async () => {
    const res = await tokenise(card('4242 4242 4242 4242'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: expect.stringMatching(/^pm_[0-9a-f]+$/),
      object: 'payment_method',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040 },
    });
    const rows = await t.database.db.execute(sql`select * from sandbox_payment_methods`);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('4242424242424242');
    expect(dump).not.toContain('4242 4242 4242 4242');
  });

  it('refuses a non-Luhn number, an expired card, a wrong key and malformed bodies', async () => {
    const bad = await tokenise(card('4242 4242 4242 4241'));
    expect(bad.statusCode).toBe(400);
    expect(error(bad)).toMatchObject({ code: 'card_invalid', message: 'The card details are not valid' });
    const expired = await tokenise(card('4242 4242 4242 4242', { exp_year: 2020 }));
    expect(error(expired).code).toBe('card_invalid');
    expect((await tokenise(card('4242 4242 4242 4242'), 'pk_other')).statusCode).toBe(400);
    for (const body of [
      { key: 'pk_sandbox_local', card: card('4242\u00004242') },
      { key: 'pk_sandbox_local', card: card('abcd') },
      { key: 'pk_sandbox_local', card: { ...card('4242 4242 4242 4242'), exp_month: 13 } },
      { key: 'pk_sandbox_local', card: { ...card('4242 4242 4242 4242'), cvc: 123 } },
    ]) {
      const res = await call({ method: 'POST', url: '/sandbox-pay/v1/payment_methods', body });
      expect(res.statusCode).toBe(400);
      expect(error(res).code).toBe('validation_failed');
    }
  });

  it("confirms a setup intent only with its own secret, and never moves another customer's card", async () => {
    const a = await newBuyer(t, 'a');
    const b = await newBuyer(t, 'b');
    const aCard = await saveCard(call, a.key, CARDS.ok);
    const intent = (await call({ method: 'POST', url: '/api/stripe/setup-intent', key: b.key })).json().data;
    expect(intent).toMatchObject({ provider: 'sandbox', sandbox_url: '/sandbox-pay' });
    const id = String(intent.client_secret).split('_secret_')[0];
    const steal = await call({
      method: 'POST',
      url: `/sandbox-pay/v1/setup_intents/${id}/confirm`,
      body: { client_secret: intent.client_secret, payment_method: aCard },
    });
    expect(steal.statusCode).toBe(404);
    expect(error(steal).code).toBe('payment_method_not_found');
    const wrongSecret = await call({
      method: 'POST',
      url: `/sandbox-pay/v1/setup_intents/${id}/confirm`,
      body: { client_secret: `${intent.client_secret}x`, payment_method: aCard },
    });
    expect(wrongSecret.statusCode).toBe(404);
    expect((await call({ url: '/api/stripe/list-cards', key: b.key })).json().data).toEqual([]);
    expect((await call({ url: '/api/stripe/list-cards', key: a.key })).json().data).toMatchObject([{ id: aCard }]);
  });

  /** A setup intent of the fan's, a card tokenised at the sandbox, and the intent's confirmation with it. */
  const enterCard = async (key: string, number: string) => {
    const intent = (await call({ method: 'POST', url: '/api/stripe/setup-intent', key })).json().data;
    const pm = await tokenise(card(number));
    expect(pm.statusCode).toBe(200);
    return call({
      method: 'POST',
      url: `/sandbox-pay/v1/setup_intents/${String(intent.client_secret).split('_secret_')[0]}/confirm`,
      body: { client_secret: intent.client_secret, payment_method: pm.json().id },
    });
  };
  const cardsOf = async (key: string) => (await call({ url: '/api/stripe/list-cards', key })).json().data;

  it('a card declined at setup (0002) answers the decline and is not saved, nor made the default', async () => {
    const fan = await newBuyer(t, 'setup-declined');
    const declined = await enterCard(fan.key, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(error(declined)).toMatchObject({
      code: 'card_declined',
      message: 'The card was declined when it was checked. It was not saved',
    });
    expect(await cardsOf(fan.key)).toEqual([]);
    // A good card entered next is the only one, and the default.
    const ok = await enterCard(fan.key, CARDS.ok);
    expect(ok.statusCode).toBe(200);
    expect(await cardsOf(fan.key)).toEqual([
      expect.objectContaining({ id: ok.json().payment_method, is_default: true }),
    ]);
  });

  it('the same card entered at two checkouts is saved once: list-cards and the portal show it once', async () => {
    const fan = await newBuyer(t, 'same-card');
    const first = await saveCard(call, fan.key, CARDS.authenticate);
    const other = await saveCard(call, fan.key, CARDS.ok);
    const again = await saveCard(call, fan.key, CARDS.authenticate);
    expect(again).toBe(first);
    const cards = await cardsOf(fan.key);
    expect(cards.map((c: { last4: string }) => c.last4).sort()).toEqual(['3184', '4242']);
    // The card entered last is the default again, as a newly entered card is.
    expect(cards.find((c: { id: string }) => c.id === first)).toMatchObject({ is_default: true });
    expect(cards.find((c: { id: string }) => c.id === other)).toMatchObject({ is_default: false });

    const portal = await call({ url: '/api/stripe/customer-portal', key: fan.key });
    expect(portal.statusCode).toBe(200);
    const page = await t.app.inject({ url: new URL(portal.json().data.url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/•••• 3184/g)).toHaveLength(1);
    expect(page.body.match(/•••• 4242/g)).toHaveLength(1);
  });

  it('one idempotency key is one payment intent and one charge, however often it is sent', async () => {
    const db = t.database.db;
    const sandbox = createSandboxProvider({
      db,
      store: createSandboxStore({ db }),
      emit: emitSandboxEvent,
      webhookSecret: 'whsec_test',
      publishableKey: 'pk_test',
      settleMs: 60_000,
      subscriptions: {} as SandboxSubscriptions,
      wake: () => {},
    });
    const { provider } = sandbox;
    const customer = await provider.createCustomer({ email: 'idem@example.org', userId: 1 });
    const pm = await sandbox.tokenizeCard('pk_test', { number: '4000 0000 0000 0341', exp_month: 1, exp_year: 2040 });
    const intent = await provider.createSetupIntent(customer.id);
    await sandbox.confirmSetupIntent(intent.id, intent.clientSecret, pm.id);
    const input = {
      customerId: customer.id,
      paymentMethodId: pm.id,
      amount: 999,
      currency: 'USD',
      description: 'x',
      idempotencyKey: 'idem_key_1',
      metadata: {},
      returnUrl: '/buy',
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => provider.createPayment(input)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results[0]).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    const intents = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.idempotencyKey, 'idem_key_1'));
    expect(intents).toHaveLength(1);
    const failures = await db
      .select()
      .from(sandboxEvents)
      .where(sql`${sandboxEvents.payload}->'data'->'object'->>'id' = ${results[0]?.id ?? ''}`);
    expect(failures.map((e) => e.type)).toEqual(['payment_intent.payment_failed']);
    // Another customer's card is not this customer's to charge.
    const other = await provider.createCustomer({ email: 'o@example.org', userId: 2 });
    await expect(
      provider.createPayment({ ...input, customerId: other.id, idempotencyKey: 'idem_key_2' }),
    ).rejects.toMatchObject({
      code: 'payment_method_not_found',
    });
  });

  it('a challenge page without the right secret says nothing about the payment', async () => {
    const res = await t.app.inject({ url: '/sandbox-pay/authenticate/pi_123456?client_secret=nope' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('not valid');
  });
});
