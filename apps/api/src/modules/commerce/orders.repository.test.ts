import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, insertUser, SOFIA } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import type { UserRow } from '../auth';
import { createOrdersRepository, type NewOrder, type OrdersRepository } from './orders.repository';
import { coupons, orderItems } from './orders.table';

const DAY = 86_400_000;
const NOW = new Date('2030-06-01T12:00:00Z');
const key = () => `key-${randomBytes(4).toString('hex')}`;

describe.each(dbKinds())('orders repository on %s', (kind) => {
  let database: Database;
  let repo: OrdersRepository;
  let fan: UserRow;

  const order = (values: Partial<NewOrder> = {}): NewOrder => ({
    channelId: HEARTLAND,
    userId: fan.id,
    type: 'package',
    name: 'Test order',
    subtotalCents: 1000,
    amountCents: 1000,
    currency: 'USD',
    idempotencyKey: key(),
    provider: 'sandbox',
    ...values,
  });
  const insert = async (values: Partial<NewOrder> = {}, items: Parameters<OrdersRepository['insertOrder']>[1] = []) => {
    const row = await repo.insertOrder(order(values), items, database.db);
    if (!row) throw new Error('order not inserted');
    return row;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createOrdersRepository({ db: database.db });
    fan = await insertUser(database.db, HEARTLAND, 'orders');
  });
  afterAll(() => database.close());

  it('inserts an order once per idempotency key, with its items and coupon code', async () => {
    const [coupon] = await database.db
      .insert(coupons)
      .values({ channelId: HEARTLAND, code: 'REPOTEST', discountType: 'percent', discountValue: 10 })
      .returning();
    const idempotencyKey = key();
    const items = [
      { kind: 'package' as const, name: 'First' },
      { kind: 'additional' as const, name: 'Second' },
    ];
    const first = await repo.insertOrder(order({ idempotencyKey, couponId: coupon?.id }), items, database.db);
    const again = await repo.insertOrder(order({ idempotencyKey, name: 'Double submit' }), items, database.db);
    expect(first?.status).toBe('Pending');
    expect(again).toBeUndefined();
    expect((await repo.byKey(fan.id, idempotencyKey))?.id).toBe(first?.id);
    // The same key belongs to each user on its own.
    const other = await insertUser(database.db, HEARTLAND, 'orders-other');
    expect(await repo.insertOrder(order({ idempotencyKey, userId: other.id }), [], database.db)).toBeDefined();

    const stored = await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, first?.id ?? -1));
    expect(stored.map((i) => i.name)).toEqual(['First', 'Second']);
    const view = await repo.ofUser(fan.id, HEARTLAND, first?.id ?? -1);
    expect(view?.items.map((i) => i.name)).toEqual(['First', 'Second']);
    expect(view?.couponCode).toBe('REPOTEST');
  });

  it('leaves nothing behind when the transaction the order was written in rolls back', async () => {
    const idempotencyKey = key();
    await expect(
      repo.transaction(async (tx) => {
        const row = await repo.insertOrder(order({ idempotencyKey }), [{ kind: 'package', name: 'Lost' }], tx);
        expect(row).toBeDefined();
        throw new Error('payment provider down');
      }),
    ).rejects.toThrow('payment provider down');
    expect(await repo.byKey(fan.id, idempotencyKey)).toBeUndefined();
    expect(await database.db.select().from(orderItems).where(eq(orderItems.name, 'Lost'))).toEqual([]);
  });

  it('moves an order only from the statuses given: a late event cannot undo a later state', async () => {
    const row = await insert();
    const paid = await repo.transition(
      row.id,
      ['Pending', 'Failed'],
      { status: 'Paid', activityStatus: 'Active' },
      database.db,
    );
    expect(paid?.status).toBe('Paid');
    // A replayed failure (only from Pending) finds the order paid and changes nothing.
    const late = await repo.transition(
      row.id,
      ['Pending'],
      { status: 'Failed', failureMessage: 'declined' },
      database.db,
    );
    expect(late).toBeUndefined();
    const now = await repo.byId(row.id);
    expect(now?.status).toBe('Paid');
    expect(now?.failureMessage).toBeNull();
    // Another order's id is never moved by it.
    expect(await repo.transition(-1, ['Pending'], { status: 'Paid' }, database.db)).toBeUndefined();
  });

  it('counts as active only orders paid, active and not past their period, on the channel asked', async () => {
    const buyer = await insertUser(database.db, HEARTLAND, 'active');
    const paid = { userId: buyer.id, status: 'Paid' as const, activityStatus: 'Active' as const };
    const forever = await insert({ ...paid, name: 'no end' });
    const running = await insert({ ...paid, name: 'running', currentPeriodEnd: new Date(NOW.getTime() + DAY) });
    await insert({ ...paid, name: 'lapsed', currentPeriodEnd: new Date(NOW.getTime() - 1) });
    await insert({ ...paid, name: 'ends now', currentPeriodEnd: NOW });
    await insert({ userId: buyer.id, status: 'Pending', name: 'pending' });
    await insert({ userId: buyer.id, status: 'Paid', activityStatus: 'Inactive', name: 'inactive' });
    await insert({ ...paid, name: 'refunded', status: 'Refunded' });
    await insert({ ...paid, name: 'other channel', channelId: SOFIA, currency: 'EUR' });

    const active = await repo.activeOfUser(buyer.id, HEARTLAND, NOW);
    expect(active.map((o) => o.id).sort((a, b) => a - b)).toEqual([forever.id, running.id]);
    const listed = await repo.listOfUser(buyer.id, HEARTLAND, { active: true, offset: 0, limit: undefined, now: NOW });
    expect(listed.total).toBe(2);
    expect((await repo.listOfUser(buyer.id, HEARTLAND, { active: false, offset: 0, limit: 10, now: NOW })).total).toBe(
      7,
    );
    expect((await repo.activeOfUser(buyer.id, SOFIA, NOW)).map((o) => o.name)).toEqual(['other channel']);
  });

  it('lists a user’s orders newest first, a page at a time, and hides other users’ and channels’ orders', async () => {
    const buyer = await insertUser(database.db, HEARTLAND, 'pages');
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await insert({ userId: buyer.id, name: `o${i}`, createdAt: new Date(NOW.getTime() - (5 - i) * DAY) }));
    }
    const foreign = await insert({ name: 'someone else' });
    const page = await repo.listOfUser(buyer.id, HEARTLAND, { active: false, offset: 1, limit: 2, now: NOW });
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.name)).toEqual(['o3', 'o2']);
    const rest = await repo.listOfUser(buyer.id, HEARTLAND, { active: false, offset: 4, limit: 10, now: NOW });
    expect(rest.rows.map((r) => r.name)).toEqual(['o0']);

    const mine = made[0];
    if (!mine) throw new Error('no order');
    expect((await repo.ofUser(buyer.id, HEARTLAND, mine.id))?.name).toBe('o0');
    expect(await repo.ofUser(buyer.id, HEARTLAND, foreign.id)).toBeUndefined();
    expect(await repo.ofUser(buyer.id, SOFIA, mine.id)).toBeUndefined();
  });

  it('records a payment’s transaction once, and turns a failed one paid but never back', async () => {
    const buyer = await insertUser(database.db, HEARTLAND, 'tx');
    const row = await insert({ userId: buyer.id });
    const ref = `pi_${randomBytes(6).toString('hex')}`;
    const base = { orderId: row.id, userId: buyer.id, kind: 'charge' as const, amountCents: 1000, currency: 'USD' };
    await repo.recordTransaction({ ...base, status: 'failed', providerRef: ref, description: 'try 1' }, database.db);
    await repo.recordTransaction({ ...base, status: 'failed', providerRef: ref, description: 'replay' }, database.db);
    let listed = await repo.transactionsOfUser(buyer.id, HEARTLAND, 0, undefined);
    expect(listed.rows.map((t) => [t.status, t.description])).toEqual([['failed', 'try 1']]);

    await repo.recordTransaction(
      { ...base, status: 'paid', providerRef: ref, description: 'try 2', cardBrand: 'visa', cardLast4: '4242' },
      database.db,
    );
    await repo.recordTransaction({ ...base, status: 'failed', providerRef: ref, description: 'late' }, database.db);
    listed = await repo.transactionsOfUser(buyer.id, HEARTLAND, 0, undefined);
    expect(listed.total).toBe(1);
    expect(listed.rows.map((t) => [t.status, t.cardLast4])).toEqual([['paid', '4242']]);
    // A refund of the same payment is a transaction of its own.
    await repo.recordTransaction(
      { ...base, kind: 'refund', status: 'refunded', providerRef: ref, description: 'refund' },
      database.db,
    );
    expect((await repo.transactionsOfUser(buyer.id, HEARTLAND, 0, 1)).total).toBe(2);
    expect((await repo.transactionsOfUser(buyer.id, SOFIA, 0, undefined)).total).toBe(0);
  });

  it('finds coupons in any case, lets each user redeem one once, and gives it back on release', async () => {
    await database.db
      .insert(coupons)
      .values({ channelId: HEARTLAND, code: 'ONCEONLY', discountType: 'amount', discountValue: 500 });
    const coupon = await repo.couponByCode(HEARTLAND, '  onceOnly ');
    expect(coupon?.discountValue).toBe(500);
    expect(await repo.couponByCode(SOFIA, 'ONCEONLY')).toBeUndefined();
    if (!coupon) throw new Error('no coupon');

    const buyer = await insertUser(database.db, HEARTLAND, 'coupon');
    const first = await insert({ userId: buyer.id });
    const second = await insert({ userId: buyer.id });
    expect(await repo.couponUsedBy(coupon.id, buyer.id)).toBe(false);
    expect(await repo.redeemCoupon(coupon.id, buyer.id, first.id, database.db)).toBe(true);
    expect(await repo.redeemCoupon(coupon.id, buyer.id, second.id, database.db)).toBe(false);
    expect(await repo.couponUsedBy(coupon.id, buyer.id)).toBe(true);
    // Someone else may still use it.
    const other = await insertUser(database.db, HEARTLAND, 'coupon-other');
    const theirs = await insert({ userId: other.id });
    expect(await repo.redeemCoupon(coupon.id, other.id, theirs.id, database.db)).toBe(true);

    await repo.releaseCoupon(first.id, database.db);
    expect(await repo.couponUsedBy(coupon.id, buyer.id)).toBe(false);
    expect(await repo.couponUsedBy(coupon.id, other.id)).toBe(true);
    expect(await repo.redeemCoupon(coupon.id, buyer.id, second.id, database.db)).toBe(true);
  });

  it('handles a provider event once, keeps a user’s first customer, finds a plan by its subscription', async () => {
    const id = `evt_${randomBytes(6).toString('hex')}`;
    expect(await repo.recordEvent({ id, provider: 'stripe', rawType: 'payment_intent.succeeded' }, database.db)).toBe(
      true,
    );
    expect(await repo.recordEvent({ id, provider: 'stripe', rawType: 'payment_intent.succeeded' }, database.db)).toBe(
      false,
    );

    const buyer = await insertUser(database.db, HEARTLAND, 'customer');
    expect(await repo.customerOf(buyer.id, 'stripe')).toBeUndefined();
    expect(await repo.saveCustomer(buyer.id, 'stripe', `cus_a_${buyer.id}`)).toBe(`cus_a_${buyer.id}`);
    expect(await repo.saveCustomer(buyer.id, 'stripe', `cus_b_${buyer.id}`)).toBe(`cus_a_${buyer.id}`);
    expect(await repo.customerOf(buyer.id, 'stripe')).toBe(`cus_a_${buyer.id}`);
    // A channel that moves between providers: the fan's customer at each is kept apart, neither taken for the other.
    expect(await repo.customerOf(buyer.id, 'sandbox')).toBeUndefined();
    expect(await repo.saveCustomer(buyer.id, 'sandbox', `cus_sandbox_${buyer.id}`)).toBe(`cus_sandbox_${buyer.id}`);
    expect(await repo.customerOf(buyer.id, 'sandbox')).toBe(`cus_sandbox_${buyer.id}`);
    expect(await repo.customerOf(buyer.id, 'stripe')).toBe(`cus_a_${buyer.id}`);

    const sub = `sub_${randomBytes(6).toString('hex')}`;
    const plan = await insert({ userId: buyer.id, type: 'subscription', providerSubscriptionId: sub });
    expect((await repo.bySubscription(sub))?.id).toBe(plan.id);
    expect(await repo.bySubscription('sub_nobody')).toBeUndefined();
  });
});
