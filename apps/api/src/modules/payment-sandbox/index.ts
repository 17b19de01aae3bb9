/**
 * The payment sandbox's public entry: the offline stand-in for Stripe (test cards, subscriptions, its customer
 * portal, Stripe-shaped webhook events), behind the payments module's provider interface. Its tables are the
 * database schema's and are imported from their own files; the app wires its routes and worker from `composition/`.
 */
export { emitSandboxEvent } from './sandbox-events';
export type { SandboxProvider, SandboxSubscriptions } from './sandbox-provider';
export { createSandboxRefunds } from './sandbox-refunds';
export { createPortalSessions, createSandboxSubscriptions } from './sandbox-subscriptions';
