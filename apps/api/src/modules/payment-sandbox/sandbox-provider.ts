import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { SavedCard } from '@sideline/contract/commerce';
import type { Db } from '../../db/client';
import type { PaymentProvider, PaymentResult } from '../payments';
import { mapStripeEvent, type StripeLikeEvent, verifyWebhookSignature } from '../payments';
import { sandboxErrors } from './payment-sandbox.errors';
import type { SandboxEmit } from './sandbox-events';
import { clientSecretOf, sandboxId } from './sandbox-ids';
import { createSandboxRefunds } from './sandbox-refunds';
import type { SandboxPaymentIntent, SandboxStore } from './sandbox-store';
import { readTestCard } from './test-cards';

export const DECLINED = 'Your card was declined.';
export const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method.';
/** Where the sandbox's browser endpoints live: outside `/api`, as api.stripe.com is outside the shop. */
export const SANDBOX_PREFIX = '/sandbox-pay';

export type SandboxSubscriptions = Pick<
  PaymentProvider,
  'createSubscription' | 'cancelSubscription' | 'endSubscriptionNow' | 'customerPortalUrl'
>;

export type SandboxProviderDeps = {
  db: Db;
  store: SandboxStore;
  emit: SandboxEmit;
  /** Signs the events the sandbox sends; the webhook checks it. */
  webhookSecret: string;
  publishableKey: string;
  /** How long a payment stays `processing` before it is confirmed. */
  settleMs: number;
  /** Plans (the "plans" work: sandbox-subscriptions.ts). */
  subscriptions: SandboxSubscriptions;
  /** Tells the due-work runner something became due (a payment to confirm, an event to send). */
  wake: () => void;
  now?: () => Date;
};

const sameSecret = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

/** The Stripe PaymentIntent object the sandbox's events carry (with the card used, as stripe-events.ts reads). */
export function paymentIntentObject(pi: SandboxPaymentIntent, card: { brand: string; last4: string } | null) {
  return {
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    amount_received: pi.status === 'succeeded' ? pi.amount : 0,
    currency: pi.currency,
    status: pi.status,
    customer: pi.customerId,
    payment_method: pi.paymentMethodId,
    metadata: pi.metadata,
    last_payment_error: pi.lastError ? { message: pi.lastError } : null,
    payment_method_details: card ? { card } : null,
  };
}

/**
 * The offline stand-in for Stripe. Its records live in the `sandbox_*` tables, its confirmations leave as signed
 * events through the outbox, and its cards behave by Stripe's test numbers (test-cards.ts).
 */
