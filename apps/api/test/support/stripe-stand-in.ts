import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { json, localServer } from './local-server';

/*
 * A local stand-in for Stripe's API (this machine cannot reach Stripe). It answers the calls the stripe provider
 * makes with Stripe's documented object shapes (API 2026-10-28: a subscription's period on its items, an invoice's
 * PaymentIntent under `payments`), reads the form-encoded bodies the SDK sends, replays a repeated Idempotency-Key
 * like Stripe does, records every request, and decides a payment's outcome from the card the way Stripe's test
 * cards do: 4242… succeeds, 0002 is declined (402 card_error), 3184 needs authentication, 0341 attaches but fails
 * when charged. Failures of the service itself are asked for with `failNext`.
 */

export type Form = { [key: string]: string | Form | Form[] | string[] };

export type RecordedRequest = {
  method: string;
  path: string;
  /** The body (POST) or query (GET/DELETE), bracket keys unfolded: `items[0][price_data][currency]` → nested. */
  params: Form;
  idempotencyKey: string | null;
  authorization: string | null;
  /** What the stand-in answered (status and JSON body). */
  response?: { status: number; body: unknown };
};

type Card = {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  number: string;
  fingerprint?: string;
};
type Json = Record<string, unknown>;

/** Unfolds `a[b][0][c]=v` pairs into nested objects, arrays where every key is an index (as qs does). */
export function parseForm(encoded: string): Form {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.split(/\]?\[|\]/).filter(Boolean);
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Json;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const entries = Object.entries(v).map(([k, x]) => [k, arrays(x)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, x]) => x)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Form;
}

