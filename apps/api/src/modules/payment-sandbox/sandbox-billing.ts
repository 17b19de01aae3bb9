import { and, eq, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxSubscriptions } from './sandbox.table';
import {
  addPeriods,
  cardOf,
  chargeOutcome,
  DECLINED,
  derivedId,
  type EmitSandboxEvent,
  emitSandboxEvent,
  insertInvoicePayment,
  invoiceObject,
  type SandboxSubscriptionRow,
  settleFirstInvoice,
  subscriptionObject,
} from './sandbox-subscriptions';

const DAY_MS = 86_400_000;
/** Stripe sends trial_will_end three days before a trial ends. */
const TRIAL_NOTICE_MS = 3 * DAY_MS;
/** A failed renewal is tried again this many days after the first failure; after the last, the plan ends. */
export const RETRY_AFTER_DAYS = [1, 3, 5] as const;
/** Enough for a server that was off for years to catch up, small enough to stop a runaway loop. */
const MAX_ROUNDS = 200;

type Step = 'first_invoice' | 'trial_notice' | 'end' | 'charge' | 'retry';

/** What is due for one subscription now, if anything. Ending at period end wins over charging. */
function dueStep(s: SandboxSubscriptionRow, now: Date): Step | null {
  if (s.status === 'incomplete') return 'first_invoice';
  const live = s.status === 'trialing' || s.status === 'active' || s.status === 'past_due';
  if (!live) return null;
  const periodOver = s.currentPeriodEnd.getTime() <= now.getTime();
  if (s.cancelAtPeriodEnd && periodOver) return 'end';
  if (s.cancelAtPeriodEnd) return null;
  if (s.status === 'past_due') return s.nextAttemptAt && s.nextAttemptAt <= now ? 'retry' : null;
  if (periodOver) return 'charge';
  if (
    s.status === 'trialing' &&
    !s.trialWillEndSent &&
    s.trialEnd &&
    s.trialEnd.getTime() - TRIAL_NOTICE_MS <= now.getTime()
  ) {
    return 'trial_notice';
  }
  return null;
}

/**
 * The sandbox's billing clock, Stripe's side of renewals: trial notices, charges at trial or period end, retries of
 * failed charges (after 1, 3 and 5 days) and ends; also first invoices whose payment waited for authentication and
 * has since been settled (call `runDue` after the sandbox settles a payment to send their news at once). Each step is one transaction with the event it sends, on a row
 * locked for the step, so two runs at once or a run repeated after a crash do each thing once.
 */
