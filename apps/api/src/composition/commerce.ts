import type { Config } from '../config/env';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { ServiceHost } from '../lib/service-host';
import type { UsersRepository } from '../modules/auth/users.repository';
import { createCheckoutService } from '../modules/commerce/checkout.service';
import { createCommerceMail } from '../modules/commerce/commerce-mail';
import type { GrantsOf } from '../modules/commerce/entitlements';
import { createOrderSettlement } from '../modules/commerce/order-settlement';
import type { OrdersRepository } from '../modules/commerce/orders.repository';
import { createOrdersService } from '../modules/commerce/orders.service';
import { createPlansRepository } from '../modules/commerce/plans.repository';
import { createPlansService } from '../modules/commerce/plans.service';
import { createWebhookService, type PlansEventHandler } from '../modules/commerce/webhook.service';
import type { EventsRepository } from '../modules/events/events.repository';
import type { MailOutbox } from '../modules/mail/mail-outbox';
import type { SandboxSubscriptions } from '../modules/payment-sandbox/sandbox-provider';
import { createPayments } from './payments';

/**
 * Payments and what hangs on them: the provider (the offline sandbox by default, Stripe when its keys are set),
 * checkout, orders, plans with their billing clock, and the webhook that settles them.
 */
export async function setUpCommerce(
  host: ServiceHost,
  deps: {
    config: Config;
    database: Database;
    jobs: JobQueue;
    mail: MailOutbox;
    orders: OrdersRepository;
    users: UsersRepository;
    events: EventsRepository;
    grantsOf: GrantsOf;
    /** Drops a fan's cached access after a purchase, a refund or a plan's end. */
    forget: (userId: number) => void;
    /** Tests may give the sandbox's plans and the plan event handler as small stand-ins. */
    sandboxSubscriptions?: SandboxSubscriptions;
    plansHandler?: PlansEventHandler;
    /** Posts a sandbox event to the app's webhook route, exactly as Stripe's delivery arrives; its status code. */
    postWebhook(body: string, signature: string): Promise<number>;
  },
) {
  const { config, database, jobs, mail, orders, forget } = deps;
  const { db } = database;
  const payments = await createPayments({
    config,
    database,
    log: host.log,
    sandboxSubscriptions: deps.sandboxSubscriptions,
    wake: () => jobs.add({ name: 'sandbox.work', data: {} }),
    postWebhook: deps.postWebhook,
  });
  const { provider, worker, sandboxBilling } = payments;
  if (worker) {
    host.onReady(() => worker.start());
    // Before the queue closes: a run in flight finishes its delivery.
    host.preClose(() => worker.stop());
  }
  const commerceMail = createCommerceMail({ db, mail });
  const plans = createPlansService({
    orders,
    plans: createPlansRepository({ db }),
    provider,
    providerName: config.paymentProvider,
    mail: commerceMail,
    forget,
  });
  async function billingTick(now = new Date()) {
    if (config.paymentProvider === 'sandbox') await sandboxBilling.runDue(now);
    await plans.expireDue(now);
    // Events the tick queued go out now rather than at the sender's next poll.
    await worker?.wake();
  }
  if (config.BILLING_SWEEP_MS > 0) {
    let timer: NodeJS.Timeout | undefined;
    host.onReady(() => {
      timer = setInterval(() => {
        jobs.add({ name: 'billing.tick', data: {} }).catch((err) => host.log.error({ err }, 'billing tick not queued'));
      }, config.BILLING_SWEEP_MS);
      timer.unref();
    });
    host.onClose(() => clearInterval(timer));
  }
  const settlement = createOrderSettlement({ orders, onOrderPaid: commerceMail.receipt });
  return {
    provider,
    sandbox: payments.sandbox,
    portalSessions: payments.portalSessions,
    /** The sandbox's due work (confirm due payments, send due events); none with Stripe. */
    runDue: async () => worker?.runDue(),
    plans,
    billingTick,
    checkout: createCheckoutService({
      orders,
      users: deps.users,
      events: deps.events,
      provider,
      settlement,
      grantsOf: deps.grantsOf,
      forget,
    }),
    orders: createOrdersService({ orders }),
    webhooks: createWebhookService({ orders, settlement, plans: deps.plansHandler ?? plans, forget }),
  };
}
