import { orderSchema } from '@sideline/contract/commerce';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, type Catalogue, newBuyer, saveCard, seedCatalogue, until } from '../../../test/support/commerce';
import { caller, createTestApp, type TestApp, testConfig } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { buildApp } from '../../app';
import { sandboxPaymentIntents } from '../payment-sandbox/sandbox.table';
import { transactions } from './orders.table';

describe.each(dbKinds())('a payment survives a restart on %s', (kind) => {
  let t: TestApp;
  let cat: Catalogue;
  // Long enough that the first process stops before its confirmation is due.
  const env = { SANDBOX_SETTLE_MS: '3000' };

  beforeAll(async () => {
    t = await createTestApp(kind, env);
    cat = await seedCatalogue(t);
  }, 60_000);
  afterAll(() => t.close());

  it('a process stopped between the payment and its confirmation ends with the order Paid after restart', async () => {
    const call = caller(t.app);
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const res = await buy(call, fan.key, { package_id: cat.addOn.id });
    expect(res.json().data.status).toBe('Pending');
    const orderId = res.json().data.order_id as number;
    // The first process goes away with the payment still processing at the sandbox.
    await t.app.close();
    // This order's payment (the demo's premium fan has a paid one of its own).
    const [intent] = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(sql`${sandboxPaymentIntents.metadata}->>'order_id' = ${String(orderId)}`);
    expect(intent?.status).toBe('processing');

    const { app, services } = await buildApp({
      config: testConfig(t.dataDir, env),
      database: t.database,
      logger: false,
    });
    await app.ready();
    try {
      const order = await until(
        { ...t, app, services },
        async () => orderSchema.parse((await caller(app)({ url: `/api/orders/${orderId}`, key: fan.key })).json().data),
        (o) => o.status === 'Paid',
      );
      expect(order).toMatchObject({ status: 'Paid', activity_status: 'Active' });
      expect(await t.database.db.select().from(transactions).where(eq(transactions.orderId, orderId))).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
