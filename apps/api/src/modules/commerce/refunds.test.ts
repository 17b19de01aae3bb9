import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyPlan, deliverEvents, orderById, sandboxCustomer, transactionsOf } from '../../../test/support/plans';
import { seededDataDir } from '../../../test/support/server-process';
import { caller, createTestApp, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { API_ROOT } from '../../config/paths';
import { type Db, openDatabase } from '../../db/client';
import { users } from '../auth/users.table';
import { channels } from '../channel/channel.table';
import { createPortalSessions, createSandboxRefunds, createSandboxSubscriptions } from '../payment-sandbox';
import { sandboxPaymentIntents, sandboxSubscriptions } from '../payment-sandbox/sandbox.table';
import { orders, transactions } from './orders.table';
import { RefundRefused, refundOrder } from './refunds';

const DAY = 86_400_000;

/** A paid one-off order (a game) with its sandbox payment and charge, as the checkout leaves it. */
async function paidGameOrder(db: Db, userId: number, email: string) {
  const { customerId, paymentMethodId } = await sandboxCustomer(db, userId, email, 'succeed');
  const pi = `pi_${randomBytes(8).toString('hex')}`;
  await db.insert(sandboxPaymentIntents).values({
    id: pi,
    clientSecret: `${pi}_secret`,
    customerId,
    amount: 1250,
    currency: 'usd',
    status: 'succeeded',
    paymentMethodId,
  });
  const [channel] = await db.select().from(channels).where(eq(channels.slug, 'heartland'));
  const [order] = await db
    .insert(orders)
    .values({
      channelId: channel?.id ?? 0,
      userId,
      type: 'event',
      eventId: 1,
      name: 'A game',
      status: 'Paid',
      activityStatus: 'Active',
      subtotalCents: 1250,
      amountCents: 1250,
      currency: 'USD',
      idempotencyKey: randomBytes(8).toString('hex'),
      provider: 'sandbox',
      providerPaymentId: pi,
      paidAt: new Date(),
    })
    .returning();
  if (!order) throw new Error('no order');
  await db.insert(transactions).values({
    orderId: order.id,
    userId,
    kind: 'charge',
    status: 'paid',
    amountCents: 1250,
    currency: 'USD',
    providerRef: pi,
    description: order.name,
    cardBrand: 'visa',
    cardLast4: '4242',
  });
  return order;
}

const sandboxProvider = (db: Db) => ({
  ...createSandboxRefunds({ db }),
  endSubscriptionNow: createSandboxSubscriptions({ db, portal: createPortalSessions('test') }).endSubscriptionNow,
});

describe.each(dbKinds())('refunds on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: '1000', BILLING_SWEEP_MS: '0' });
  });
  afterAll(() => t.close());

  it('refunds a one-off order once: access ends, a refunded transaction is recorded', async () => {
    const db = t.database.db;
    const [fan] = await db.select().from(users).where(eq(users.email, 'fan@heartland.example'));
    const order = await paidGameOrder(db, fan?.id ?? 0, 'fan@heartland.example');
    const done = await refundOrder({ db, provider: sandboxProvider(db), orderId: order.id });
    expect(done).toMatchObject({ orderId: order.id, amountCents: 1250, subscriptionEnded: false });
    expect(done.refundId).toMatch(/^re_/);
    expect(await orderById(db, order.id)).toMatchObject({ status: 'Refunded', activityStatus: 'Inactive' });
    const refunds = await transactionsOf(db, order.id, 'refund');
    expect(refunds.map((r) => [r.status, r.amountCents, r.providerRef])).toEqual([['refunded', 1250, done.refundId]]);

    await expect(refundOrder({ db, provider: sandboxProvider(db), orderId: order.id })).rejects.toThrow(
      new RefundRefused(`Order ${order.id} is already refunded.`),
    );
    await expect(refundOrder({ db, provider: sandboxProvider(db), orderId: 987654 })).rejects.toThrow(RefundRefused);
    expect(await transactionsOf(db, order.id, 'refund')).toHaveLength(1);
  });

  it('ends a plan now and refunds its last renewal; it never renews again', async () => {
    const db = t.database.db;
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    const { order } = await buyPlan(t, { email: 'refund-plan@example.org', now: start });
    await t.services.billingTick(new Date(start.getTime() + 30 * DAY));
    await deliverEvents(db, t.services.plans);
    const [renewal] = await transactionsOf(db, order.id, 'renewal');
    expect(renewal?.status).toBe('paid');

    const done = await refundOrder({ db, provider: sandboxProvider(db), orderId: order.id });
    expect(done).toMatchObject({ subscriptionEnded: true, amountCents: 999 });
    const [sub] = await db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, order.providerSubscriptionId ?? ''));
    expect(sub?.status).toBe('canceled');
    await deliverEvents(db, t.services.plans);
    expect(await orderById(db, order.id)).toMatchObject({
      status: 'Refunded',
      activityStatus: 'Inactive',
      autoRenewal: 'Cancelled',
    });
    await t.services.billingTick(new Date(start.getTime() + 90 * DAY));
    await deliverEvents(db, t.services.plans);
    expect(await transactionsOf(db, order.id, 'renewal')).toHaveLength(1);
    expect((await transactionsOf(db, order.id, 'refund')).map((r) => r.status)).toEqual(['refunded']);
  });

  it('refunds a trial without a 0.00 "refunded" transaction: nothing was charged', async () => {
    const db = t.database.db;
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const { order, key } = await buyPlan(t, { email: 'refund-trial@example.org', trialDays: 14, now });
    expect(order.amountCents).toBe(0);

    const done = await refundOrder({ db, provider: sandboxProvider(db), orderId: order.id });
    expect(done).toMatchObject({ refundId: null, amountCents: 0, subscriptionEnded: true });

    const call = caller(t.app);
    const orders = await call({ url: '/api/orders', key });
    expect(orders.statusCode).toBe(200);
    expect(orders.json().data).toEqual([expect.objectContaining({ id: order.id, status: 'Refunded' })]);
    const history = await call({ url: '/api/transactions', key });
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toEqual([]);
  });
});

