/**
 * The payments module's public entry: the provider interface, Stripe's events and webhook signatures. The offline
 * sandbox that stands in for Stripe is its own module (`payment-sandbox`), built on this one.
 */
export type {
  CardSummary,
  PaymentProvider,
  PaymentProviderName,
  PaymentResult,
  ProviderEvent,
  SubscriptionResult,
} from './payment-provider';
export type { StripeLikeEvent } from './stripe-events';
export { mapStripeEvent } from './stripe-events';
export { signWebhook, verifyWebhookSignature } from './webhook-signature';
