import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@sideline/contract/errors';
import { downloadSchema, playbackSchema } from '@sideline/contract/media';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../../../test/support/accounts';
import { movableClock } from '../../../test/support/clock';
import { checkoutKey, grantPass, newBuyer } from '../../../test/support/commerce';
import { operatorRefund } from '../../../test/support/operator-refund';
import { buyPlan } from '../../../test/support/plans';
import { caller, createTestApp, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { packageTestGames } from '../../../test/support/test-media';
import { users } from '../auth/users.table';
import { orderItems, orders } from '../commerce/orders.table';
import type { EventRow } from '../events';
import { events } from '../events/events.table';
import { MEDIA_ACCESS_TTL_MS } from './media-access';
import { createMediaTokens } from './media-token';

const SECRET = 'test-media-secret-0123456789-abcdefghij';
/** Past every cache a media request reads (rights, viewers, keys): what no announcement reaches ends by then. */
const PAST_CACHES_MS = MEDIA_ACCESS_TTL_MS + 1_000;

/**
 * Media links issued before access ends (a refund, a plan's end, a lost capability, a password change) stop working
 * after it: the master, a segment and the download are refused (403, the error body, no media bytes), while a fan who
 * still may watch the same game keeps playing (issue 39, item 1). A token naming a path outside the media folder is
 * a 403 too, never a 500 (item 20).
 */
describe.each(dbKinds())('media links end with access on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let game: EventRow;
  let clock: ReturnType<typeof movableClock>;
  /** A fan with a ticket to the game that is never taken away, and the links issued to them at the start. */
  let keeper: { key: string; links: string[] };

  beforeAll(async () => {
    clock = movableClock();
    t = await createTestApp(kind, {
      MEDIA_TOKEN_SECRET: SECRET,
      LIVE_SIMULATOR: 'false',
      DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache'),
    });
    call = caller(t.app);
    await packageTestGames(t, { caption: 'Test', durationS: 4, mp4: true });
    const [row] = await t.database.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.channelId, 1),
          eq(events.accessType, 'paid'),
          eq(events.streamStatus, 'finished'),
          isNotNull(events.eventCategoryId),
        ),
      )
      .limit(1);
    if (!row) throw new Error('no paid finished game with a sport');
    game = row;
    const buyer = await newBuyer(t, 'keeper');
    await ticket(buyer.userId);
    keeper = { key: buyer.key, links: await linksOf(buyer.key, buyer.userId) };
  }, 180_000);
  afterAll(async () => {
    await t.close();
    clock.restore();
  });

  /** A paid order as a finished checkout leaves it; `items` are its order items. */
  async function paidOrder(
    userId: number,
    values: { type: 'event' | 'package'; eventId?: number; name: string },
    items: (typeof orderItems.$inferInsert)[] = [],
  ) {
    const [order] = await t.database.db
      .insert(orders)
      .values({
        channelId: 1,
        userId,
        ...values,
        status: 'Paid',
        activityStatus: 'Active',
        subtotalCents: 499,
        amountCents: 499,
        currency: 'USD',
        idempotencyKey: checkoutKey(),
        provider: 'sandbox',
        paidAt: new Date(),
      })
      .returning();
    if (!order) throw new Error('no order');
    if (items.length) await t.database.db.insert(orderItems).values(items.map((i) => ({ ...i, orderId: order.id })));
    return order;
  }
  const ticket = (userId: number) => paidOrder(userId, { type: 'event', eventId: game.id, name: game.name });
  const sportPass = (userId: number) =>
    paidOrder(userId, { type: 'package', name: 'Sport pass' }, [
      { orderId: 0, kind: 'package', name: 'Sport pass', eventCategoryId: game.eventCategoryId },
    ]);

  /** The operator's refund (`npm run refund`): no process is told, the caches' lifetimes end it. */
  const refund = (orderId: number) => operatorRefund(t, orderId);

  /** A play link's master and one of its segments, and a counted download link (the download add-on gives it). */
  async function linksOf(key: string, userId: number): Promise<string[]> {
    await grantPass(t.database.db, userId, 'Replay & Download Add-on');
    const play = await call({ url: `/api/events/${game.id}/playback`, key });
    expect(play.statusCode, play.body).toBe(200);
    const master = playbackSchema.parse(play.json().data).url;
    const rendition = (await t.app.inject(master)).body.split('\n').find((l) => l.endsWith('.m3u8')) as string;
    const renditionUrl = master.replace('master.m3u8', rendition);
    const segment = (await t.app.inject(renditionUrl)).body.split('\n').find((l) => l.endsWith('.ts')) as string;
    const counted = await call({ url: `/api/download-event/${game.id}`, key });
    expect(counted.statusCode, counted.body).toBe(200);
    const links = [master, renditionUrl.replace('index.m3u8', segment), downloadSchema.parse(counted.json().data).url];
    await expectPlaying(links);
    return links;
  }

  /** The edge's question for a link (nginx's `auth_request`): `/media/access/e/{event}/{token}`. */
  const edgeCheckOf = (url: string) => url.replace(/^\/media\/(e|l)\/(\d+)\/([^/]+)\/.*$/, '/media/access/$1/$2/$3');

  async function expectPlaying(links: string[]) {
    for (const url of links) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.length, url).toBeGreaterThan(0);
      if (!url.includes('/download.mp4')) expect((await t.app.inject(edgeCheckOf(url))).statusCode, url).toBe(204);
    }
  }
  async function expectRefused(links: string[]) {
    for (const url of links) {
      const res = await t.app.inject({ url, headers: { range: 'bytes=0-' } });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(errorBodySchema.parse(res.json()).error.code, url).toBe('media_link_invalid');
      const edge = await t.app.inject(edgeCheckOf(url));
      expect(edge.statusCode, `edge ${url}`).toBe(403);
      expect(errorBodySchema.parse(edge.json()).error.code, url).toBe('media_link_invalid');
    }
  }

  it('stops a refunded single game’s play and download links; a fan still holding a ticket plays on', async () => {
    const fan = await newBuyer(t, 'ticket');
    const order = await ticket(fan.userId);
    const links = await linksOf(fan.key, fan.userId);
    await refund(order.id);
    clock.advance(PAST_CACHES_MS);
    await expectRefused(links);
    await expectPlaying(keeper.links);
  });

  it('stops the links of a refunded sport pass', async () => {
    const fan = await newBuyer(t, 'pass');
    const order = await sportPass(fan.userId);
    const links = await linksOf(fan.key, fan.userId);
    await refund(order.id);
    clock.advance(PAST_CACHES_MS);
    await expectRefused(links);
    await expectPlaying(keeper.links);
  });

  it('stops the links of a refunded monthly plan', async () => {
    const email = `plan-${randomBytes(4).toString('hex')}@example.org`;
    const { key, user, order } = await buyPlan(t, { email, now: new Date() });
    const links = await linksOf(key, user.id);
    await refund(order.id);
    clock.advance(PAST_CACHES_MS);
    await expectRefused(links);
    await expectPlaying(keeper.links);
  });

  it('stops the links of a cancelled plan once its period ends, at once when the expiry sweep announces it', async () => {
    const email = `cancelled-${randomBytes(4).toString('hex')}@example.org`;
    const { key, user, order } = await buyPlan(t, { email, now: new Date() });
    await t.database.db
      .update(orders)
      .set({ autoRenewal: 'Cancelled', currentPeriodEnd: new Date(Date.now() + 5_000) })
      .where(eq(orders.id, order.id));
    const links = await linksOf(key, user.id);
    clock.advance(6_000);
    // Well within the remembered answers' lifetime (30 s): the sweep's word ends them, not their age.
    // The sweep (the billing timer may have run it already) ends the plan and tells the media checks.
    await t.services.plans.expireDue(new Date());
    const [ended] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(ended?.activityStatus).toBe('Inactive');
    await expectRefused(links);
    await expectPlaying(keeper.links);
  });

  it('stops the links of a fan the operator takes `watch` from (blocked)', async () => {
    const fan = await newBuyer(t, 'blocked');
    await ticket(fan.userId);
    const links = await linksOf(fan.key, fan.userId);
    await t.database.db.update(users).set({ capabilities: [] }).where(eq(users.id, fan.userId));
    clock.advance(PAST_CACHES_MS);
    await expectRefused(links);
    await expectPlaying(keeper.links);
  });

  it('stops the links of every session at once on a password change, and after a sign-out', async () => {
    const email = `password-${randomBytes(4).toString('hex')}@example.org`;
    const { key, user } = await newAccount(t, email);
    await ticket(user.id);
    const links = await linksOf(key, user.id);
    const changed = await call({
      method: 'POST',
      url: '/api/profile',
      key,
      body: {
        _method: 'patch',
        current_password: 'correct horse 1',
        password: 'correct horse 2',
        password_confirmation: 'correct horse 2',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRefused(links);

    const newKey = changed.json().data.api_key as string;
    const again = await linksOf(newKey, user.id);
    expect((await call({ method: 'POST', url: '/api/auth/logout', key: newKey })).statusCode).toBe(200);
    await expectRefused(again);
    await expectPlaying(keeper.links);
  });

  it('answers a validly signed token naming a path outside the media folder with 403, never 500', async () => {
    const tokens = createMediaTokens(SECRET);
    const keyId = (
      JSON.parse(Buffer.from(keeper.links[0]?.split('/')[4]?.split('.')[0] ?? '', 'base64url').toString()) as number[]
    )[0] as number;
    const exp = Math.floor(Date.now() / 1000) + 600;
    for (const asset of ['vod/../../etc', 'vod/..', '../hls/vod/x', 'preroll/conference-promo']) {
      for (const [purpose, file] of [
        ['play', 'master.m3u8'],
        ['play', '720p/seg_00000.ts'],
        ['download', 'download.mp4'],
      ] as const) {
        const token = tokens.sign({ keyId, channelId: 1, eventId: game.id, asset, purpose, exp });
        await expectRefused([`/media/e/${game.id}/${token}/${file}`]);
      }
    }
    const library = createMediaTokens(`${SECRET}:vod-library`);
    const token = library.sign({ keyId, channelId: 1, eventId: 1, asset: 'vod/../../etc', purpose: 'play', exp });
    await expectRefused([`/media/l/1/${token}/master.m3u8`]);
  });
});
