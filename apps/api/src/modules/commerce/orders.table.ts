import type {
  AutoRenewalStatus,
  Offer,
  OrderActivityStatus,
  OrderPaymentStatus,
  OrderType,
  PurchaseKind,
  SubscriptionStatus,
  TransactionStatus,
} from '@sideline/contract/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../auth/users.table';
import { channelIdColumn } from '../channel/channel.table';
import type { PaymentProviderName } from '../payments';
import { passes } from './passes.table';

export type TransactionKind = 'charge' | 'renewal' | 'refund';

/**
 * One checkout payment (or one plan with its renewals). The source of truth for access: the order's items give
 * what it covers, `status` + `activity_status` say whether it counts (spec purchased rules).
 * Money is in minor units (cents), computed on the server from the passes and events tables.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().$type<OrderType>().notNull(),
    /** The pass bought (for a game: its single-event package). */
    passId: integer().references(() => passes.id),
    /** The game bought, for type `event`. */
    eventId: integer(),
    name: text().notNull(),
    status: text().$type<OrderPaymentStatus>().notNull().default('Pending'),
    activityStatus: text().$type<OrderActivityStatus>().notNull().default('Inactive'),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    serviceFeeCents: integer().notNull().default(0),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    couponId: integer(),
    /** The client's key for this checkout attempt: a double submit finds the same order. */
    idempotencyKey: text().notNull(),
    /** What the attempt bought (pass, game, choices, coupon): the same key with another purchase is refused. */
    purchaseKey: text().notNull().default(''),
    provider: text().$type<PaymentProviderName>().notNull(),
    /** The provider's payment (`pi_…`) for one-off orders and a plan's first charge. */
    providerPaymentId: text(),
    /** The provider's subscription (`sub_…`) for plans. */
    providerSubscriptionId: text(),
    paymentMethodId: text(),
    offer: text().$type<Offer>(),
    period: integer(),
    autoRenewal: text().$type<AutoRenewalStatus>(),
    subscriptionStatus: text().$type<SubscriptionStatus>(),
    trialEnd: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    failureMessage: text(),
    nextActionUrl: text(),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_provider_payment_unique').on(t.providerPaymentId),
    uniqueIndex('orders_provider_subscription_unique').on(t.providerSubscriptionId),
    index('orders_user').on(t.userId, t.channelId),
    index('orders_period_end').on(t.currentPeriodEnd).where(sql`${t.type} = 'subscription'`),
  ],
);

/** What an order covers: one row per pass, sport, team, game or add-on. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text().$type<PurchaseKind>().notNull(),
    passId: integer(),
    eventId: integer(),
    eventCategoryId: integer(),
    participantId: integer(),
    name: text().notNull(),
  },
  (t) => [index('order_items_order').on(t.orderId)],
);

/** Money that moved (or failed to): one row per provider payment, renewal invoice or refund. */
export const transactions = pgTable(
  'transactions',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<TransactionKind>().notNull(),
    status: text().$type<TransactionStatus>().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    /** The provider's id of this payment (`pi_…`, `in_…`, `re_…`): one transaction per payment, whatever replays. */
    providerRef: text().notNull(),
    description: text().notNull(),
    cardBrand: text(),
    cardLast4: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_provider_ref_unique').on(t.providerRef, t.kind),
    index('transactions_user').on(t.userId),
  ],
);

/**
 * A user's customer at each payment provider (Stripe's `cus_…`, the sandbox's own): one per user and provider, so a
 * channel that moves from the sandbox to Stripe keeps its fans' Stripe customers apart from their sandbox ones.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().$type<PaymentProviderName>().notNull(),
    customerId: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** Each provider event handled once: a replay finds its id here and changes nothing. */
export const providerEvents = pgTable('provider_events', {
  id: text().primaryKey(),
  provider: text().$type<PaymentProviderName>().notNull(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type CouponDiscountType = 'percent' | 'amount';

/** Promo codes of a channel: percent (1–100) or an amount in cents, optional expiry, optionally for some passes. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    /** Stored upper-case; fans may type it in any case. */
    code: text().notNull(),
    discountType: text().$type<CouponDiscountType>().notNull(),
    /** Percent for `percent`, cents for `amount`. */
    discountValue: integer().notNull(),
    validUntil: timestamp({ withTimezone: true }),
    /** Passes it applies to; empty: every pass. */
    passIds: integer().array().notNull().default([]),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('coupons_channel_code_unique').on(t.channelId, t.code)],
);

/** A coupon used by a user: once per user. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial().primaryKey(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_redemptions_unique').on(t.couponId, t.userId)],
);
