import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { localSecret } from '../lib/local-secret';
import { createSandboxBilling } from '../modules/payment-sandbox/sandbox-billing';
import { createSandboxEventSender, emitSandboxEvent } from '../modules/payment-sandbox/sandbox-events';
import {
  createSandboxProvider,
  type SandboxProvider,
  type SandboxSubscriptions,
} from '../modules/payment-sandbox/sandbox-provider';
import { createSandboxStore } from '../modules/payment-sandbox/sandbox-store';
import { createPortalSessions, createSandboxSubscriptions } from '../modules/payment-sandbox/sandbox-subscriptions';
import { createSandboxWorker, type SandboxWorker } from '../modules/payment-sandbox/sandbox-worker';
import type { PaymentProvider } from '../modules/payments';
import { createStripeProvider } from '../modules/payments/stripe/stripe-provider';

export type Payments = {
  provider: PaymentProvider;
  /** The offline sandbox, when it is the provider: its routes (the card form, the challenge) are served. */
  sandbox?: SandboxProvider;
  /** The sandbox's due work (payments to settle, webhook events to deliver); Stripe has none of its own. */
  worker?: SandboxWorker;
  /** The sandbox's customer portal sessions (Stripe hosts its portal itself). */
  portalSessions: ReturnType<typeof createPortalSessions>;
  /** The sandbox's renewals, trial notices and retries, run by the billing clock. */
  sandboxBilling: ReturnType<typeof createSandboxBilling>;
};

/**
 * The payment provider of this process (config.paymentProvider): Stripe when its keys are set, otherwise the offline
 * sandbox, which charges test cards, keeps its own subscriptions and delivers Stripe-shaped webhook events to the
 * app's real webhook route (`postWebhook`).
 */
export async function createPayments({
  config,
  database,
  log,
  sandboxSubscriptions,
  wake,
  postWebhook,
}: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** Tests may give a small stand-in for the sandbox's plans. */
  sandboxSubscriptions?: SandboxSubscriptions;
  /** Queues the sandbox's due work as a job (any process running jobs does it). */
  wake: () => Promise<void>;
  postWebhook: (body: string, signature: string) => Promise<number>;
}): Promise<Payments> {
  const { db } = database;
  const portalSessions = createPortalSessions(
    config.MEDIA_TOKEN_SECRET
      ? `${config.MEDIA_TOKEN_SECRET}:sandbox-portal`
      : await localSecret(config.dataDir, 'sandbox-portal'),
  );
  const sandboxBilling = createSandboxBilling({ db });
  if (config.paymentProvider === 'stripe') {
    return { provider: createStripeProvider(config, { log }), portalSessions, sandboxBilling };
  }
  const webhookSecret = await localSecret(config.dataDir, 'sandbox-webhook');
  let worker: SandboxWorker | undefined;
  const sandbox = createSandboxProvider({
    db,
    store: createSandboxStore({ db }),
    emit: emitSandboxEvent,
    webhookSecret,
    publishableKey: 'pk_sandbox_local',
    settleMs: config.SANDBOX_SETTLE_MS,
    subscriptions:
      sandboxSubscriptions ??
      createSandboxSubscriptions({
        db,
        portal: portalSessions,
        challengeUrl: (pi) => `/sandbox-pay/authenticate/${pi.id}?client_secret=${encodeURIComponent(pi.clientSecret)}`,
      }),
    wake: () => void worker?.wake(),
  });
  const sender = createSandboxEventSender({ db, secret: webhookSecret, log, post: postWebhook });
  worker = createSandboxWorker({
    settleDue: async () => {
      const settled = await sandbox.settleDue();
      // A plan's first invoice paid after the fan's authentication step: its invoice.paid follows at once.
      if (settled > 0) await sandboxBilling.runDue(new Date());
      return settled;
    },
    deliverDue: () => sender.deliverDue(),
    nextDueAt: async () => {
      const times = [await sandbox.nextSettleAt(), await sender.nextDueAt()].filter((d): d is Date => d !== null);
      return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
    },
    onStart: database.kind === 'pglite' ? () => sender.takeBackLeases() : undefined,
    wake,
    log,
  });
  return { provider: sandbox.provider, sandbox, worker, portalSessions, sandboxBilling };
}
