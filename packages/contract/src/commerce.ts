import { z } from 'zod';
import {
  currencySchema,
  idSchema,
  isoDateTimeSchema,
  moneySchema,
  paginationShape,
  querySchema,
  urlOrPathSchema,
} from './common';
import {
  AUTO_RENEWAL_STATUSES,
  OFFERS,
  ORDER_ACTIVITY_STATUSES,
  ORDER_PAYMENT_STATUSES,
  ORDER_TYPES,
  PASS_KINDS,
  PASS_TYPES,
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
  })
  .meta({ id: 'Pass' });
export type Pass = z.infer<typeof passSchema>;

export const passesQuerySchema = querySchema({ ...paginationShape });

export const orderProductSchema = z.object({
  id: idSchema,
  event_category_id: idSchema.nullable(),
  participant_id: idSchema.nullable(),
});

export const orderSchema = z
  .object({
    id: idSchema,
    status: z.enum(ORDER_PAYMENT_STATUSES),
    activity_status: z.enum(ORDER_ACTIVITY_STATUSES),
    type: z.enum(ORDER_TYPES),
    product: orderProductSchema,
    amount: moneySchema,
    currency: currencySchema,
    auto_renewal: z.enum(AUTO_RENEWAL_STATUSES).nullable(),
    subscription_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
    current_period_end: isoDateTimeSchema.nullable(),
    created_at: isoDateTimeSchema,
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
