import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@sideline/contract/errors';
import { playbackSchema } from '@sideline/contract/media';
import { and, eq, ne, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buy,
  type Catalogue,
  HEARTLAND,
  newBuyer,
  pricedGame,
  saveCard,
  seedCatalogue,
} from '../../../test/support/commerce';
import { caller, createTestApp, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { packageTestGames } from '../../../test/support/test-media';
import { events } from '../events/events.table';

describe.each(dbKinds())('access follows purchases on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let cat: Catalogue;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      SANDBOX_SETTLE_MS: '0',
      LIVE_SIMULATOR: 'false',
      DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache'),
    });
    call = caller(t.app);
    cat = await seedCatalogue(t);
    // Finished heartland games play one of the channel's packaged games: package one short one.
    await packageTestGames(t, { caption: 'Test', durationS: 4, mp4: true });
  }, 240_000);
  afterAll(() => t.close());

  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const hasAccess = async (key: string, id: number) =>
    (await call({ url: `/api/events/${id}`, key })).json().data.has_access;
  const pay = async (key: string, body: object) => {
    const res = await buy(call, key, body);
    expect(res.statusCode).toBe(200);
    await t.services.payments.runDue();
    const order = await call({ url: `/api/orders/${res.json().data.order_id}`, key });
    expect(order.json().data.status).toBe('Paid');
  };

  it("a paid game's has_access flips and playback answers right after the payment, without waiting for caches", async () => {
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const game = await pricedGame(t, 'paid');
    expect(await hasAccess(fan.key, game.id)).toBe(false);
    const refused = await call({ url: `/api/events/${game.id}/playback`, key: fan.key });
    expect(refused.statusCode).toBe(403);
    expect(error(refused).code).toBe('purchase_required');

    await pay(fan.key, { event_id: game.id, package_id: cat.single.id });
    expect(await hasAccess(fan.key, game.id)).toBe(true);
    const play = await call({ url: `/api/events/${game.id}/playback`, key: fan.key });
    expect(play.statusCode).toBe(200);
    expect(playbackSchema.parse(play.json().data)).toMatchObject({ event_id: game.id, kind: 'vod' });
    // Another fan still has no access.
    const other = await newBuyer(t, 'other');
    expect(await hasAccess(other.key, game.id)).toBe(false);
  });

  it('a pay-per-view game is bought on its own; a package never opens it', async () => {
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const ppv = await pricedGame(t, 'ppv');
    await pay(fan.key, { package_id: cat.sports.id });
    expect(await hasAccess(fan.key, ppv.id)).toBe(false);
    await pay(fan.key, { event_id: ppv.id, package_id: cat.single.id });
    expect(await hasAccess(fan.key, ppv.id)).toBe(true);
  });

  it("a package with chosen categories unlocks exactly those categories' paid games", async () => {
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const paidOf = async (categoryId: number) =>
      t.database.db
        .select({ id: events.id })
        .from(events)
        .where(
          and(eq(events.channelId, HEARTLAND), eq(events.accessType, 'paid'), eq(events.eventCategoryId, categoryId)),
        )
        .limit(3);
    const inC1 = await paidOf(cat.c1);
    const elsewhere = await t.database.db
      .select({ id: events.id, home: events.homeTeamId, away: events.awayTeamId })
      .from(events)
      .where(and(eq(events.channelId, HEARTLAND), eq(events.accessType, 'paid'), ne(events.eventCategoryId, cat.c1)))
      .limit(5);
    expect(inC1.length).toBeGreaterThan(0);
    for (const e of inC1) expect(await hasAccess(fan.key, e.id)).toBe(false);

    await pay(fan.key, { package_id: cat.sports.id, categories: [cat.c1] });
    for (const e of inC1) expect(await hasAccess(fan.key, e.id)).toBe(true);
    for (const e of elsewhere) expect(await hasAccess(fan.key, e.id)).toBe(false);

    // The passes list shows the bought sport disabled, the package not yet purchased, and the add-ons offered.
    const list = (await call({ url: `/api/packages?no_limit=1&api_key=${fan.key}` })).json().data;
    const sports = list.find((p: { id: number }) => p.id === cat.sports.id);
    expect(sports).toMatchObject({ purchased: false, disabledCategories: [cat.c1] });
    expect(sports.additional).toEqual(expect.arrayContaining([cat.addOn.id, cat.addOn2.id]));
    expect(list.find((p: { id: number }) => p.id === cat.addOn.id).additional).toEqual([]);
    const one = (await call({ url: `/api/packages/${cat.sports.id}?api_key=${fan.key}` })).json().data;
    expect(one.disabledCategories).toEqual([cat.c1]);
    // A guest (or a bad key) gets the shared answer.
    const guest = (await call({ url: `/api/packages/${cat.sports.id}` })).json().data;
    expect(guest.disabledCategories).toEqual([]);
    expect(
      (await call({ url: `/api/packages/${cat.sports.id}?api_key=${'x'.repeat(40)}` })).json().data.disabledCategories,
    ).toEqual([]);

    await pay(fan.key, { package_id: cat.sports.id, categories: [cat.c2, cat.c3] });
    const after = (await call({ url: `/api/packages/${cat.sports.id}?api_key=${fan.key}` })).json().data;
    expect(after).toMatchObject({ purchased: true, disabledCategories: [cat.c1, cat.c2, cat.c3] });
  });

  it('a team pass for one team opens its games, home or away', async () => {
    const fan = await newBuyer(t);
    await saveCard(call, fan.key);
    const [game] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          eq(events.channelId, HEARTLAND),
          eq(events.accessType, 'paid'),
          or(eq(events.awayTeamId, cat.p1), eq(events.homeTeamId, cat.p1)),
        ),
      )
      .limit(1);
    if (!game) throw new Error('no paid game of the team');
    expect(await hasAccess(fan.key, game.id)).toBe(false);
    await pay(fan.key, { package_id: cat.team.id, participants: [cat.p1] });
    expect(await hasAccess(fan.key, game.id)).toBe(true);
    const team = (await call({ url: `/api/packages/${cat.team.id}?api_key=${fan.key}` })).json().data;
    expect(team).toMatchObject({ purchased: false, disabledParticipants: [cat.p1] });
  });
});
