import { and, asc, eq, inArray, isNull, lte, min, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { StripeLikeEvent } from '../payments';
import { signWebhook } from '../payments';
import { sandboxEvents } from './sandbox.table';
import { sandboxId } from './sandbox-ids';

/**
 * Queues a Stripe-shaped event (`payment_intent.succeeded`, `invoice.paid`, …; shapes in `../stripe-events.ts`)
 * in the caller's transaction, so the event exists exactly when the change it reports commits. The sender
 * delivers it to the webhook later. Returns the event id (`evt_…`).
 */
export async function emitSandboxEvent(tx: Db, type: string, object: Record<string, unknown>): Promise<string> {
  const id = sandboxId('evt');
  const event: StripeLikeEvent = {
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  };
  await tx.insert(sandboxEvents).values({ id, type, payload: event });
  return id;
}
export type SandboxEmit = typeof emitSandboxEvent;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
/** How long a sender holds an event it is delivering; a crashed sender's events come back after it. */
const LEASE_MS = 60_000;
const BATCH = 16;

/**
 * Delivers due events to the webhook as Stripe does: signed with the webhook secret, retried with doubling
 * back-off until the endpoint answers 2xx. `post` sends the raw body and its signature header and gives the status.
 */
export function createSandboxEventSender({
  db,
  secret,
  post,
  log,
  retryBaseMs = 250,
  maxRetryMs = 10 * 60_000,
}: {
  db: Db;
  secret: string;
  post: (body: string, signature: string) => Promise<number>;
  log: Log;
  retryBaseMs?: number;
  maxRetryMs?: number;
}) {
  const backoff = (attempts: number) => Math.min(maxRetryMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));

  const claim = (now: Date) =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({ id: sandboxEvents.id })
        .from(sandboxEvents)
        .where(and(isNull(sandboxEvents.deliveredAt), lte(sandboxEvents.nextAttemptAt, now)))
        .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(sandboxEvents)
        .set({ attempts: sql`${sandboxEvents.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(
          inArray(
            sandboxEvents.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });

  async function deliver(row: typeof sandboxEvents.$inferSelect) {
    const body = JSON.stringify(row.payload);
    let status = 0;
    try {
      status = await post(body, signWebhook(body, secret));
    } catch (err) {
      log.warn({ err, event: row.id }, 'sandbox webhook delivery failed');
    }
    if (status >= 200 && status < 300) {
      await db.update(sandboxEvents).set({ deliveredAt: new Date() }).where(eq(sandboxEvents.id, row.id));
      return;
    }
    const retryAt = new Date(Date.now() + backoff(row.attempts));
    log.warn(
      { event: row.id, status, attempts: row.attempts, retryAt },
      'sandbox webhook not acknowledged, will retry',
    );
    await db.update(sandboxEvents).set({ nextAttemptAt: retryAt }).where(eq(sandboxEvents.id, row.id));
  }

  return {
    /** Delivers every due event, oldest first (a payment's events arrive in the order they happened). */
    async deliverDue(): Promise<number> {
      let sent = 0;
      for (;;) {
        const rows = await claim(new Date());
        if (rows.length === 0) return sent;
        for (const row of rows) await deliver(row);
        sent += rows.length;
      }
    },
    async nextDueAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: min(sandboxEvents.nextAttemptAt) })
        .from(sandboxEvents)
        .where(isNull(sandboxEvents.deliveredAt));
      return row?.at ? new Date(row.at) : null;
    },
    /** PGlite has one process: events a killed sender had leased are due again at start. */
    async takeBackLeases(): Promise<void> {
      await db
        .update(sandboxEvents)
        .set({ nextAttemptAt: new Date() })
        .where(and(isNull(sandboxEvents.deliveredAt), sql`${sandboxEvents.nextAttemptAt} > now()`));
    },
  };
}
export type SandboxEventSender = ReturnType<typeof createSandboxEventSender>;
