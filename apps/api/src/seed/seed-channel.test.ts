import { sessionSchema } from '@sideline/contract/auth';
import { passSchema } from '@sideline/contract/commerce';
import { favoriteSchema } from '@sideline/contract/favorites';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { TEST_PASSWORD_COST } from '../../test/support/seed-test-data';
import {
  caller,
  createTestApp,
  guestKey,
  HEARTLAND_KEY,
  type Inject,
  SOFIA_KEY,
  type TestApp,
} from '../../test/support/test-app';
import { dbKinds } from '../../test/support/test-database';
import { createPasswordHasher } from '../lib/password';
import { users } from '../modules/auth/users.table';
import { eventCategories, participantGroups, participants } from '../modules/catalog/catalog.table';
import { channels } from '../modules/channel/channel.table';
import { coupons, orderItems, orders, paymentCustomers, transactions } from '../modules/commerce/orders.table';
import { passes } from '../modules/commerce/passes.table';
import { events } from '../modules/events/events.table';
import { sandboxPaymentMethods, sandboxSubscriptions } from '../modules/payment-sandbox/sandbox.table';
import { sofiaChannel } from './demo/sofia';
import { seedChannel } from './seed-channel';

const PREMIUM = ['clipping', 'download_clip', 'download', 'vod_media_access', 'no_ads'];
const CHANNELS = [
  { slug: 'heartland', host: 'localhost', key: HEARTLAND_KEY, currency: 'USD', fan: 'fan@heartland.example' },
  { slug: 'sofia', host: 'sofia.localhost', key: SOFIA_KEY, currency: 'EUR', fan: 'fen@sofia.example' },
] as const;
const YEAR = 365 * 86_400_000;

