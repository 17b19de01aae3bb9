/**
 * The payments module's public entry: what other modules use of it. Its tables are the database schema's and are
 * imported from their own files.
 */
export type {
  CardSummary,
  PaymentProvider,
  PaymentProviderName,
  PaymentResult,
  ProviderEvent,
} from './payment-provider';
export { emitSandboxEvent } from './sandbox/sandbox-events';
export { createSandboxRefunds } from './sandbox/sandbox-refunds';
export { createPortalSessions, createSandboxSubscriptions } from './sandbox/sandbox-subscriptions';
export type { StripeLikeEvent } from './stripe-events';
export { mapStripeEvent } from './stripe-events';
export { signWebhook } from './webhook-signature';
