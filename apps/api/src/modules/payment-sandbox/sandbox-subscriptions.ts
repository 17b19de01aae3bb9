import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PaymentProvider, PaymentResult, StripeLikeEvent, SubscriptionResult } from '../payments';
import { sandboxErrors } from './payment-sandbox.errors';
import {
  type SandboxCardBehavior,
  sandboxEvents,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxSubscriptions,
} from './sandbox.table';

export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
/**
 * Writes one Stripe-shaped event in the caller's transaction; the sandbox's sender signs and delivers it. The same
 * signature as the sandbox core's `emitSandboxEvent`, so either serves.
 */
export type EmitSandboxEvent = (tx: Db, type: string, object: Record<string, unknown>) => Promise<string>;

const DAY_MS = 86_400_000;
const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** Ids derived from what they name, so a step repeated after a crash writes the same rows, not new ones. */
export const derivedId = (prefix: string, ...parts: string[]) =>
  `${prefix}_${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)}`;

/** Monthly plans renew every 30 days, annual ones every 12 calendar months (spec section 9). */
export function addPeriods(from: Date, interval: 'month' | 'year', count: number): Date {
  if (interval === 'month') return new Date(from.getTime() + 30 * count * DAY_MS);
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 12 * count);
  // 29 February plus a year is 28 February, as Stripe bills it, not 1 March.
  if (next.getUTCDate() !== from.getUTCDate()) next.setUTCDate(0);
  return next;
}

/** The default emitter: a row in `sandbox_events`, the same transaction as the change it reports. */
export const emitSandboxEvent: EmitSandboxEvent = async (tx, type, object) => {
  // The id follows the object and its state, so a repeated step cannot send the same news twice.
  const id = derivedId('evt', type, String(object.id), String(object.attempt_count ?? ''), String(object.status));
  // Sent at once by the real clock, whatever time the billing clock was asked about (tests move that one).
  const event: StripeLikeEvent = { id, object: 'event', type, created: unix(new Date()) ?? 0, data: { object } };
  await tx
    .insert(sandboxEvents)
    .values({ id, type, payload: event as unknown as Record<string, unknown> })
    .onConflictDoNothing();
  return id;
};

/** Stripe's Subscription object, the fields the mapper and the portal read. */
export const subscriptionObject = (s: SandboxSubscriptionRow): Record<string, unknown> => ({
  id: s.id,
  object: 'subscription',
  customer: s.customerId,
  status: s.status,
  trial_end: unix(s.trialEnd),
  current_period_end: unix(s.currentPeriodEnd),
  cancel_at_period_end: s.cancelAtPeriodEnd,
  metadata: s.metadata,
});

type Card = { brand: string; last4: string; behavior: SandboxCardBehavior };

/** Stripe's Invoice object for one period of a subscription. */
export function invoiceObject(
  s: SandboxSubscriptionRow,
  inv: {
    id: string;
    reason: 'subscription_create' | 'subscription_cycle';
    paid: boolean;
    attempt: number;
    nextAttemptAt: Date | null;
    periodStart: Date;
    periodEnd: Date;
    paymentIntentId: string;
    card: Card | null;
    message: string | null;
  },
): Record<string, unknown> {
  return {
    id: inv.id,
    object: 'invoice',
    customer: s.customerId,
    subscription: s.id,
    status: inv.paid ? 'paid' : 'open',
    amount_due: s.amount,
    amount_paid: inv.paid ? s.amount : 0,
    currency: s.currency,
    billing_reason: inv.reason,
    attempt_count: inv.attempt,
    next_payment_attempt: unix(inv.nextAttemptAt),
    payment_intent: inv.paymentIntentId,
    lines: { data: [{ period: { start: unix(inv.periodStart), end: unix(inv.periodEnd) } }] },
    ...(inv.card ? { payment_method_details: { card: { brand: inv.card.brand, last4: inv.card.last4 } } } : {}),
    ...(inv.message ? { last_finalization_error: { message: inv.message } } : {}),
    metadata: s.metadata,
  };
}

