import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * The sandbox payment provider's own store: what Stripe keeps on its side. Our order code never reads these
 * tables; it talks to the sandbox through the provider interface, as it talks to Stripe. Kept in the same
 * database so the embedded mode needs nothing else, and so a crash loses no payment the sandbox acknowledged.
 */

/** How a test card behaves, by Stripe's test numbers. */
export type SandboxCardBehavior = 'succeed' | 'decline' | 'authenticate' | 'fail_later';

export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text().primaryKey(),
  email: text().notNull(),
  defaultPaymentMethodId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text().primaryKey(),
    customerId: text(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    behavior: text().$type<SandboxCardBehavior>().notNull(),
    /** Stripe's card fingerprint: a keyed hash of the number, so one card entered twice is saved once. */
    fingerprint: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_pm_customer').on(t.customerId),
    index('sandbox_pm_fingerprint').on(t.customerId, t.fingerprint),
  ],
);

export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text().primaryKey(),
  clientSecret: text().notNull().unique(),
  customerId: text().notNull(),
  /** requires_payment_method → succeeded */
  status: text().notNull(),
  paymentMethodId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text().primaryKey(),
    clientSecret: text().notNull().unique(),
    customerId: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull(),
    /** Stripe's: requires_action, processing, succeeded, requires_payment_method (failed), canceled */
    status: text().notNull(),
    paymentMethodId: text().notNull(),
    /** The caller's idempotency key: a retry returns the same intent and charges once. */
    idempotencyKey: text(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    lastError: text(),
    /** Where the authentication page sends the fan back (Stripe's return_url of the redirect next action). */
    returnUrl: text(),
    /** When the asynchronous confirmation is due (processing → succeeded). */
    settleAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_pi_idempotency_unique').on(t.idempotencyKey),
    index('sandbox_pi_settle').on(t.settleAt).where(sql`${t.status} = 'processing'`),
  ],
);

export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text().primaryKey(),
    customerId: text().notNull(),
    paymentMethodId: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull(),
    interval: text().$type<'month' | 'year'>().notNull(),
    intervalCount: integer().notNull().default(1),
    /** Stripe's: trialing, active, past_due, canceled */
    status: text().notNull(),
    trialEnd: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    failedAttempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    trialWillEndSent: boolean().notNull().default(false),
    idempotencyKey: text(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_sub_idempotency_unique').on(t.idempotencyKey)],
);

/** Events the sandbox sends to the webhook, as Stripe does: durable, delivered and retried until acknowledged. */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text().primaryKey(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_events_due').on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
);
