import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { createCache } from '../../src/lib/cache';
import { users } from '../../src/modules/auth/users.table';
import { eventCategories, participants } from '../../src/modules/catalog/catalog.table';
import type { Channel } from '../../src/modules/channel/channel.service';
import { coupons, orderItems, orders } from '../../src/modules/commerce/orders.table';
import { passes } from '../../src/modules/commerce/passes.table';
import { events } from '../../src/modules/events/events.table';
import { createKeysRepository } from '../../src/modules/keys/keys.repository';
import { createKeysService } from '../../src/modules/keys/keys.service';
import { emitSandboxEvent } from '../../src/modules/payment-sandbox/sandbox-events';
import type { SandboxSubscriptions } from '../../src/modules/payment-sandbox/sandbox-provider';
import { caller, createTestApp, type Inject, type TestApp } from './test-app';
import type { DbKind } from './test-database';

/** The test cards, by Stripe's numbers. */
export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authenticate: '4000 0027 6000 3184',
  failLater: '4000 0000 0000 0341',
  mastercard: '5555 5555 5555 4444',
} as const;

export const HEARTLAND = 1;

/** A signed-in fan of the heartland channel: a verified account and a key, made directly (no mail round trip). */
export async function newBuyer(t: TestApp, label = 'buyer'): Promise<{ key: string; userId: number }> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.org`;
  const [user] = await t.database.db
    .insert(users)
    .values({
      channelId: HEARTLAND,
      email,
      firstName: 'Test',
      lastName: 'Buyer',
      emailVerifiedAt: new Date(),
      termsAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const keys = createKeysService({
    repo: createKeysRepository({ db: t.database.db }),
    ttlDays: 1,
    cache: createCache({ ttlMs: 0 }),
  });
  const issued = await keys.issue({ id: HEARTLAND } as Channel, user.id);
  return { key: issued.api_key, userId: user.id };
}

/**
 * Saves a card the way the browser does: setup intent, tokenise at the sandbox, confirm. Returns the `pm_…` the
 * confirmation answers (the customer's already saved card when the same card is entered again).
 */
export async function saveCard(call: Inject, key: string, number: string = CARDS.ok): Promise<string> {
  const intent = await call({ method: 'POST', url: '/api/stripe/setup-intent', key });
  expect(intent.statusCode).toBe(200);
  const { client_secret, publishable_key, sandbox_url } = intent.json().data;
  const pm = await call({
    method: 'POST',
    url: `${sandbox_url}/v1/payment_methods`,
    body: { key: publishable_key, card: { number, exp_month: 12, exp_year: 2040, cvc: '123' } },
  });
  expect(pm.statusCode).toBe(200);
  const setupId = String(client_secret).split('_secret_')[0];
  const confirm = await call({
    method: 'POST',
    url: `${sandbox_url}/v1/setup_intents/${setupId}/confirm`,
    body: { client_secret, payment_method: pm.json().id },
  });
  expect(confirm.statusCode).toBe(200);
  return confirm.json().payment_method;
}

export type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;

/** Passes, coupons and priced games of known shape on the heartland channel, for the commerce suites. */
export async function seedCatalogue(t: TestApp) {
  const db = t.database.db;
  const cats = await db
    .select({ id: eventCategories.id })
    .from(eventCategories)
    .where(eq(eventCategories.channelId, HEARTLAND))
    .orderBy(eventCategories.id);
  const [c1, c2, c3] = cats.map((c) => c.id) as [number, number, number];
  const teams = await db
    .select({ id: participants.id })
    .from(participants)
    .where(eq(participants.channelId, HEARTLAND))
    .orderBy(participants.id)
    .limit(2);
  const [p1, p2] = teams.map((p) => p.id) as [number, number];
  const insert = async (
    values: Partial<typeof passes.$inferInsert> & { name: string; kind: 'package' | 'subscription' },
  ) => {
    const [row] = await db
      .insert(passes)
      .values({ channelId: HEARTLAND, basePriceCents: 0, ...values })
      .returning();
    if (!row) throw new Error('no pass');
    return row;
  };
  const single = await insert({ kind: 'package', name: 'T Single Game', isSingleEvent: true });
  const sports = await insert({
    kind: 'package',
    name: 'T Sports Pass',
    basePriceCents: 3000,
    serviceFeeCents: 100,
    eventCategories: [c1, c2, c3],
    capabilities: ['download'],
    downloadsLimit: 20,
  });
  const team = await insert({
    kind: 'package',
    name: 'T Team Pass',
    basePriceCents: 2000,
    isTeamPass: true,
    participants: [p1, p2],
  });
  const addOn = await insert({
    kind: 'package',
    name: 'T No Ads Add-on',
    basePriceCents: 499,
    passType: 'addition',
    capabilities: ['no_ads'],
  });
  const addOn2 = await insert({ kind: 'package', name: 'T Replay Add-on', basePriceCents: 299, passType: 'addition' });
  const inactive = await insert({ kind: 'package', name: 'T Old Pass', basePriceCents: 1000, active: false });
  const monthly = await insert({
    kind: 'subscription',
    name: 'T Monthly',
    basePriceCents: 1499,
    offer: 'monthly',
    period: 1,
    trialPeriodDays: 30,
    capabilities: ['clipping', 'download_clip'],
  });
  const annual = await insert({
    kind: 'subscription',
    name: 'T Annual',
    basePriceCents: 11999,
    offer: 'annual',
    period: 1,
  });
  const coupon = async (code: string, values: Partial<typeof coupons.$inferInsert>) => {
    await db
      .insert(coupons)
      .values({ channelId: HEARTLAND, code, discountType: 'percent', discountValue: 25, ...values });
  };
  await coupon('PCT25', {});
  await coupon('AMT5', { discountType: 'amount', discountValue: 500 });
  await coupon('OLD10', { validUntil: new Date(Date.now() - 86_400_000) });
  await coupon('TEAMONLY', { passIds: [team.id] });
  await coupon('OFF', { active: false });
  await coupon('FREE100', { discountValue: 100 });
  return { c1, c2, c3, p1, p2, single, sports, team, addOn, addOn2, inactive, monthly, annual };
}

/** A finished game of the access type, priced for the test (paid games cost 4.99 + 0.50 fee). */
export async function pricedGame(t: TestApp, accessType: 'paid' | 'ppv' | 'free', where: { categoryId?: number } = {}) {
  const [row] = await t.database.db
    .select()
    .from(events)
    .where(
      and(
        eq(events.channelId, HEARTLAND),
        eq(events.accessType, accessType),
        eq(events.streamStatus, 'finished'),
        where.categoryId === undefined ? undefined : eq(events.eventCategoryId, where.categoryId),
      ),
    )
    .limit(1);
  if (!row) throw new Error(`no ${accessType} game`);
  await t.database.db.update(events).set({ basePriceCents: 499, serviceFeeCents: 50 }).where(eq(events.id, row.id));
  return { ...row, basePriceCents: 499, serviceFeeCents: 50 };
}

/** A fresh checkout key. */
export const checkoutKey = () => `ck_${randomBytes(8).toString('hex')}`;

/** `POST /api/stripe/buy` as the fan with `key`: the checkout's `body`, with a fresh idempotency key. */
export function buy(call: Inject, key: string, body: object) {
  return call({ method: 'POST', url: '/api/stripe/buy', key, body: { idempotency_key: checkoutKey(), ...body } });
}

/** Runs the sandbox's due work until `check` holds (events retried after a 503 wait out their back-off). */
export async function until<T>(t: TestApp, read: () => Promise<T>, check: (v: T) => boolean, ms = 8_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    await t.services.payments.runDue();
    const value = await read();
    if (check(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A stand-in for the sandbox's plans (the plans work writes the real one): a trial starts at once; without one,
 * the first invoice is paid by a queued `invoice.paid` event, as the sandbox's own would be.
 */
export function fakeSandboxSubscriptions(dbOf: () => Db): SandboxSubscriptions & { created: number } {
  const fake = {
    created: 0,
    async createSubscription(input: Parameters<SandboxSubscriptions['createSubscription']>[0]) {
      fake.created++;
      const id = `sub_${input.idempotencyKey}`;
      const now = Date.now();
      if (input.trialDays) {
        const trialEnd = new Date(now + input.trialDays * 86_400_000);
        return { id, status: 'trialing' as const, payment: null, trialEnd, currentPeriodEnd: trialEnd };
      }
      const periodEnd = new Date(now + 30 * 86_400_000);
      await dbOf().transaction(async (tx) => {
        await emitSandboxEvent(tx, 'invoice.paid', {
          id: `in_${input.idempotencyKey}`,
          object: 'invoice',
          subscription: id,
          amount_paid: input.amount,
          amount_due: input.amount,
          currency: input.currency.toLowerCase(),
          billing_reason: 'subscription_create',
          attempt_count: 1,
          next_payment_attempt: null,
          lines: { data: [{ period: { end: Math.floor(periodEnd.getTime() / 1000) } }] },
          payment_method_details: { card: { brand: 'visa', last4: '4242' } },
        });
      });
      return {
        id,
        status: 'incomplete' as const,
        payment: {
          id: `pi_${input.idempotencyKey}`,
          clientSecret: 'x',
          status: 'processing' as const,
          nextActionUrl: null,
          failureMessage: null,
          card: null,
        },
        trialEnd: null,
        currentPeriodEnd: periodEnd,
      };
    },
    cancelSubscription: async () => {},
    endSubscriptionNow: async () => {},
    customerPortalUrl: async () => '/profile',
  };
  return fake;
}

/**
 * Gives a user an active paid order for one of their channel's passes (by name), as a finished checkout leaves it,
 * without going through a payment. Returns the pass, for its capabilities and limits.
 */
export async function grantPass(db: Db, userId: number, passName: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  const [pass] = await db
    .select()
    .from(passes)
    .where(and(eq(passes.channelId, user.channelId), eq(passes.name, passName)));
  if (!pass) throw new Error(`no pass named ${passName}`);
  const [order] = await db
    .insert(orders)
    .values({
      channelId: user.channelId,
      userId,
      type: 'package',
      passId: pass.id,
      name: pass.name,
      status: 'Paid',
      activityStatus: 'Active',
      subtotalCents: pass.basePriceCents,
      amountCents: pass.basePriceCents,
      currency: 'USD',
      idempotencyKey: checkoutKey(),
      provider: 'sandbox',
      paidAt: new Date(),
    })
    .returning();
  if (!order) throw new Error('no order');
  await db.insert(orderItems).values({ orderId: order.id, kind: 'package', passId: pass.id, name: pass.name });
  return pass;
}

/** A suite's app with the commerce catalogue, made before its tests and closed after; read its fields in tests. */
export function commerceSuite(kind: DbKind, env: Record<string, string> = {}) {
  const suite = {} as { t: TestApp; call: Inject; cat: Catalogue };
  beforeAll(async () => {
    suite.t = await createTestApp(kind, env);
    suite.call = caller(suite.t.app);
    suite.cat = await seedCatalogue(suite.t);
  }, 60_000);
  afterAll(() => suite.t.close());
  return suite;
}
