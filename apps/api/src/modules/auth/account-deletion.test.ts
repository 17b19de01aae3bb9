import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutKey, commerceSuite, newBuyer, pricedGame, saveCard } from '../../../test/support/commerce';
import { tokenFromLastMail } from '../../../test/support/outbox';
import type { Inject } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { clips } from '../clips/clips.table';
import { orders, paymentCustomers } from '../commerce/orders.table';
import { sandboxSubscriptions } from '../payment-sandbox/sandbox.table';
import { users } from './users.table';

/** An account that goes takes with it what would outlive it elsewhere: a renewing plan, and its clips' files. */
describe.each(dbKinds())('account deletion on %s', (kind) => {
  const suite = commerceSuite(kind, { SANDBOX_SETTLE_MS: '0' });
  const call: Inject = (req) => suite.call(req);

  it('ends the fan’s plan at the provider and removes their clips’ files', async () => {
    const fan = await newBuyer(suite.t);
    const pm = await saveCard(call, fan.key);
    const bought = await call({
      method: 'POST',
      url: '/api/stripe/buy',
      key: fan.key,
      body: { subscription_id: suite.cat.annual.id, payment_method_id: pm, idempotency_key: checkoutKey() },
    });
    expect(bought.statusCode).toBe(200);
    await suite.t.services.payments.runDue();
    const [customer] = await suite.t.database.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, fan.userId));
    const subscriptions = async () =>
      (await suite.t.database.db.select().from(sandboxSubscriptions)).filter(
        (s) => s.customerId === customer?.customerId,
      );
    expect((await subscriptions()).map((s) => s.status)).toEqual(['active']);

    const game = await pricedGame(suite.t, 'free');
    const [clip] = await suite.t.database.db
      .insert(clips)
      .values({
        channelId: 1,
        userId: fan.userId,
        eventId: game.id,
        name: 'Dunk',
        startTime: 0,
        duration: 5,
        tags: [],
        status: 'ready',
        source: { kind: 'vod', asset: 'vod/heartland-1' },
      })
      .returning();
    const dir = suite.t.services.media.paths.clipDir(clip?.uuid ?? '');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'clip.mp4'), 'not really a video');

    // A plan that ended long ago is gone at the provider: it is not ended again (Stripe would refuse).
    await suite.t.database.db.insert(orders).values({
      channelId: 1,
      userId: fan.userId,
      type: 'subscription',
      name: 'Old plan',
      status: 'Paid',
      activityStatus: 'Inactive',
      subscriptionStatus: 'canceled',
      subtotalCents: 999,
      amountCents: 999,
      currency: 'USD',
      idempotencyKey: checkoutKey(),
      provider: 'sandbox',
      providerSubscriptionId: 'sub_gone_long_ago',
    });
    const [user] = await suite.t.database.db.select().from(users).where(eq(users.id, fan.userId));
    expect((await call({ method: 'POST', url: '/api/delete-account-confirm', key: fan.key })).statusCode).toBe(200);
    const token = await tokenFromLastMail(suite.t, user?.email ?? '-');
    expect((await call({ url: `/api/delete-account-confirm?token=${token}` })).statusCode).toBe(200);

    expect((await subscriptions()).map((s) => s.status)).toEqual(['canceled']);
    await expect(stat(dir)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await suite.t.database.db.select().from(users).where(eq(users.id, fan.userId))).toHaveLength(0);
    // The link is spent: a second click deletes nothing more and says so.
    expect((await call({ url: `/api/delete-account-confirm?token=${token}` })).statusCode).toBe(400);
  });
});
