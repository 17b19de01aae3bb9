import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalogue,
  checkoutKey,
  newBuyer,
  pricedGame,
  saveCard,
  seedCatalogue,
} from '../../../test/support/commerce';
import { tokenFromLastMail } from '../../../test/support/outbox';
import { caller, createTestApp, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { clips } from '../clips/clips.table';
import { paymentCustomers } from '../commerce/orders.table';
import { sandboxSubscriptions } from '../payments/sandbox/sandbox.table';
import { users } from './users.table';

/** An account that goes takes with it what would outlive it elsewhere: a renewing plan, and its clips' files. */
describe.each(dbKinds())('account deletion on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let cat: Catalogue;

  beforeAll(async () => {
    t = await createTestApp(kind, { SANDBOX_SETTLE_MS: '0' });
    call = caller(t.app);
    cat = await seedCatalogue(t);
  }, 60_000);
  afterAll(() => t.close());

  it('ends the fan’s plan at the provider and removes their clips’ files', async () => {
    const fan = await newBuyer(t);
    const pm = await saveCard(call, fan.key);
    const bought = await call({
      method: 'POST',
      url: '/api/stripe/buy',
      key: fan.key,
      body: { subscription_id: cat.annual.id, payment_method_id: pm, idempotency_key: checkoutKey() },
    });
    expect(bought.statusCode).toBe(200);
    await t.app.payments.runDue();
    const [customer] = await t.database.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, fan.userId));
    const subscriptions = async () =>
      (await t.database.db.select().from(sandboxSubscriptions)).filter((s) => s.customerId === customer?.customerId);
    expect((await subscriptions()).map((s) => s.status)).toEqual(['active']);

    const game = await pricedGame(t, 'free');
    const [clip] = await t.database.db
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
    const dir = t.app.media.paths.clipDir(clip?.uuid ?? '');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'clip.mp4'), 'not really a video');

    const [user] = await t.database.db.select().from(users).where(eq(users.id, fan.userId));
    expect((await call({ method: 'POST', url: '/api/delete-account-confirm', key: fan.key })).statusCode).toBe(200);
    const token = await tokenFromLastMail(t, user?.email ?? '-');
    expect((await call({ url: `/api/delete-account-confirm?token=${token}` })).statusCode).toBe(200);

    expect((await subscriptions()).map((s) => s.status)).toEqual(['canceled']);
    await expect(stat(dir)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await t.database.db.select().from(users).where(eq(users.id, fan.userId))).toHaveLength(0);
    // The link is spent: a second click deletes nothing more and says so.
    expect((await call({ url: `/api/delete-account-confirm?token=${token}` })).statusCode).toBe(400);
  });
});