export function createSandboxProvider(deps: SandboxProviderDeps) {
  const { db, store, emit } = deps;
  const now = deps.now ?? (() => new Date());

  const cardSummary = async (pmId: string, tx: Db = db) => {
    const pm = await store.paymentMethod(pmId, tx);
    return pm ? { brand: pm.brand, last4: pm.last4 } : null;
  };

  const challengeUrl = (pi: SandboxPaymentIntent) =>
    `${SANDBOX_PREFIX}/authenticate/${pi.id}?client_secret=${encodeURIComponent(pi.clientSecret)}`;

  async function resultOf(pi: SandboxPaymentIntent, tx: Db = db): Promise<PaymentResult> {
    const status: PaymentResult['status'] =
      pi.status === 'succeeded'
        ? 'succeeded'
        : pi.status === 'processing'
          ? 'processing'
          : pi.status === 'requires_action'
            ? 'requires_action'
            : 'failed';
    return {
      id: pi.id,
      clientSecret: pi.clientSecret,
      status,
      nextActionUrl: status === 'requires_action' ? challengeUrl(pi) : null,
      failureMessage: status === 'failed' ? (pi.lastError ?? DECLINED) : null,
      card: await cardSummary(pi.paymentMethodId, tx),
    };
  }

  /** Confirms or fails an intent and queues its event, in one transaction. */
  async function settle(
    tx: Db,
    pi: SandboxPaymentIntent,
    from: string,
    outcome: 'succeeded' | 'failed',
    error?: string,
  ) {
    const moved =
      outcome === 'succeeded'
        ? await store.transition(pi.id, from, { status: 'succeeded', settleAt: null }, tx)
        : await store.transition(
            pi.id,
            from,
            { status: 'requires_payment_method', lastError: error ?? DECLINED, settleAt: null },
            tx,
          );
    if (!moved) return undefined;
    await emit(
      tx,
      outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
      paymentIntentObject(moved, await cardSummary(moved.paymentMethodId, tx)),
    );
    return moved;
  }

  const provider: PaymentProvider = {
    name: 'sandbox',
    publishableKey: deps.publishableKey,
    // The sandbox's base, as api.stripe.com is Stripe's: clients add `/v1/payment_methods` and the rest.
    browserUrl: SANDBOX_PREFIX,

    async createCustomer({ email }) {
      const id = sandboxId('cus');
      await store.insertCustomer({ id, email });
      return { id };
    },

    async createSetupIntent(customerId) {
      const id = sandboxId('seti');
      const clientSecret = clientSecretOf(id);
      await store.insertSetupIntent({ id, clientSecret, customerId, status: 'requires_payment_method' });
      return { id, clientSecret };
    },

    async listCards(customerId): Promise<SavedCard[]> {
      const [cards, customer] = await Promise.all([store.cardsOf(customerId), store.customer(customerId)]);
      const defaultId = customer?.defaultPaymentMethodId ?? cards[0]?.id;
      return cards.map((c) => ({
        id: c.id,
        brand: c.brand,
        last4: c.last4,
        exp_month: c.expMonth,
        exp_year: c.expYear,
        is_default: c.id === defaultId,
      }));
    },

    async ownsPaymentMethod(customerId, paymentMethodId) {
      const pm = await store.paymentMethod(paymentMethodId);
      return pm?.customerId === customerId;
    },

    /**
     * A succeeding card leaves the intent `processing` until its confirmation is due (settleMs), as a real
     * asynchronous confirmation would; a declining card fails at once and its event is queued too.
     */
    async createPayment(input) {
      const result = await db.transaction(async (tx) => {
        const known = await store.paymentIntentByKey(input.idempotencyKey, tx);
        if (known) return resultOf(known, tx);
        const pm = await store.paymentMethod(input.paymentMethodId, tx);
        if (!pm || pm.customerId !== input.customerId) throw sandboxErrors.paymentMethodNotFound();
        const id = sandboxId('pi');
        const base = {
          id,
          clientSecret: clientSecretOf(id),
          customerId: input.customerId,
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          paymentMethodId: pm.id,
          idempotencyKey: input.idempotencyKey,
          metadata: input.metadata,
          returnUrl: input.returnUrl,
        };
        const fails = pm.behavior === 'decline' || pm.behavior === 'fail_later';
        const status = fails
          ? 'requires_payment_method'
          : pm.behavior === 'authenticate'
            ? 'requires_action'
            : 'processing';
        const { row, created } = await store.insertPaymentIntent(
          {
            ...base,
            status,
            lastError: fails ? DECLINED : null,
            settleAt: status === 'processing' ? new Date(now().getTime() + deps.settleMs) : null,
          },
          tx,
        );
        if (created && fails) {
          await emit(
            tx,
            'payment_intent.payment_failed',
            paymentIntentObject(row, { brand: pm.brand, last4: pm.last4 }),
          );
        }
        return resultOf(row, tx);
      });
      deps.wake();
      return result;
    },

    async cancelPayment(paymentId) {
      // Only from requires_action, as Stripe's cancel: a payment being confirmed or paid stays as it is.
      const canceled = await store.transition(paymentId, 'requires_action', { status: 'canceled', settleAt: null });
      if (canceled) return true;
      const pi = await store.paymentIntent(paymentId);
      return pi?.status === 'canceled' || pi?.status === 'requires_payment_method';
    },

    createSubscription: (input) => deps.subscriptions.createSubscription(input),
    cancelSubscription: (id) => deps.subscriptions.cancelSubscription(id),
    endSubscriptionNow: (id) => deps.subscriptions.endSubscriptionNow(id),
    customerPortalUrl: (customerId, returnUrl, options) =>
      deps.subscriptions.customerPortalUrl(customerId, returnUrl, options),

    // One refund implementation for the app and the refund command: payments by intent or by a plan's invoice.
    refundPayment: createSandboxRefunds({ db }).refundPayment,

    parseWebhook(rawBody, signature) {
      if (!verifyWebhookSignature(rawBody, signature, deps.webhookSecret)) {
        throw sandboxErrors.webhookSignatureInvalid();
      }
      let event: StripeLikeEvent;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as StripeLikeEvent;
      } catch {
        throw sandboxErrors.webhookBodyInvalid();
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string') {
        throw sandboxErrors.webhookBodyInvalid();
      }
      return mapStripeEvent(event, 'sandbox');
    },
  };

  return {
    provider,

    /** The tokenising endpoint's work: keeps brand, last four digits, expiry and behaviour; never the number. */
    async tokenizeCard(key: string, card: { number: string; exp_month: number; exp_year: number }) {
      if (!sameSecret(key, deps.publishableKey)) throw sandboxErrors.keyInvalid();
      const test = readTestCard(card.number);
      const today = now();
      const expired =
        card.exp_year < today.getUTCFullYear() ||
        (card.exp_year === today.getUTCFullYear() && card.exp_month < today.getUTCMonth() + 1);
      if (!test || expired) throw sandboxErrors.cardInvalid();
      const id = sandboxId('pm');
      // Keyed so the stored hash cannot be matched against a list of card numbers.
      const digits = card.number.replace(/ /g, '');
      const fingerprint = createHmac('sha256', deps.webhookSecret).update(digits).digest('hex').slice(0, 32);
      await store.insertPaymentMethod({
        id,
        brand: test.brand,
        last4: test.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        behavior: test.behavior,
        fingerprint,
      });
      return {
        id,
        object: 'payment_method' as const,
        card: { brand: test.brand, last4: test.last4, exp_month: card.exp_month, exp_year: card.exp_year },
      };
    },

    /**
     * Confirms a setup intent with a tokenised card: the card joins the intent's customer as its default. Only a
     * card that passes setup is saved (a declining card answers 402 and stays unattached), and once per
     * fingerprint: the customer's same card entered again is the saved one, whose id the intent answers.
     */
    async confirmSetupIntent(setupIntentId: string, clientSecret: string, paymentMethodId: string) {
      return db.transaction(async (tx) => {
        const intent = await store.setupIntentBySecret(clientSecret, tx);
        if (!intent || intent.id !== setupIntentId) throw sandboxErrors.notFound();
        const card = await store.paymentMethod(paymentMethodId, tx);
        if (!card || (card.customerId !== null && card.customerId !== intent.customerId)) {
          throw sandboxErrors.paymentMethodNotFound();
        }
        if (card.behavior === 'decline') throw sandboxErrors.cardDeclined();
        const same = card.fingerprint
          ? await store.cardByFingerprint(intent.customerId, card.fingerprint, tx)
          : undefined;
        const savedId = same?.id ?? card.id;
        if (intent.status === 'succeeded' && intent.paymentMethodId !== savedId) throw sandboxErrors.notFound();
        if (!(await store.attach(intent.customerId, savedId, tx))) throw sandboxErrors.paymentMethodNotFound();
        await store.completeSetupIntent(intent.id, savedId, tx);
        return {
          id: intent.id,
          object: 'setup_intent' as const,
          status: 'succeeded' as const,
          payment_method: savedId,
        };
      });
    },

    /** The intent behind a challenge link, only with its own client secret (nobody else's link opens it). */
    async challenge(paymentId: string, clientSecret: string) {
      const pi = await store.paymentIntent(paymentId);
      if (!pi || !sameSecret(clientSecret, pi.clientSecret)) return null;
      return { id: pi.id, amount: pi.amount, currency: pi.currency, status: pi.status, returnUrl: pi.returnUrl };
    },

    /** The fan approved or refused the authentication: the payment is confirmed later, or fails now. */
    async authenticate(paymentId: string, clientSecret: string, approve: boolean) {
      const result = await db.transaction(async (tx) => {
        const pi = await store.paymentIntent(paymentId, tx);
        if (!pi || !sameSecret(clientSecret, pi.clientSecret)) throw sandboxErrors.notFound();
        if (approve) {
          await store.transition(
            pi.id,
            'requires_action',
            { status: 'processing', settleAt: new Date(now().getTime() + deps.settleMs) },
            tx,
          );
        } else if (await settle(tx, pi, 'requires_action', 'failed', AUTHENTICATION_FAILED)) {
          // A refused authentication is a card that did not pass setup: it is not kept as a saved card.
          await store.detachUnproven(pi.paymentMethodId, tx);
        }
        const after = (await store.paymentIntent(paymentId, tx)) ?? pi;
        return { status: after.status, returnUrl: after.returnUrl };
      });
      deps.wake();
      return result;
    },

    /** Confirms the processing payments that are due; returns how many. */
    async settleDue(limit = 32): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await store.dueProcessing(now(), limit, tx);
        for (const pi of due) await settle(tx, pi, 'processing', 'succeeded');
        return due.length;
      });
    },
    nextSettleAt: () => store.nextSettleAt(),
  };
}
export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
