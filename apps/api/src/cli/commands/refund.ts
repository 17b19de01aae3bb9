import { eq } from 'drizzle-orm';
import { fromCents } from '../../lib/money';
import { orders } from '../../modules/commerce/orders.table';
import { RefundRefused, refundOrder } from '../../modules/commerce/refunds';
import { CommandRefused, defineCommand, UsageError } from './command';
import { parseOptions } from './parse-options';

/**
 * Refunds an order (fans cannot: "All sales are final"). Ends a plan now, refunds the last payment through the
 * payment provider, takes the access away and records the refund. Exit code 1 when the order is unknown, already
 * refunded or not paid.
 */
export const refund = defineCommand({
  name: 'refund',
  usage: 'refund --order <order id>',
  parse(argv) {
    const values = parseOptions(argv, { order: { type: 'string' } });
    const orderId = Number(values.order);
    if (!Number.isInteger(orderId) || orderId <= 0) throw new UsageError('Give --order, a whole order id.');
    return { orderId };
  },
  async run({ db, commerce, forget }, { orderId }, output) {
    let done: Awaited<ReturnType<typeof refundOrder>>;
    try {
      done = await refundOrder({ db, provider: commerce.provider, orderId });
    } catch (err) {
      if (err instanceof RefundRefused) throw new CommandRefused(err.message);
      throw err;
    }
    // In a running server the fan's cached access goes at once, not when the cache would have let it go.
    const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    if (order) forget(order.userId);
    if (done.subscriptionEnded) output.out(`Ended the plan of order ${orderId} now.`);
    output.out(
      done.refundId
        ? `Refunded ${fromCents(done.amountCents).toFixed(2)} ${done.currency} for order ${orderId} (refund ${done.refundId}).`
        : `Order ${orderId} had no charge to refund.`,
    );
    output.out(`Order ${orderId} is now Refunded and Inactive: its access has ended.`);
  },
});