const CARDS: Record<string, Omit<Card, 'number'>> = {
  '4242424242424242': { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
  '4000000000000002': { brand: 'visa', last4: '0002', exp_month: 11, exp_year: 2033 },
  '4000002760003184': { brand: 'visa', last4: '3184', exp_month: 10, exp_year: 2032 },
  '4000000000000341': { brand: 'visa', last4: '0341', exp_month: 9, exp_year: 2031 },
  '5555555555554444': { brand: 'mastercard', last4: '4444', exp_month: 8, exp_year: 2030 },
};

export async function startStripeStandIn(secretKey: string) {
  let seq = 0;
  const id = (prefix: string) => `${prefix}_standin${String(++seq).padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const methods = new Map<string, Json & { card: Card; customer: string | null }>();
  const intents = new Map<string, Json>();
  /** SetupIntents, the ones the API made and the ones `attachCard` confirmed (succeeded or failed). */
  const setupIntents = new Map<string, Json>();
  const products = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const replays = new Map<string, { status: number; body: unknown }>();
  let failures = { status: 500, count: 0, retry: false };
  let drops = 0;

  const stripeError = (status: number, error: Json) => ({ status, body: { error } });
  const missing = (what: string, key: string) =>
    stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
      message: `No such ${what}: '${key}'`,
    });

  function charge(card: Card, amount: number, currency: string): Json {
    return {
      id: id('ch'),
      object: 'charge',
      amount,
      currency,
      status: 'succeeded',
      payment_method_details: {
        type: 'card',
        card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
      },
    };
  }

  /** A PaymentIntent confirmed with this card: its status follows the card, like Stripe's test cards. */
  function confirmIntent(p: Form, card: Card): Json {
    const amount = Number(p.amount);
    const currency = String(p.currency);
    const intent: Json = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      customer: p.customer ?? null,
      payment_method: p.payment_method,
      description: p.description ?? null,
      metadata: p.metadata ?? {},
      allowed_payment_method_types: p.allowed_payment_method_types ?? ['card'],
      created: now(),
      livemode: false,
      last_payment_error: null,
      latest_charge: null,
      next_action: null,
    };
    intent.client_secret = `${intent.id}_secret_standin`;
    if (card.last4 === '3184') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
    } else if (card.last4 === '0002' || card.last4 === '0341') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    } else {
      const paid = charge(card, amount, currency);
      intent.status = 'succeeded';
      intent.amount_received = amount;
      intent.latest_charge = paid;
    }
    intents.set(String(intent.id), intent);
    return intent;
  }

  /** The intent as Stripe sends it: `latest_charge` an id unless expanded. */
  const shownIntent = (intent: Json, expand: unknown): Json => {
    const charge = intent.latest_charge as Json | null;
    const expanded = Array.isArray(expand) && expand.includes('latest_charge');
    return { ...intent, latest_charge: charge && !expanded ? charge.id : charge };
  };

  const methodOf = (key: unknown) => (typeof key === 'string' ? methods.get(key) : undefined);

  function subscriptionCreate(p: Form): { status: number; body: unknown } {
    const method = methodOf(p.default_payment_method);
    if (!method) return missing('payment_method', String(p.default_payment_method));
    const item = (p.items as Form[])[0] as Form;
    const price = item.price_data as Form;
    if (!products.has(String(price.product))) return missing('product', String(price.product));
    const recurring = price.recurring as Form;
    const days = (recurring.interval === 'year' ? 365 : 30) * Number(recurring.interval_count ?? 1);
    const trialDays = p.trial_period_days ? Number(p.trial_period_days) : 0;
    const start = now();
    const periodEnd = start + (trialDays || days) * 86_400;
    const subscriptionId = id('sub');
    const invoice: Json = {
      id: id('in'),
      object: 'invoice',
      customer: p.customer,
      currency: price.currency,
      billing_reason: 'subscription_create',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      amount_due: trialDays ? 0 : Number(price.unit_amount),
      status: 'paid',
      payments: { object: 'list', data: [], has_more: false, url: '/v1/invoice_payments' },
    };
    let status = trialDays ? 'trialing' : 'active';
    if (!trialDays) {
      const intent = confirmIntent(
        { amount: price.unit_amount as string, currency: price.currency as string },
        method.card,
      );
      if (intent.status !== 'succeeded') {
        status = 'incomplete';
        invoice.status = 'open';
      }
      (invoice.payments as Json).data = [
        {
          id: id('inpay'),
          object: 'invoice_payment',
          invoice: invoice.id,
          status: intent.status === 'succeeded' ? 'paid' : 'open',
          payment: { type: 'payment_intent', payment_intent: intent.id },
        },
      ];
    }
    const subscription: Json = {
      id: subscriptionId,
      object: 'subscription',
      customer: p.customer,
      status,
      cancel_at_period_end: false,
      default_payment_method: method.id,
      billing_cycle_anchor: periodEnd,
      trial_end: trialDays ? periodEnd : null,
      metadata: p.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: periodEnd,
            price: { ...price, id: id('price'), object: 'price', unit_amount: Number(price.unit_amount) },
          },
        ],
      },
      latest_invoice: invoice,
    };
    subscriptions.set(subscriptionId, subscription);
    invoices.set(String(invoice.id), invoice);
    return { status: 200, body: shownSubscription(subscription, p.expand) };
  }

  const shownSubscription = (subscription: Json, expand: unknown): Json => {
    const wanted = Array.isArray(expand) ? expand : [];
    const invoice = subscription.latest_invoice as Json;
    const { payments, ...bare } = invoice;
    const shown = wanted.includes('latest_invoice.payments')
      ? invoice
      : wanted.includes('latest_invoice')
        ? bare
        : invoice.id;
    return { ...subscription, latest_invoice: shown };
  };

  function route(method: string, path: string, p: Form): { status: number; body: unknown } {
    const [, , resource, key, sub] = path.split('/');
    if (method === 'POST' && resource === 'customers' && !key) {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: p.email ?? null,
        metadata: p.metadata ?? {},
        invoice_settings: { default_payment_method: null },
        created: now(),
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'GET' && resource === 'customers' && key) {
      const customer = customers.get(key);
      return customer ? { status: 200, body: customer } : missing('customer', key);
    }
    if (method === 'POST' && resource === 'setup_intents') {
      if (!customers.has(String(p.customer))) return missing('customer', String(p.customer));
      const intentId = id('seti');
      const intent = {
        id: intentId,
        object: 'setup_intent',
        client_secret: `${intentId}_secret_standin`,
        customer: p.customer,
        usage: p.usage,
        allowed_payment_method_types: p.allowed_payment_method_types,
        status: 'requires_payment_method',
        payment_method: null,
        created: now(),
      };
      setupIntents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if (method === 'GET' && resource === 'setup_intents' && !key) {
      // Newest first, as Stripe lists; `customer` filters, `payment_method` too.
      const data = [...setupIntents.values()]
        .filter((s) => s.customer === p.customer && (!p.payment_method || s.payment_method === p.payment_method))
        .reverse();
      return { status: 200, body: { object: 'list', url: '/v1/setup_intents', has_more: false, data } };
    }
    if (method === 'GET' && resource === 'payment_methods' && !key) {
      // Newest first, as Stripe lists.
      const data = [...methods.values()].filter((m) => m.customer === p.customer && p.type === 'card').reverse();
      return {
        status: 200,
        body: { object: 'list', url: '/v1/payment_methods', has_more: false, data: data.map(shownMethod) },
      };
    }
    if (method === 'GET' && resource === 'payment_methods' && key) {
      const found = methods.get(key);
      return found ? { status: 200, body: shownMethod(found) } : missing('PaymentMethod', key);
    }
    if (method === 'POST' && resource === 'payment_intents' && !key) {
      const card = methodOf(p.payment_method);
      if (!card) return missing('PaymentMethod', String(p.payment_method));
      const intent = confirmIntent(p, card.card);
      if (intent.status === 'requires_payment_method') {
        return stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
          payment_intent: shownIntent(intent, []),
        });
      }
      return { status: 200, body: shownIntent(intent, p.expand) };
    }
    if (method === 'POST' && resource === 'payment_intents' && key && sub === 'cancel') {
      // Stripe cancels only an intent still waiting for the customer or a payment method.
      const intent = intents.get(key);
      if (!intent) return missing('payment_intent', key);
      if (intent.status !== 'requires_action' && intent.status !== 'requires_payment_method') {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
        });
      }
      intent.status = 'canceled';
      intent.next_action = null;
      return { status: 200, body: shownIntent(intent, []) };
    }
    if (method === 'GET' && resource === 'payment_intents' && key) {
      const intent = intents.get(key);
      return intent ? { status: 200, body: shownIntent(intent, p.expand) } : missing('payment_intent', key);
    }
    if (method === 'POST' && resource === 'products') {
      const productId = String(p.id ?? id('prod'));
      if (products.has(productId)) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'resource_already_exists',
          message: `Product already exists.`,
        });
      }
      const product = { id: productId, object: 'product', name: p.name, metadata: p.metadata ?? {}, active: true };
      products.set(productId, product);
      return { status: 200, body: product };
    }
    if (method === 'POST' && resource === 'subscriptions' && !key) return subscriptionCreate(p);
    if (resource === 'subscriptions' && key) {
      const subscription = subscriptions.get(key);
      if (!subscription) return missing('subscription', key);
      if (method === 'POST') subscription.cancel_at_period_end = p.cancel_at_period_end === 'true';
      if (method === 'DELETE') subscription.status = 'canceled';
      return { status: 200, body: shownSubscription(subscription, p.expand) };
    }
    if (method === 'GET' && resource === 'invoices' && key) {
      const invoice = invoices.get(key);
      if (!invoice) return missing('invoice', key);
      // `payments` is only sent when asked for.
      const { payments, ...bare } = invoice;
      const expanded = Array.isArray(p.expand) && (p.expand as unknown[]).includes('payments');
      return { status: 200, body: expanded ? invoice : bare };
    }
    if (method === 'POST' && resource === 'refunds') {
      const intent = intents.get(String(p.payment_intent));
      if (!intent) return missing('payment_intent', String(p.payment_intent));
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount: intent.amount_received,
          payment_intent: intent.id,
          status: 'succeeded',
        },
      };
    }
    if (method === 'POST' && resource === 'billing_portal' && key === 'sessions' && !sub) {
      if (!customers.has(String(p.customer))) return missing('customer', String(p.customer));
      const sessionId = id('bps');
      return {
        status: 200,
        body: {
          id: sessionId,
          object: 'billing_portal.session',
          customer: p.customer,
          return_url: p.return_url,
          url: `https://billing.stripe.com/p/session/test_${sessionId}`,
        },
      };
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  const shownMethod = (m: Json & { card: Card }) => {
    const { number, ...card } = m.card;
    return { ...m, card };
  };

  function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const params = parseForm(req.method === 'POST' ? body : url.search.slice(1));
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      params,
      idempotencyKey: header('idempotency-key'),
      authorization: header('authorization'),
    };
    requests.push(recorded);
    if (drops > 0) {
      drops -= 1;
      // The connection dies before any answer (a network failure between us and Stripe).
      req.socket.destroy();
      return;
    }
    if (failures.count > 0) {
      failures.count -= 1;
      // Stripe's words may quote what it was sent: the provider must never pass them on.
      res.setHeader('stripe-should-retry', String(failures.retry));
      return json(res, failures.status, {
        error: { type: 'api_error', message: `Something went wrong on Stripe's end with key ${secretKey}` },
      });
    }
    if (recorded.authorization !== `Bearer ${secretKey}`) {
      return json(res, 401, {
        error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${recorded.authorization}` },
      });
    }
    const replayKey = recorded.idempotencyKey && `${recorded.method} ${recorded.path} ${recorded.idempotencyKey}`;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    const answer = replay ?? route(recorded.method, recorded.path, params);
    if (replayKey && !replay) replays.set(replayKey, answer);
    recorded.response = answer;
    res.setHeader('request-id', `req_standin${requests.length}`);
    if (replay) res.setHeader('idempotent-replayed', 'true');
    json(res, answer.status, answer.body);
  }

  const server = await localServer(handle);
  return {
    url: server.url,
    requests,
    /** The requests to one path (`/v1/payment_intents`), in order. */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    /**
     * A card the fan saved through a SetupIntent and Stripe.js, attached to the customer. `setup: 'failed'`: the
     * card was attached but its SetupIntent failed (declined at setup, or its authentication refused).
     */
    attachCard(
      customerId: string | null,
      number = '4242424242424242',
      options: { makeDefault?: boolean; setup?: 'succeeded' | 'failed' } = {},
    ) {
      const known = CARDS[number];
      if (!known) throw new Error(`stand-in: unknown test card ${number}`);
      const methodId = id('pm');
      // Stripe's fingerprint: the same number gives the same one, whichever payment method carries it.
      const fingerprint = `fp${createHash('sha256').update(number).digest('hex').slice(0, 14)}`;
      methods.set(methodId, {
        id: methodId,
        object: 'payment_method',
        type: 'card',
        customer: customerId,
        card: { ...known, number, fingerprint },
        created: now(),
      });
      if (customerId) {
        const setupId = id('seti');
        const failed = options.setup === 'failed';
        setupIntents.set(setupId, {
          id: setupId,
          object: 'setup_intent',
          client_secret: `${setupId}_secret_standin`,
          customer: customerId,
          status: failed ? 'requires_payment_method' : 'succeeded',
          payment_method: methodId,
          last_setup_error: failed
            ? { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }
            : null,
          created: now(),
        });
      }
      const customer = customerId ? customers.get(customerId) : undefined;
      if (customer && options.makeDefault) customer.invoice_settings = { default_payment_method: methodId };
      return methodId;
    },
    subscription: (subscriptionId: string) => subscriptions.get(subscriptionId),
    /** The Stripe customer made for one of our users (`metadata.user_id`), as a route test finds it. */
    customerOfUser: (userId: number) =>
      [...customers.values()].find((c) => (c.metadata as Record<string, string>).user_id === String(userId))?.id as
        | string
        | undefined,
    /** The first invoice of a subscription the stand-in made. */
    invoiceOf: (subscriptionId: string) => {
      const invoice = subscriptions.get(subscriptionId)?.latest_invoice as Json | undefined;
      return invoice ? String(invoice.id) : undefined;
    },
    /** A PaymentIntent as the stand-in holds it (status, amount, metadata). */
    intent: (intentId: string) => intents.get(intentId),
    /** The next `count` calls lose their connection before any answer. */
    dropNext(count: number) {
      drops = count;
    },
    /** The next `count` calls answer with `status` (a 5xx: Stripe's side failed); `retry`: Stripe says try again. */
    failNext(count: number, status = 500, options: { retry?: boolean } = {}) {
      failures = { status, count, retry: options.retry ?? false };
    },
    close: server.close,
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** A Stripe event's JSON, as Stripe posts it to the webhook (the object in `data.object`). */
export const stripeEventBody = (
  type: string,
  object: Record<string, unknown>,
  id = `evt_${type.replace(/\W/g, '_')}`,
) => JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });

/** The `Stripe-Signature` header Stripe would send with this body, by the SDK's own test helper. */
export const stripeSignature = (payload: string, secret: string, timestamp?: number) =>
  new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
