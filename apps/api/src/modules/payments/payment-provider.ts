import type { SavedCard } from '@sideline/contract/commerce';

/** The payment providers the product speaks to; orders, customers and events record which one they went through. */
export type PaymentProviderName = 'sandbox' | 'stripe';

/**
 * The one interface the order code talks to, shaped after Stripe's objects so the sandbox and Stripe are
 * interchangeable. Amounts are minor units (cents). Every call that moves money takes an idempotency key, so a
 * retry after a crash or a double submit charges once.
 */
export type PaymentProvider = {
  name: PaymentProviderName;
  /** Given to the browser (Stripe's `pk_…`; the sandbox's own). */
  publishableKey: string;
  /** Sandbox only: where the browser sends the card number (its tokenising endpoint). */
  browserUrl: string | null;

  createCustomer(input: { email: string; userId: number }): Promise<{ id: string }>;
  /** A setup intent: the browser confirms it with a card and gets a saved payment method. */
  createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string }>;
  listCards(customerId: string): Promise<SavedCard[]>;
  /** Whether this payment method belongs to this customer (a fan cannot pay with another's card). */
  ownsPaymentMethod(customerId: string, paymentMethodId: string): Promise<boolean>;

  /**
   * Charges a saved card now. Succeeds, fails, or needs the fan's authentication (`requires_action` with a URL).
   * The confirmation also arrives later as a `payment.succeeded` / `payment.failed` event on the webhook.
   */
  createPayment(input: {
    customerId: string;
    paymentMethodId: string;
    amount: number;
    currency: string;
    /** What is bought, shown on the provider's receipt (e.g. the pass or game name). */
    description: string;
    idempotencyKey: string;
    /** Carried back on every event of this payment (`order_id`). */
    metadata: Record<string, string>;
    /** Where the authentication step returns to (absolute URL). */
    returnUrl: string;
  }): Promise<PaymentResult>;
  /**
   * Cancels a one-off payment still waiting for the fan's authentication, when a newer attempt replaces it (Stripe:
   * `paymentIntents.cancel`). True when it can no longer be charged (cancelled now, or it had already failed);
   * false when it succeeded or is being confirmed.
   */
  cancelPayment(paymentId: string): Promise<boolean>;

  /** A renewing plan, optionally starting with a trial (no charge until it ends). */
  createSubscription(input: {
    customerId: string;
    paymentMethodId: string;
    amount: number;
    currency: string;
    interval: 'month' | 'year';
    intervalCount: number;
    trialDays: number | null;
    /** The plan's name (Stripe: the product of the inline price). */
    description: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
    returnUrl: string;
  }): Promise<SubscriptionResult>;
  /** Stops renewal at the period's end (Stripe's cancel_at_period_end). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Ends a subscription now (refunds). */
  endSubscriptionNow(subscriptionId: string): Promise<void>;
  refundPayment(paymentId: string, idempotencyKey: string): Promise<{ id: string }>;
  /**
   * `sessionKeyId`: the fan's session the portal is opened from. The sandbox's portal ends with it; Stripe's portal
   * sessions cannot be revoked, they expire on Stripe's side (minutes after creation).
   */
  customerPortalUrl(customerId: string, returnUrl: string, options?: { sessionKeyId?: number }): Promise<string>;

  /** Verifies the signature on the raw body and maps the provider's event; throws on a bad signature. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
};

export type PaymentResult = {
  id: string;
  clientSecret: string;
  status: 'succeeded' | 'processing' | 'requires_action' | 'failed';
  nextActionUrl: string | null;
  failureMessage: string | null;
  card: CardSummary | null;
};

export type SubscriptionResult = {
  id: string;
  status: 'trialing' | 'active' | 'incomplete' | 'failed';
  /** The first invoice's payment when one is charged now (no trial). */
  payment: PaymentResult | null;
  trialEnd: Date | null;
  currentPeriodEnd: Date;
};

export type CardSummary = { brand: string; last4: string };

/**
 * A provider event in our terms. Each provider maps its own (Stripe: payment_intent.succeeded,
 * payment_intent.payment_failed, invoice.paid, invoice.payment_failed, customer.subscription.trial_will_end,
 * customer.subscription.deleted); anything else is `ignored`.
 */
export type ProviderEvent = { id: string; provider: PaymentProviderName; rawType: string } & (
  | {
      type: 'payment.succeeded';
      paymentId: string;
      amount: number;
      currency: string;
      card: CardSummary | null;
      metadata: Record<string, string>;
    }
  | {
      type: 'payment.failed';
      paymentId: string;
      message: string;
      card: CardSummary | null;
      metadata: Record<string, string>;
    }
  | {
      type: 'invoice.paid';
      invoiceId: string;
      subscriptionId: string;
      amount: number;
      currency: string;
      card: CardSummary | null;
      periodEnd: Date;
      /** `subscription_create` for the first invoice, `subscription_cycle` for renewals. */
      reason: 'subscription_create' | 'subscription_cycle';
    }
  | {
      type: 'invoice.failed';
      invoiceId: string;
      subscriptionId: string;
      amount: number;
      currency: string;
      attempt: number;
      nextAttemptAt: Date | null;
      message: string;
    }
  | { type: 'subscription.trial_will_end'; subscriptionId: string; trialEnd: Date }
  | { type: 'subscription.ended'; subscriptionId: string }
  | { type: 'ignored' }
);