/** `npm run refund -- --order N` as its own process, on a data folder like a server's. */
function runRefund(dataDir: string, args: string[]): Promise<{ code: number | null; out: string }> {
  const { DATABASE_URL: _pglite, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/command.ts', 'refund', ...args], {
    cwd: API_ROOT,
    env: { ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

describe('the refund command', () => {
  it('refunds from the command line and refuses an unknown or already refunded order', async () => {
    const dataDir = await seededDataDir('refund');
    try {
      const open = () => openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
      let database = await open();
      const [fan] = await database.db.select().from(users).where(eq(users.email, 'fan@heartland.example'));
      const order = await paidGameOrder(database.db, fan?.id ?? 0, 'fan@heartland.example');
      await database.close();

      const first = await runRefund(dataDir, ['--order', String(order.id)]);
      expect(first.out).toMatch(new RegExp(`Refunded 12\\.50 USD for order ${order.id} \\(refund re_\\w+\\)`));
      expect(first.code).toBe(0);
      const again = await runRefund(dataDir, ['--order', String(order.id)]);
      expect(again.out).toContain(`Order ${order.id} is already refunded.`);
      expect(again.code).toBe(1);
      const unknown = await runRefund(dataDir, ['--order', '999999']);
      expect(unknown.out).toContain('No order 999999.');
      expect(unknown.code).toBe(1);

      database = await open();
      try {
        expect(await orderById(database.db, order.id)).toMatchObject({
          status: 'Refunded',
          activityStatus: 'Inactive',
        });
        expect((await transactionsOf(database.db, order.id, 'refund')).map((r) => r.status)).toEqual(['refunded']);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
