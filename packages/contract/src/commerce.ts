import { z } from 'zod';
import {
  bodySchema,
  currencySchema,
  idSchema,
  isoDateTimeSchema,
  moneySchema,
  paginationShape,
  queryId,
  querySchema,
  text,
  urlOrPathSchema,
} from './common';
import {
  AUTO_RENEWAL_STATUSES,
  CAPABILITIES,
  OFFERS,
  ORDER_ACTIVITY_STATUSES,
  ORDER_PAYMENT_STATUSES,
  ORDER_TYPES,
  PASS_KINDS,
  PASS_TYPES,
  PURCHASE_KINDS,
  SUBSCRIPTION_STATUSES,
  TRANSACTION_STATUSES,
} from './enums';

/** A package (one-off purchase) or a subscription (renewing plan): the spec's "pass". */
export const passSchema = z
  .object({
    id: idSchema,
    kind: z.enum(PASS_KINDS),
    name: z.string(),
    description: z.string().nullable(),
    price: moneySchema.describe('What the buyer pays: base_price + service_fee'),
    base_price: moneySchema,
    service_fee: moneySchema.default(0),
    currency: currencySchema,
    image: urlOrPathSchema.nullable(),
    offer: z.enum(OFFERS).nullable().describe('How a subscription renews'),
    period: z.number().int().min(1).nullable().describe('Number of offer periods per renewal'),
    trial_period: z.number().int().min(0).nullable().describe('Trial length in days'),
    weight: z.number().int(),
    pass_type: z.enum(PASS_TYPES),
    is_team_pass: z.boolean(),
    is_single_event: z.boolean().describe('A single-event package, needed to buy a paid event'),
    is_basic: z.boolean().describe('The basic pass every registered fan chooses'),
    event_category_id: idSchema.nullable(),
    event_categories: z.array(idSchema),
    participants: z.array(idSchema).describe('Teams covered by a team pass'),
    group_name: z.string().nullable().describe('Passes with the same group name are shown together'),
    capabilities: z.array(z.enum(CAPABILITIES)).describe('What an active order for this pass grants'),
    limits: z
      .object({ clips: z.number().int().min(0), downloads: z.number().int().min(0) })
      .describe('Counter limits this pass grants (the highest of the active passes applies)'),
    // Derived (spec section 3). Per user when the call carries a signed-in api key; a guest's view otherwise.
    purchased: z.boolean().describe("Spec purchased rules over the caller's active paid orders"),
    passType: z.enum(PASS_TYPES),
    priceTitle: z.string().describe('Spec price title, e.g. `USD $9.99 / monthly` (clients localise it)'),
    disabledCategories: z.array(idSchema).describe('Categories the caller already has: not offered again'),
    disabledParticipants: z.array(idSchema).describe('Teams the caller already has: not offered again'),
    additional: z.array(idSchema).describe('Add-on passes (pass_type addition) offered with this pass'),
  })
  .meta({ id: 'Pass' });
export type Pass = z.infer<typeof passSchema>;

export const passesQuerySchema = querySchema({ ...paginationShape });

export const orderProductSchema = z.object({
  id: idSchema,
  event_category_id: idSchema.nullable(),
  participant_id: idSchema.nullable(),
});

/**
 * One thing an order covers. One payment makes one order; a package bought for two sports has two items, a pass
 * bought with add-ons has one item per add-on (kind `additional`). Entitlements come from the items.
 */