export function createSandboxBilling({ db, emit = emitSandboxEvent }: { db: Db; emit?: EmitSandboxEvent }) {
  async function charge(tx: Db, s: SandboxSubscriptionRow, attempt: number, now: Date) {
    // One invoice per period: its id follows the period it opens, so retries pay the same invoice.
    const invoiceId = derivedId('in', s.id, s.currentPeriodEnd.toISOString());
    const card = await cardOf(tx, s.paymentMethodId);
    const paid = card !== null && chargeOutcome(card.behavior, false) === 'paid';
    const pi = await insertInvoicePayment(
      tx,
      s,
      invoiceId,
      attempt,
      paid ? 'succeeded' : 'requires_payment_method',
      now,
    );
    const periodEnd = addPeriods(s.currentPeriodEnd, s.interval, s.intervalCount);
    // Retries count from when the charge first fell due, so a moved clock sees the same schedule.
    const retryDays = RETRY_AFTER_DAYS[attempt - 1];
    const nextAttemptAt = !paid && retryDays ? new Date(s.currentPeriodEnd.getTime() + retryDays * DAY_MS) : null;
    const invoice = invoiceObject(s, {
      id: invoiceId,
      reason: 'subscription_cycle',
      paid,
      attempt,
      nextAttemptAt,
      periodStart: s.currentPeriodEnd,
      periodEnd,
      paymentIntentId: pi.id,
      card,
      message: paid ? null : DECLINED,
    });
    if (paid) {
      await tx
        .update(sandboxSubscriptions)
        .set({ status: 'active', currentPeriodEnd: periodEnd, failedAttempts: 0, nextAttemptAt: null })
        .where(eq(sandboxSubscriptions.id, s.id));
      await emit(tx, 'invoice.paid', invoice);
      return;
    }
    await emit(tx, 'invoice.payment_failed', invoice);
    if (nextAttemptAt) {
      await tx
        .update(sandboxSubscriptions)
        .set({ status: 'past_due', failedAttempts: attempt, nextAttemptAt })
        .where(eq(sandboxSubscriptions.id, s.id));
      return;
    }
    const [ended] = await tx
      .update(sandboxSubscriptions)
      .set({ status: 'canceled', failedAttempts: attempt, nextAttemptAt: null })
      .where(eq(sandboxSubscriptions.id, s.id))
      .returning();
    if (ended) await emit(tx, 'customer.subscription.deleted', subscriptionObject(ended));
  }

  /** Does one due step for one subscription; false when another run holds it or nothing is due any more. */
  async function step(id: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [s] = await tx
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.id, id))
        .for('update', { skipLocked: true });
      const due = s ? dueStep(s, now) : null;
      if (!s || !due) return false;
      if (due === 'first_invoice') return settleFirstInvoice(tx, s, emit);
      if (due === 'trial_notice') {
        const [noted] = await tx
          .update(sandboxSubscriptions)
          .set({ trialWillEndSent: true })
          .where(eq(sandboxSubscriptions.id, s.id))
          .returning();
        if (noted) await emit(tx, 'customer.subscription.trial_will_end', subscriptionObject(noted));
      } else if (due === 'end') {
        const [ended] = await tx
          .update(sandboxSubscriptions)
          .set({ status: 'canceled', nextAttemptAt: null })
          .where(eq(sandboxSubscriptions.id, s.id))
          .returning();
        if (ended) await emit(tx, 'customer.subscription.deleted', subscriptionObject(ended));
      } else {
        await charge(tx, s, due === 'retry' ? s.failedAttempts + 1 : 1, now);
      }
      return true;
    });
  }

  return {
    /** Acts on everything due at `now` (tests pass a future date to move the clock); the number of steps done. */
    async runDue(now: Date): Promise<number> {
      const horizon = new Date(now.getTime() + TRIAL_NOTICE_MS);
      let done = 0;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const candidates = await db
          .select({ id: sandboxSubscriptions.id })
          .from(sandboxSubscriptions)
          .where(
            and(
              inArray(sandboxSubscriptions.status, ['incomplete', 'trialing', 'active', 'past_due']),
              // The same conditions as dueStep, so rows with nothing to do never crowd out the rest.
              or(
                eq(sandboxSubscriptions.status, 'incomplete'),
                and(ne(sandboxSubscriptions.status, 'past_due'), lte(sandboxSubscriptions.currentPeriodEnd, now)),
                and(eq(sandboxSubscriptions.cancelAtPeriodEnd, true), lte(sandboxSubscriptions.currentPeriodEnd, now)),
                and(
                  eq(sandboxSubscriptions.cancelAtPeriodEnd, false),
                  isNotNull(sandboxSubscriptions.nextAttemptAt),
                  lte(sandboxSubscriptions.nextAttemptAt, now),
                ),
                and(
                  eq(sandboxSubscriptions.status, 'trialing'),
                  eq(sandboxSubscriptions.cancelAtPeriodEnd, false),
                  eq(sandboxSubscriptions.trialWillEndSent, false),
                  lte(sandboxSubscriptions.trialEnd, horizon),
                ),
              ),
            ),
          )
          .orderBy(sql`${sandboxSubscriptions.currentPeriodEnd}`)
          .limit(100);
        let acted = 0;
        for (const { id } of candidates) if (await step(id, now)) acted++;
        done += acted;
        // A step may make another due (a plan years behind renews once per round); stop when a round does nothing.
        if (acted === 0) return done;
      }
      return done;
    },
  };
}
export type SandboxBilling = ReturnType<typeof createSandboxBilling>;
