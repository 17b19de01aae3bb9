/**
 * Enumerations of the product spec (section 3), as plain readonly tuples.
 * zod enums over them live in the domain schema files; these stay dependency-free for the web's first chunk.
 */
export const STREAM_STATUSES = ['finished', 'live', 'upcoming'] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];

export const ACCESS_TYPES = ['free', 'paid', 'register', 'ppv'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

/** Order status values named by the spec; `status` carries the payment side, `activity_status` the activity side. */
export const ORDER_STATUSES = ['Paid', 'Inactive', 'Refunded', 'Active'] as const;
export const ORDER_PAYMENT_STATUSES = ['Pending', 'Paid', 'Failed', 'Refunded'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];
export const ORDER_ACTIVITY_STATUSES = ['Active', 'Inactive'] as const;
export type OrderActivityStatus = (typeof ORDER_ACTIVITY_STATUSES)[number];

export const TRANSACTION_STATUSES = ['created', 'failed', 'paid', 'refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['expired', 'inactive', 'active', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PURCHASE_KINDS = ['subscription', 'package', 'event', 'additional'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

export const ORDER_TYPES = ['event', 'package', 'subscription'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const AUTO_RENEWAL_STATUSES = ['Cancelled', 'Active'] as const;
export type AutoRenewalStatus = (typeof AUTO_RENEWAL_STATUSES)[number];

export const PLAN_CYCLES = ['annual', 'month', 'monthly'] as const;
export type PlanCycle = (typeof PLAN_CYCLES)[number];

/** A pass's `offer`: how a subscription renews. */
export const OFFERS = ['annual', 'monthly'] as const;
export type Offer = (typeof OFFERS)[number];

export const PASS_TYPES = ['regular', 'addition'] as const;
export type PassType = (typeof PASS_TYPES)[number];

export const PASS_KINDS = ['package', 'subscription'] as const;
export type PassKind = (typeof PASS_KINDS)[number];

export const FAVORITE_TYPES = [
  'participant',
  'participant_group',
  'event_category',
  'favorite_event',
  'event_location',
] as const;
export type FavoriteType = (typeof FAVORITE_TYPES)[number];

export const GENDERS = ['men', 'women'] as const;
export type Gender = (typeof GENDERS)[number];

export const SOCIAL_PROVIDERS = ['facebook', 'google'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const LIST_LAYOUTS = ['grid', 'list'] as const;
export type ListLayout = (typeof LIST_LAYOUTS)[number];
export const ITEM_LAYOUTS = ['card', 'table'] as const;
export type ItemLayout = (typeof ITEM_LAYOUTS)[number];

export const CAPABILITIES = ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media_access'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const FEATURE_COUNTERS = ['clips', 'downloads'] as const;
export type FeatureCounter = (typeof FEATURE_COUNTERS)[number];

export const CLIP_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export type ClipStatus = (typeof CLIP_STATUSES)[number];

export const PAYMENT_PROCESSING_STATES = ['processing', 'success', 'error'] as const;
export const RENEWAL_DISPLAY_STATES = ['cancel processing', 'cancel finished', 'cancelled'] as const;

export const TOAST_TYPES = ['success', 'error', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export const VOD_ASSET_TYPES = ['image', 'preview'] as const;