describe.each(dbKinds())('the demo commerce data on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: '1000' });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  const channelId = async (slug: string) => {
    const [row] = await t.database.db.select({ id: channels.id }).from(channels).where(eq(channels.slug, slug));
    if (!row) throw new Error(`no channel ${slug}`);
    return row.id;
  };
  const passList = async (path: 'packages' | 'subscriptions', host: string) => {
    const res = await call({ url: `/api/${path}?no_limit=1`, host });
    expect(res.statusCode).toBe(200);
    return z.array(passSchema).parse(res.json().data);
  };
  const login = async (email: string, channelKey: string, host: string) => {
    const res = await call({
      method: 'POST',
      url: '/api/v2/auth/login',
      key: await guestKey(t.app, channelKey),
      body: { email, password: 'Sideline-demo-1' },
      host,
    });
    expect(res.statusCode).toBe(200);
    return sessionSchema.parse(res.json().data);
  };

  describe.each(CHANNELS)('$slug', (ch) => {
    it('sells a free basic pass whose 30-day trial grants the premium features', async () => {
      const basic = (await passList('packages', ch.host)).filter((p) => p.is_basic);
      expect(basic).toHaveLength(1);
      expect(basic[0]).toMatchObject({ price: 0, trial_period: 30, limits: { clips: 20, downloads: 10 } });
      expect([...(basic[0]?.capabilities ?? [])].sort()).toEqual([...PREMIUM].sort());
    });

    it('sells single games at their own price, a sport package, a team pass and add-ons', async () => {
      const list = await passList('packages', ch.host);
      const single = list.filter((p) => p.is_single_event);
      expect(single).toHaveLength(1);
      expect(single[0]).toMatchObject({ price: 0, capabilities: ['watch'] });

      const sportPackages = list.filter(
        (p) => !p.is_basic && !p.is_single_event && !p.is_team_pass && p.pass_type === 'regular',
      );
      const choice = sportPackages.find((p) => p.event_categories.length > 1 && p.event_categories.length < 4);
      expect(choice, 'a package of several (not all) sports to choose from').toBeDefined();
      const sports = await t.database.db
        .select({ id: eventCategories.id })
        .from(eventCategories)
        .where(eq(eventCategories.channelId, await channelId(ch.slug)));
      expect(sports.map((s) => s.id)).toEqual(expect.arrayContaining(choice?.event_categories ?? [0]));
      for (const p of sportPackages) {
        expect(p.price).toBeGreaterThan(0);
        expect(p.capabilities).toContain('watch');
      }

      const [team, ...moreTeams] = list.filter((p) => p.is_team_pass);
      expect(moreTeams).toHaveLength(0);
      expect(team?.participants.length).toBeGreaterThan(1);
      expect(team?.price).toBeGreaterThan(0);
      // Every team of the pass belongs to one school.
      const schools = new Set(
        (
          await t.database.db
            .select({ group: participants.participantGroupId, id: participants.id })
            .from(participants)
            .where(eq(participants.channelId, await channelId(ch.slug)))
        )
          .filter((p) => team?.participants.includes(p.id))
          .map((p) => p.group),
      );
      expect(schools.size).toBe(1);

      const addOns = list.filter((p) => p.pass_type === 'addition');
      const download = addOns.find((p) => p.capabilities.includes('download'));
      const adFree = addOns.find((p) => p.capabilities.includes('no_ads'));
      expect(download).toMatchObject({ capabilities: ['download'], limits: { clips: 0, downloads: 20 } });
      expect(adFree?.capabilities).toEqual(['no_ads']);
      for (const a of addOns) expect(a.price).toBeGreaterThan(0);

      // A realistic service fee on some passes, none on others.
      expect(list.some((p) => p.service_fee > 0 && p.service_fee < 1)).toBe(true);
      expect(list.some((p) => p.price > 0 && p.service_fee === 0)).toBe(true);
    });

    it('sells a monthly and an annual subscription, each with a trial, granting watch and every premium feature', async () => {
      const plans = await passList('subscriptions', ch.host);
      const monthly = plans.find((p) => p.offer === 'monthly');
      const annual = plans.find((p) => p.offer === 'annual');
      expect(monthly).toMatchObject({ period: 1, trial_period: 7 });
      expect(annual).toMatchObject({ period: 1, trial_period: 30 });
      for (const plan of [monthly, annual]) {
        expect([...(plan?.capabilities ?? [])].sort()).toEqual(['watch', ...PREMIUM].sort());
        expect(plan?.price).toBeGreaterThan(0);
        expect(plan?.limits.clips).toBeGreaterThan(0);
        expect(plan?.limits.downloads).toBeGreaterThan(0);
      }
      expect(annual?.price).toBeGreaterThan(monthly?.price ?? Infinity);
    });

    it('prices its paid and pay-per-view games, with a service fee on some', async () => {
      const rows = await t.database.db
        .select({ access: events.accessType, price: events.basePriceCents, fee: events.serviceFeeCents })
        .from(events)
        .where(eq(events.channelId, await channelId(ch.slug)));
      const paid = rows.filter((r) => r.access === 'paid');
      const ppv = rows.filter((r) => r.access === 'ppv');
      expect(paid.length).toBeGreaterThan(0);
      expect(ppv.length).toBeGreaterThan(0);
      for (const r of [...paid, ...ppv]) expect(r.price).toBeGreaterThan(0);
      expect(ppv.every((r) => r.fee > 0 && r.fee < 100)).toBe(true);
      expect(paid.every((r) => r.fee === 0)).toBe(true);
      expect(rows.filter((r) => r.access === 'free').every((r) => r.price === 0)).toBe(true);
    });

    it('has SIDELINE10 for every pass and TEAM5 for the team pass only', async () => {
      const id = await channelId(ch.slug);
      const rows = await t.database.db.select().from(coupons).where(eq(coupons.channelId, id));
      const teamPass = (await passList('packages', ch.host)).find((p) => p.is_team_pass);
      expect(
        rows
          .map((c) => ({
            code: c.code,
            type: c.discountType,
            value: c.discountValue,
            until: c.validUntil,
            passes: c.passIds,
            active: c.active,
          }))
          .sort((a, b) => a.code.localeCompare(b.code)),
      ).toEqual([
        { code: 'SIDELINE10', type: 'percent', value: 10, until: null, passes: [], active: true },
        { code: 'TEAM5', type: 'amount', value: 500, until: null, passes: [teamPass?.id], active: true },
      ]);
    });

    it('has a premium fan with a paid, auto-renewing annual subscription charged to a saved 4242 card', async () => {
      const session = await login('premium@sideline.test', ch.key, ch.host);
      expect(session.user.trial_period_used).toBe(true);

      const id = await channelId(ch.slug);
      const [user] = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.channelId, id), eq(users.email, 'premium@sideline.test')));
      const owned = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.userId, user?.id ?? 0));
      expect(owned).toHaveLength(1);
      const [order] = owned;
      const annual = (await passList('subscriptions', ch.host)).find((p) => p.offer === 'annual');
      expect(order).toMatchObject({
        channelId: id,
        type: 'subscription',
        passId: annual?.id,
        status: 'Paid',
        activityStatus: 'Active',
        autoRenewal: 'Active',
        subscriptionStatus: 'active',
        offer: 'annual',
        provider: 'sandbox',
        currency: ch.currency,
        amountCents: Math.round((annual?.price ?? 0) * 100),
      });
      const anchor = order?.paidAt?.getTime() ?? 0;
      const left = (order?.currentPeriodEnd?.getTime() ?? 0) - Date.now();
      expect(left).toBeGreaterThan(YEAR - 3 * 86_400_000);
      expect((order?.currentPeriodEnd?.getTime() ?? 0) - anchor).toBeGreaterThanOrEqual(YEAR);

      const items = await t.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order?.id ?? 0));
      expect(items.map((i) => ({ kind: i.kind, passId: i.passId }))).toEqual([
        { kind: 'subscription', passId: annual?.id },
      ]);
      const charges = await t.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.orderId, order?.id ?? 0));
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({
        kind: 'charge',
        status: 'paid',
        amountCents: order?.amountCents,
        currency: ch.currency,
        providerRef: order?.providerPaymentId,
        cardBrand: 'visa',
        cardLast4: '4242',
      });

      // The sandbox holds the customer's card and the subscription the order names.
      const [customer] = await t.database.db
        .select()
        .from(paymentCustomers)
        .where(eq(paymentCustomers.userId, user?.id ?? 0));
      expect(customer?.provider).toBe('sandbox');
      const cards = await t.database.db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.customerId, customer?.customerId ?? ''));
      expect(cards.map((c) => [c.id, c.brand, c.last4, c.behavior])).toEqual([
        [order?.paymentMethodId, 'visa', '4242', 'succeed'],
      ]);
      const [sub] = await t.database.db
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.id, order?.providerSubscriptionId ?? ''));
      expect(sub).toMatchObject({ status: 'active', interval: 'year', cancelAtPeriodEnd: false });
      expect(sub?.currentPeriodEnd.getTime()).toBe(order?.currentPeriodEnd?.getTime());
    });

    it('gives the demo fan favorites (teams, a school, a sport) and no purchase', async () => {
      const session = await login(ch.fan, ch.key, ch.host);
      expect(session.user.trial_period_used).toBe(false);
      const res = await call({ url: '/api/favorites', key: session.api_key, host: ch.host });
      const favs = z.array(favoriteSchema).parse(res.json().data);
      const types = new Set(favs.map((f) => f.favoritable_type));
      expect(types).toEqual(new Set(['participant', 'participant_group', 'event_category']));
      const id = await channelId(ch.slug);
      const groupIds = (
        await t.database.db
          .select({ id: participantGroups.id })
          .from(participantGroups)
          .where(eq(participantGroups.channelId, id))
      ).map((g) => g.id);
      for (const f of favs.filter((x) => x.favoritable_type === 'participant_group'))
        expect(groupIds).toContain(f.favoritable_id);
      const [fan] = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.channelId, id), eq(users.email, ch.fan)));
      expect(
        await t.database.db
          .select()
          .from(orders)
          .where(eq(orders.userId, fan?.id ?? 0)),
      ).toEqual([]);
    });
  });

  it('keeps each channel to its own passes and coupons', async () => {
    const [heartland, sofia] = await Promise.all(CHANNELS.map((c) => channelId(c.slug)));
    const rows = await t.database.db.select({ channelId: passes.channelId, id: passes.id }).from(passes);
    const sofiaPasses = new Set(rows.filter((r) => r.channelId === sofia).map((r) => r.id));
    const heartlandCoupons = await t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.channelId, heartland ?? 0));
    for (const c of heartlandCoupons) for (const p of c.passIds) expect(sofiaPasses.has(p)).toBe(false);
    expect(sofiaPasses.size).toBeGreaterThan(0);
  });

  // Last: it recreates a channel.
  it('seeds a channel again after it was deleted (npm run seed -- --reset), the sandbox objects included', async () => {
    const db = t.database.db;
    await db.delete(channels).where(eq(channels.slug, 'sofia'));
    const anchor = new Date(inject('seedAnchor'));
    await seedChannel(db, sofiaChannel, { anchor, hasher: createPasswordHasher({ cost: TEST_PASSWORD_COST }) });
    const id = await channelId('sofia');
    const paid = await db
      .select({ sub: orders.providerSubscriptionId })
      .from(orders)
      .where(and(eq(orders.channelId, id), eq(orders.status, 'Paid')));
    expect(paid).toHaveLength(1);
    const subs = await db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, paid[0]?.sub ?? ''));
    expect(subs).toHaveLength(1);
    expect(await db.select().from(coupons).where(eq(coupons.channelId, id))).toHaveLength(2);
  });
});