export const orderItemSchema = z.object({
  kind: z.enum(PURCHASE_KINDS),
  pass_id: idSchema.nullable(),
  event_id: idSchema.nullable(),
  event_category_id: idSchema.nullable(),
  participant_id: idSchema.nullable(),
  name: z.string(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z
  .object({
    id: idSchema,
    status: z.enum(ORDER_PAYMENT_STATUSES),
    activity_status: z.enum(ORDER_ACTIVITY_STATUSES),
    type: z.enum(ORDER_TYPES),
    product: orderProductSchema.describe('The main item (the pass, or for a game its event id)'),
    items: z.array(orderItemSchema),
    name: z.string().describe('What was bought, for lists'),
    subtotal: moneySchema,
    discount: moneySchema,
    service_fee: moneySchema,
    amount: moneySchema.describe(
      'The price: subtotal - discount + service_fee (charged, or for a plan in its free trial, what each renewal charges; the transactions say what money moved)',
    ),
    currency: currencySchema,
    coupon: z.string().nullable(),
    offer: z.enum(OFFERS).nullable(),
    auto_renewal: z.enum(AUTO_RENEWAL_STATUSES).nullable(),
    subscription_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
    trial_end: isoDateTimeSchema.nullable(),
    current_period_end: isoDateTimeSchema.nullable().describe('Access lasts to here; the next charge is then'),
    failure_message: z.string().nullable().describe('Why the payment failed, e.g. the card was declined'),
    next_action_url: z.string().nullable().describe("While Pending: where the card's authentication step is"),
    event_id: idSchema.nullable().describe('The game bought, or null'),
    created_at: isoDateTimeSchema,
    paid_at: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const transactionSchema = z
  .object({
    id: idSchema,
    order_id: idSchema,
    amount: moneySchema,
    currency: currencySchema,
    status: z.enum(TRANSACTION_STATUSES),
    kind: z.enum(['charge', 'renewal', 'refund']),
    description: z.string(),
    card_brand: z.string().nullable(),
    card_last4: z.string().length(4).nullable(),
    created_at: isoDateTimeSchema,
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionSchema>;

export const couponSchema = z
  .object({
    code: z.string(),
    discount_type: z.enum(['percent', 'amount']),
    discount_value: z.number().positive(),
    valid_until: isoDateTimeSchema.nullable(),
    pass_ids: z.array(idSchema).describe('Passes the coupon applies to; empty for all'),
  })
  .meta({ id: 'Coupon' });
export type Coupon = z.infer<typeof couponSchema>;

export const savedCardSchema = z
  .object({
    id: z.string(),
    brand: z.string(),
    last4: z.string().length(4),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int(),
    is_default: z.boolean(),
  })
  .meta({ id: 'SavedCard' });
export type SavedCard = z.infer<typeof savedCardSchema>;

// ---- Calls (spec section 7, Payments) ----

const couponCode = text().trim().min(1).max(64);
/** A provider's object id (`pm_…`, `pi_…`): letters, digits and underscores. */
export const providerIdSchema = text().regex(/^[A-Za-z0-9_]{3,255}$/, 'a provider id such as pm_123');
const passIds = z.array(idSchema).max(100);

/**
 * What a checkout buys. Exactly one of event_id (with the single-event package), package_id or subscription_id.
 * Prices never travel from the client: the server reads them from the database.
 */
const purchaseShape = {
  event_id: idSchema.optional(),
  package_id: idSchema.optional().describe('For a game: the single-event package; else the package bought'),
  subscription_id: idSchema.optional(),
  /** The sports chosen on a package (its event_categories when omitted). */
  categories: passIds.optional(),
  /** The teams chosen on a team pass (its participants when omitted). */
  participants: passIds.optional(),
  /** Add-on passes bought in the same payment (buy_bundle). */
  additional: passIds.optional(),
  coupon: couponCode.optional(),
};

export const invoicePreviewBodySchema = bodySchema(purchaseShape);
export type InvoicePreviewBody = z.infer<typeof invoicePreviewBodySchema>;

export const invoicePreviewSchema = z
  .object({
    currency: currencySchema,
    lines: z.array(z.object({ name: z.string(), amount: moneySchema })),
    subtotal: moneySchema,
    discount: moneySchema,
    service_fee: moneySchema,
    total: moneySchema.describe('Charged now (0 when a trial starts)'),
    coupon: z.string().nullable(),
    trial_days: z.number().int().min(0).nullable().describe('A trial that starts instead of a charge'),
    next_charge_at: isoDateTimeSchema.nullable().describe('For plans: when the card is charged next'),
    next_charge_amount: moneySchema.nullable(),
  })
  .meta({ id: 'InvoicePreview' });
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;

export const buyBodySchema = bodySchema({
  ...purchaseShape,
  /** A saved card (`pm_…`); NoPaymentMethod when neither it nor a default card exists. */
  payment_method_id: providerIdSchema.optional(),
  /** One per checkout attempt: a double submit or a retry of the same attempt makes one order and one charge. */
  idempotency_key: text().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a random key of 8 to 64 letters, digits, - or _'),
  /** Where the card's authentication step returns to (a path of this site). */
  return_path: text()
    .regex(/^\/[^/\\]/, 'a path of this site such as /buy')
    .max(512)
    .optional(),
});
export type BuyBody = z.infer<typeof buyBodySchema>;

export const checkoutResultSchema = z
  .object({
    order_id: idSchema,
    status: z.enum(ORDER_PAYMENT_STATUSES),
    /** Set when the card needs an authentication step: open it, it returns to return_path. */
    next_action_url: z.string().nullable(),
    /** The provider's client secret of the payment (Stripe.js handles the next action with it). */
    client_secret: z.string().nullable(),
  })
  .meta({ id: 'CheckoutResult' });
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const startTrialBodySchema = bodySchema({
  subscription_id: idSchema,
  payment_method_id: providerIdSchema.optional(),
  idempotency_key: buyBodySchema.shape.idempotency_key,
});

export const unsubscribeBodySchema = bodySchema({ order_id: idSchema });

export const ordersQuerySchema = querySchema({
  ...paginationShape,
  /** Only orders giving access now (the profile's active orders). */
  active: z.enum(['0', '1']).optional(),
});
export const orderParamsSchema = z.strictObject({ order_id: queryId() });

export const applyCouponQuerySchema = querySchema({
  code: couponCode,
  pass_id: queryId().optional(),
});
export const couponCheckSchema = z
  .object({
    code: z.string(),
    discount_type: z.enum(['percent', 'amount']),
    discount_value: z.number().positive(),
    valid_until: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'CouponCheck' });

export const setupIntentSchema = z
  .object({
    provider: z.enum(['sandbox', 'stripe']),
    publishable_key: z.string(),
    client_secret: z.string(),
    /** Sandbox only: its base URL; the card number goes to `${sandbox_url}/v1/payment_methods` (never to the order API). */
    sandbox_url: z.string().nullable(),
  })
  .meta({ id: 'SetupIntent' });
export type SetupIntent = z.infer<typeof setupIntentSchema>;

export const customerPortalSchema = z.object({ url: z.string() }).meta({ id: 'CustomerPortal' });

/** `GET transactions`: the signed-in fan's payments, renewals and refunds, newest first (the profile's list). */
export const transactionsQuerySchema = querySchema({ ...paginationShape });

// ---- The sandbox provider's browser endpoints (its stand-in for Stripe.js + api.stripe.com) ----
// The card number goes here, never to the order API: the sandbox returns a payment method id, as Stripe does.

export const sandboxCardBodySchema = z.strictObject({
  /** The publishable key from the setup intent answer. */
  key: text().max(128),
  card: z.strictObject({
    number: text().regex(/^[0-9 ]{12,23}$/, 'a card number of 12 to 19 digits'),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int().min(2000).max(2100),
    cvc: text().regex(/^[0-9]{3,4}$/, '3 or 4 digits'),
  }),
});
export type SandboxCardBody = z.infer<typeof sandboxCardBodySchema>;

export const sandboxPaymentMethodSchema = z
  .object({
    id: z.string(),
    object: z.literal('payment_method'),
    card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
  })
  .meta({ id: 'SandboxPaymentMethod' });

export const sandboxConfirmSetupBodySchema = z.strictObject({
  client_secret: text().max(255),
  payment_method: providerIdSchema,
});
export const sandboxSetupIntentSchema = z
  .object({
    id: z.string(),
    object: z.literal('setup_intent'),
    status: z.enum(['requires_payment_method', 'succeeded']),
    payment_method: z.string().nullable(),
  })
  .meta({ id: 'SandboxSetupIntent' });
