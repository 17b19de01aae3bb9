/**
 * Refunds an order (fans cannot: "All sales are final"). Ends a plan now, refunds the last payment through the
 * payment provider, takes the access away and records the refund. With REDIS_URL (and the deployment's JOBS_PREFIX)
 * it tells every API process, so the fan's media stops at once there (docs/playback.md).
 *   npm run refund -- --order 42
 * Exit code 1 when the order is unknown, already refunded or not paid.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config/env';
import { openAppDatabase } from '../db/open-app-database';
import { fromCents } from '../lib/money';
import { orders } from '../modules/commerce/orders.table';
import { RefundRefused, refundOrder } from '../modules/commerce/refunds';
import { createSandboxRefunds } from '../modules/payment-sandbox/sandbox-refunds';
import { createPortalSessions, createSandboxSubscriptions } from '../modules/payment-sandbox/sandbox-subscriptions';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import { createStripeProvider } from '../modules/payments/stripe/stripe-provider';
import { announceAccessChange, openCommandBus } from './announce-access-change';

const { values } = parseArgs({ options: { order: { type: 'string' } } });
const orderId = Number(values.order);
if (!Number.isInteger(orderId) || orderId <= 0) {
  console.error('Usage: refund --order <order id>');
  process.exit(2);
}

const config = loadConfig();
const database = await openAppDatabase(config);
const bus = await openCommandBus(config);
let code = 0;
try {
  // This command issues no portal links: a throwaway key serves.
  const sessions = createPortalSessions(randomBytes(32).toString('hex'));
  const provider: Pick<PaymentProvider, 'refundPayment' | 'endSubscriptionNow'> =
    config.paymentProvider === 'stripe'
      ? createStripeProvider(config)
      : {
          ...createSandboxRefunds({ db: database.db }),
          endSubscriptionNow: createSandboxSubscriptions({ db: database.db, portal: sessions }).endSubscriptionNow,
        };
  const done = await refundOrder({ db: database.db, provider, orderId });
  if (done.subscriptionEnded) console.log(`Ended the plan of order ${orderId} now.`);
  console.log(
    done.refundId
      ? `Refunded ${fromCents(done.amountCents).toFixed(2)} ${done.currency} for order ${orderId} (refund ${done.refundId}).`
      : `Order ${orderId} had no charge to refund.`,
  );
  console.log(`Order ${orderId} is now Refunded and Inactive: its access has ended.`);
  const [order] = await database.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (bus && order) {
    await announceAccessChange(bus, order.userId);
    console.log('Told the API processes: the fan’s media stops now.');
  } else {
    console.log('No cache bus (REDIS_URL): the API processes see it within their cache lifetimes (about a minute).');
  }
} catch (err) {
  if (!(err instanceof RefundRefused)) throw err;
  console.error(err.message);
  code = 1;
} finally {
  await bus?.close();
  await database.close();
}
process.exit(code);
