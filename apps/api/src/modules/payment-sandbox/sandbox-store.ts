import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxCustomers, sandboxPaymentIntents, sandboxPaymentMethods, sandboxSetupIntents } from './sandbox.table';

export type SandboxCustomer = typeof sandboxCustomers.$inferSelect;
export type SandboxPaymentMethod = typeof sandboxPaymentMethods.$inferSelect;
export type SandboxPaymentIntent = typeof sandboxPaymentIntents.$inferSelect;
export type NewSandboxPaymentIntent = typeof sandboxPaymentIntents.$inferInsert;

/**
 * The sandbox's own records (what Stripe keeps on its side). Every call takes an optional transaction; the
 * lookups (`customer`, `paymentMethod`, `defaultPaymentMethod`, `paymentIntent`) are what the sandbox's
 * subscriptions need to charge a saved card.
 */
export function createSandboxStore({ db }: { db: Db }) {
  return {
    async insertCustomer(values: { id: string; email: string }, tx: Db = db): Promise<void> {
      await tx.insert(sandboxCustomers).values(values);
    },
    async customer(id: string, tx: Db = db): Promise<SandboxCustomer | undefined> {
      const [row] = await tx.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id)).limit(1);
      return row;
    },
    async paymentMethod(id: string, tx: Db = db): Promise<SandboxPaymentMethod | undefined> {
      const [row] = await tx.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id)).limit(1);
      return row;
    },
    /** The customer's default card, or their newest when none is marked. */
    async defaultPaymentMethod(customerId: string, tx: Db = db): Promise<SandboxPaymentMethod | undefined> {
      const cards = await this.cardsOf(customerId, tx);
      const customer = await this.customer(customerId, tx);
      return cards.find((c) => c.id === customer?.defaultPaymentMethodId) ?? cards[0];
    },
    async cardsOf(customerId: string, tx: Db = db): Promise<SandboxPaymentMethod[]> {
      return tx
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.customerId, customerId))
        .orderBy(desc(sandboxPaymentMethods.createdAt), desc(sandboxPaymentMethods.id));
    },
    /** The customer's saved card with this fingerprint, if any (a card is saved once per fingerprint). */
    async cardByFingerprint(
      customerId: string,
      fingerprint: string,
      tx: Db = db,
    ): Promise<SandboxPaymentMethod | undefined> {
      const [row] = await tx
        .select()
        .from(sandboxPaymentMethods)
        .where(
          and(eq(sandboxPaymentMethods.customerId, customerId), eq(sandboxPaymentMethods.fingerprint, fingerprint)),
        )
        .orderBy(asc(sandboxPaymentMethods.createdAt), asc(sandboxPaymentMethods.id))
        .limit(1);
      return row;
    },
    async insertPaymentMethod(values: typeof sandboxPaymentMethods.$inferInsert, tx: Db = db): Promise<void> {
      await tx.insert(sandboxPaymentMethods).values(values);
    },
    /** Attaches a card to a customer (a card attached elsewhere stays there) and makes it the default. */
    async attach(customerId: string, paymentMethodId: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(sandboxPaymentMethods)
        .set({ customerId })
        .where(
          and(
            eq(sandboxPaymentMethods.id, paymentMethodId),
            or(isNull(sandboxPaymentMethods.customerId), eq(sandboxPaymentMethods.customerId, customerId)),
          ),
        )
        .returning({ id: sandboxPaymentMethods.id });
      if (rows.length === 0) return false;
      await tx
        .update(sandboxCustomers)
        .set({ defaultPaymentMethodId: paymentMethodId })
        .where(eq(sandboxCustomers.id, customerId));
      return true;
    },

    /**
     * Takes back a card whose authentication the fan refused, unless a payment with it ever passed authentication:
     * the sandbox folds a card's setup-time authentication into its first payment, and a card that did not pass
     * setup is not saved (Stripe keeps no card from a failed SetupIntent). The default moves to the newest other card.
     */
    async detachUnproven(paymentMethodId: string, tx: Db = db): Promise<void> {
      const [proven] = await tx
        .select({ id: sandboxPaymentIntents.id })
        .from(sandboxPaymentIntents)
        .where(
          and(
            eq(sandboxPaymentIntents.paymentMethodId, paymentMethodId),
            inArray(sandboxPaymentIntents.status, ['processing', 'succeeded']),
          ),
        )
        .limit(1);
      if (proven) return;
      const card = await this.paymentMethod(paymentMethodId, tx);
      if (!card?.customerId) return;
      await tx
        .update(sandboxPaymentMethods)
        .set({ customerId: null })
        .where(eq(sandboxPaymentMethods.id, paymentMethodId));
      const customer = await this.customer(card.customerId, tx);
      if (customer?.defaultPaymentMethodId !== paymentMethodId) return;
      const [next] = await this.cardsOf(card.customerId, tx);
      await tx
        .update(sandboxCustomers)
        .set({ defaultPaymentMethodId: next?.id ?? null })
        .where(eq(sandboxCustomers.id, card.customerId));
    },

    async insertSetupIntent(values: typeof sandboxSetupIntents.$inferInsert, tx: Db = db): Promise<void> {
      await tx.insert(sandboxSetupIntents).values(values);
    },
    async setupIntentBySecret(clientSecret: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(sandboxSetupIntents)
        .where(eq(sandboxSetupIntents.clientSecret, clientSecret))
        .limit(1);
      return row;
    },
    async completeSetupIntent(id: string, paymentMethodId: string, tx: Db = db): Promise<void> {
      await tx
        .update(sandboxSetupIntents)
        .set({ status: 'succeeded', paymentMethodId })
        .where(eq(sandboxSetupIntents.id, id));
    },

    /** Inserts an intent unless one with its idempotency key exists; returns the one that holds the key. */
    async insertPaymentIntent(
      values: NewSandboxPaymentIntent,
      tx: Db = db,
    ): Promise<{ row: SandboxPaymentIntent; created: boolean }> {
      const [row] = await tx.insert(sandboxPaymentIntents).values(values).onConflictDoNothing().returning();
      if (row) return { row, created: true };
      const [existing] = await tx
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.idempotencyKey, values.idempotencyKey ?? ''))
        .limit(1);
      if (!existing) throw new Error('sandbox payment intent vanished');
      return { row: existing, created: false };
    },
    async paymentIntent(id: string, tx: Db = db): Promise<SandboxPaymentIntent | undefined> {
      const [row] = await tx.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)).limit(1);
      return row;
    },
    async paymentIntentByKey(idempotencyKey: string, tx: Db = db): Promise<SandboxPaymentIntent | undefined> {
      const [row] = await tx
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.idempotencyKey, idempotencyKey))
        .limit(1);
      return row;
    },
    /** Moves an intent on only from the status it is expected in, so two settlers never settle one twice. */
    async transition(
      id: string,
      from: string,
      to: { status: string; lastError?: string | null; settleAt?: Date | null },
      tx: Db = db,
    ): Promise<SandboxPaymentIntent | undefined> {
      const [row] = await tx
        .update(sandboxPaymentIntents)
        .set({ ...to, updatedAt: new Date() })
        .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, from)))
        .returning();
      return row;
    },
    /** Processing intents whose confirmation is due, locked for this settler. */
    async dueProcessing(now: Date, limit: number, tx: Db): Promise<SandboxPaymentIntent[]> {
      return tx
        .select()
        .from(sandboxPaymentIntents)
        .where(and(eq(sandboxPaymentIntents.status, 'processing'), lte(sandboxPaymentIntents.settleAt, now)))
        .orderBy(asc(sandboxPaymentIntents.settleAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },
    async nextSettleAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | string | null>`min(${sandboxPaymentIntents.settleAt})` })
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.status, 'processing'));
      return row?.at ? new Date(row.at) : null;
    },
  };
}
export type SandboxStore = ReturnType<typeof createSandboxStore>;
