import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../payments';
import { sandboxErrors } from './payment-sandbox.errors';
import { sandboxPaymentIntents } from './sandbox.table';
import { derivedId } from './sandbox-subscriptions';

/**
 * The sandbox's refunds. A payment is named by its payment intent (`pi_…`) or, for a plan's renewal, by its invoice
 * (`in_…`, whose paid payment intent is found). The refund id follows the idempotency key: a repeat is the same refund.
 */
export function createSandboxRefunds({ db }: { db: Db }): Pick<PaymentProvider, 'refundPayment'> {
  return {
    async refundPayment(paymentId, idempotencyKey) {
      const byInvoice = paymentId.startsWith('in_');
      const [pi] = await db
        .select({ id: sandboxPaymentIntents.id })
        .from(sandboxPaymentIntents)
        .where(
          and(
            byInvoice
              ? sql`${sandboxPaymentIntents.metadata}->>'invoice' = ${paymentId}`
              : eq(sandboxPaymentIntents.id, paymentId),
            eq(sandboxPaymentIntents.status, 'succeeded'),
          ),
        )
        .limit(1);
      if (!pi) throw sandboxErrors.notFound();
      return { id: derivedId('re', pi.id, idempotencyKey) };
    },
  };
}