/** What charging a card does, by its test number (4242 pays; 0002 and 0341 fail; 3184 off-session fails too). */
export function chargeOutcome(behavior: SandboxCardBehavior, onSession: boolean): 'paid' | 'failed' | 'action' {
  if (behavior === 'succeed') return 'paid';
  if (behavior === 'authenticate') return onSession ? 'action' : 'failed';
  return 'failed';
}
export const DECLINED = 'Your card was declined.';

export async function cardOf(tx: Db, paymentMethodId: string): Promise<Card | null> {
  const [pm] = await tx
    .select({
      brand: sandboxPaymentMethods.brand,
      last4: sandboxPaymentMethods.last4,
      behavior: sandboxPaymentMethods.behavior,
    })
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.id, paymentMethodId))
    .limit(1);
  return pm ?? null;
}

/** One attempt to pay an invoice: a payment intent row, as Stripe makes one per invoice payment. */
export async function insertInvoicePayment(
  tx: Db,
  s: SandboxSubscriptionRow,
  invoiceId: string,
  attempt: number,
  status: 'succeeded' | 'requires_payment_method' | 'requires_action',
  now: Date,
  /** Where the challenge page returns to, for a first invoice that needs the fan's authentication. */
  returnUrl: string | null = null,
): Promise<typeof sandboxPaymentIntents.$inferSelect> {
  const id = derivedId('pi', invoiceId, String(attempt));
  const [row] = await tx
    .insert(sandboxPaymentIntents)
    .values({
      id,
      clientSecret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      customerId: s.customerId,
      amount: s.amount,
      currency: s.currency,
      status,
      paymentMethodId: s.paymentMethodId,
      idempotencyKey: `invoice:${invoiceId}:${attempt}`,
      metadata: { ...s.metadata, invoice: invoiceId, subscription: s.id },
      lastError: status === 'succeeded' ? null : DECLINED,
      returnUrl,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const [existing] = await tx.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
  if (!existing) throw new Error(`sandbox payment ${id} vanished`);
  return existing;
}

/**
 * A first invoice that waited for the card's authentication: once the sandbox settled its payment (approved, or
 * refused), the subscription becomes active with `invoice.paid`, or ends with `invoice.payment_failed`. On a row
 * locked by the caller; false while the payment still waits.
 */
export async function settleFirstInvoice(tx: Db, s: SandboxSubscriptionRow, emit: EmitSandboxEvent): Promise<boolean> {
  if (s.status !== 'incomplete') return false;
  const invoiceId = derivedId('in', s.id, 'create');
  const [pi] = await tx
    .select()
    .from(sandboxPaymentIntents)
    .where(sql`${sandboxPaymentIntents.metadata}->>'invoice' = ${invoiceId}`)
    .limit(1);
  if (!pi || (pi.status !== 'succeeded' && pi.status !== 'requires_payment_method')) return false;
  const paid = pi.status === 'succeeded';
  const [after] = await tx
    .update(sandboxSubscriptions)
    .set({ status: paid ? 'active' : 'incomplete_expired' })
    .where(and(eq(sandboxSubscriptions.id, s.id), eq(sandboxSubscriptions.status, 'incomplete')))
    .returning();
  if (!after) return false;
  const invoice = invoiceObject(after, {
    id: invoiceId,
    reason: 'subscription_create',
    paid,
    attempt: 1,
    nextAttemptAt: null,
    periodStart: after.createdAt,
    periodEnd: after.currentPeriodEnd,
    paymentIntentId: pi.id,
    card: await cardOf(tx, after.paymentMethodId),
    message: paid ? null : (pi.lastError ?? DECLINED),
  });
  await emit(tx, paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
  return true;
}

/**
 * `keyId`: the fan's signed-in session (api key) the link was opened from. The portal asks whether it is still
 * live on every request, so the link ends with the session (sign-out, a password change), not 30 minutes later.
 */
type PortalSession = { customerId: string; returnUrl: string; keyId: number | null };

/** The portal's session id: the customer and where to go back, signed and short-lived (Stripe's are too). */
export function createPortalSessions(secret: string, ttlMs = 30 * 60_000) {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('base64url');
  return {
    issue(session: PortalSession, now = new Date()): string {
      const body = Buffer.from(
        JSON.stringify({ c: session.customerId, r: session.returnUrl, k: session.keyId, e: now.getTime() + ttlMs }),
      ).toString('base64url');
      return `bps_${body}.${sign(body)}`;
    },
    verify(token: string, now = new Date()): PortalSession | null {
      const m = /^bps_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
      if (!m?.[1] || !m[2]) return null;
      const expected = Buffer.from(sign(m[1]));
      const given = Buffer.from(m[2]);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const v = JSON.parse(Buffer.from(m[1], 'base64url').toString()) as {
          c: string;
          r: string;
          k?: number | null;
          e: number;
        };
        return v.e > now.getTime() ? { customerId: v.c, returnUrl: v.r, keyId: v.k ?? null } : null;
      } catch {
        return null;
      }
    },
  };
}
export type PortalSessions = ReturnType<typeof createPortalSessions>;

export type SandboxSubscriptionsDeps = {
  db: Db;
  portal: PortalSessions;
  /** Where the portal page is served (this server's origin); defaults to the return URL's origin. */
  portalOrigin?: string;
  emit?: EmitSandboxEvent;
  /** Where a card's authentication step is (the sandbox's challenge page); without it 3184 pays like 4242. */
  challengeUrl?: (payment: { id: string; clientSecret: string }, returnUrl: string) => string;
  now?: () => Date;
};

/**
 * The sandbox's subscriptions, with Stripe's semantics: a trial starts with no charge; without one the first
 * invoice is charged now. Renewals, retries and ends are the billing clock's (`sandbox-billing.ts`).
 */
export function createSandboxSubscriptions(
  deps: SandboxSubscriptionsDeps,
): Pick<PaymentProvider, 'createSubscription' | 'cancelSubscription' | 'endSubscriptionNow' | 'customerPortalUrl'> {
  const { db, portal } = deps;
  const emit = deps.emit ?? emitSandboxEvent;
  const clock = deps.now ?? (() => new Date());

  async function resultOf(tx: Db, s: SandboxSubscriptionRow, returnUrl: string): Promise<SubscriptionResult> {
    const [pi] = await tx
      .select()
      .from(sandboxPaymentIntents)
      // The first invoice's payment only: a trial's later renewals are not this call's answer.
      .where(sql`${sandboxPaymentIntents.metadata}->>'invoice' = ${derivedId('in', s.id, 'create')}`)
      .limit(1);
    const card = await cardOf(tx, s.paymentMethodId);
    const payment: PaymentResult | null = pi
      ? {
          id: pi.id,
          clientSecret: pi.clientSecret,
          status:
            pi.status === 'succeeded' || pi.status === 'processing' || pi.status === 'requires_action'
              ? pi.status
              : 'failed',
          nextActionUrl: pi.status === 'requires_action' && deps.challengeUrl ? deps.challengeUrl(pi, returnUrl) : null,
          failureMessage: pi.lastError,
          card: card ? { brand: card.brand, last4: card.last4 } : null,
        }
      : null;
    const status: SubscriptionResult['status'] =
      s.status === 'trialing' || s.status === 'active' ? s.status : s.status === 'incomplete' ? 'incomplete' : 'failed';
    return { id: s.id, status, payment, trialEnd: s.trialEnd, currentPeriodEnd: s.currentPeriodEnd };
  }

  async function setStatus(id: string, change: Partial<SandboxSubscriptionRow>, eventType: string | null) {
    await db.transaction(async (tx) => {
      const [s] = await tx.update(sandboxSubscriptions).set(change).where(eq(sandboxSubscriptions.id, id)).returning();
      if (!s) throw sandboxErrors.notFound();
      if (eventType) await emit(tx, eventType, subscriptionObject(s));
    });
  }

  return {
    async createSubscription(input) {
      // Stripe's times are whole seconds: the periods the events carry then equal the ones stored here.
      const now = new Date(Math.floor(clock().getTime() / 1000) * 1000);
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(sandboxSubscriptions)
          .where(eq(sandboxSubscriptions.idempotencyKey, input.idempotencyKey))
          .limit(1);
        if (existing) return resultOf(tx, existing, input.returnUrl);
        const card = await cardOf(tx, input.paymentMethodId);
        const [pm] = await tx
          .select({ customerId: sandboxPaymentMethods.customerId })
          .from(sandboxPaymentMethods)
          .where(eq(sandboxPaymentMethods.id, input.paymentMethodId));
        if (!card || pm?.customerId !== input.customerId) {
          throw sandboxErrors.subscriptionPaymentMethodInvalid();
        }
        const trial = input.trialDays && input.trialDays > 0 ? input.trialDays : null;
        const trialEnd = trial ? new Date(now.getTime() + trial * DAY_MS) : null;
        const periodEnd = trialEnd ?? addPeriods(now, input.interval, input.intervalCount);
        const outcome = trial ? 'paid' : chargeOutcome(card.behavior, true);
        const action = outcome === 'action' && deps.challengeUrl !== undefined;
        const paid = outcome === 'paid' || (outcome === 'action' && !action);
        const [s] = await tx
          .insert(sandboxSubscriptions)
          .values({
            id: randomId('sub'),
            customerId: input.customerId,
            paymentMethodId: input.paymentMethodId,
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            interval: input.interval,
            intervalCount: input.intervalCount,
            // `incomplete` waits for the card's authentication; a refused first charge ends the subscription at once.
            status: trial ? 'trialing' : paid ? 'active' : action ? 'incomplete' : 'incomplete_expired',
            trialEnd,
            currentPeriodEnd: periodEnd,
            idempotencyKey: input.idempotencyKey,
            metadata: { ...input.metadata, description: input.description },
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!s) {
          // A concurrent call with the same key won the insert: answer with its subscription.
          const [other] = await tx
            .select()
            .from(sandboxSubscriptions)
            .where(eq(sandboxSubscriptions.idempotencyKey, input.idempotencyKey));
          if (!other) throw new Error('sandbox subscription vanished');
          return resultOf(tx, other, input.returnUrl);
        }
        if (!trial) {
          const invoiceId = derivedId('in', s.id, 'create');
          const pi = await insertInvoicePayment(
            tx,
            s,
            invoiceId,
            1,
            paid ? 'succeeded' : action ? 'requires_action' : 'requires_payment_method',
            now,
            input.returnUrl,
          );
          if (!action) {
            const invoice = invoiceObject(s, {
              id: invoiceId,
              reason: 'subscription_create',
              paid,
              attempt: 1,
              nextAttemptAt: null,
              periodStart: now,
              periodEnd,
              paymentIntentId: pi.id,
              card,
              message: paid ? null : DECLINED,
            });
            await emit(tx, paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
          }
        }
        return resultOf(tx, s, input.returnUrl);
      });
    },

    async cancelSubscription(subscriptionId) {
      // Stripe's cancel_at_period_end: nothing ends now; the billing clock ends it at the period's end.
      await setStatus(subscriptionId, { cancelAtPeriodEnd: true }, null);
    },

    async endSubscriptionNow(subscriptionId) {
      const [s] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subscriptionId));
      if (!s) throw sandboxErrors.notFound();
      if (s.status === 'canceled') return;
      await setStatus(subscriptionId, { status: 'canceled', nextAttemptAt: null }, 'customer.subscription.deleted');
    },

    async customerPortalUrl(customerId, returnUrl, options) {
      const origin = deps.portalOrigin ?? new URL(returnUrl).origin;
      const keyId = options?.sessionKeyId ?? null;
      return `${origin}/sandbox-pay/portal/${portal.issue({ customerId, returnUrl, keyId }, clock())}`;
    },
  };
}
export type SandboxSubscriptions = ReturnType<typeof createSandboxSubscriptions>;
