import { consoleGameSchema, consoleGamesPageSchema } from '@sideline/contract/console';
import { errorBodySchema } from '@sideline/contract/errors';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../../../test/support/accounts';
import { createTestApp, demoFanKey, guestKey, SOFIA_KEY, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { eventCategories, eventLocations, participants } from '../catalog/catalog.table';
import { channels } from '../channel/channel.table';
import { orders } from '../commerce/orders.table';
import { events } from '../events/events.table';
import { auditLog } from './audit.table';
import { COMMAND_ACTOR } from './console.service';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(dbKinds())('the console’s schedule on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let operator: string;
  let analyst: string;
  let heartlandId: number;
  let game: { sport_id: number; home_team_id: number; away_team_id: number; venue_id: number };
  let sofiaTeam: number;

  const call = (method: Method, path: string, key: string | null, body?: object, host = 'localhost') =>
    t.app.inject({
      method,
      url: `/api/console${path}${(method === 'GET' || method === 'DELETE') && key ? `${path.includes('?') ? '&' : '?'}api_key=${key}` : ''}`,
      headers: { host },
      ...(method === 'GET' || method === 'DELETE'
        ? {}
        : { payload: { ...(body ?? {}), ...(key ? { api_key: key } : {}) } }),
    });
  const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const gameCount = async () =>
    (await t.services.db.select().from(events).where(eq(events.channelId, heartlandId))).length;
  const newGame = (extra: object = {}) => ({
    ...game,
    starts_at_local: '2027-03-14T19:30',
    access_type: 'ppv',
    price_cents: 1299,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.services.db;
    const [heartland] = await db.select().from(channels).where(eq(channels.slug, 'heartland'));
    if (!heartland) throw new Error('no heartland');
    heartlandId = heartland.id;
    const [sport] = await db.select().from(eventCategories).where(eq(eventCategories.channelId, heartlandId));
    const teams = await db
      .select()
      .from(participants)
      .where(and(eq(participants.channelId, heartlandId), eq(participants.eventCategoryId, sport?.id ?? 0)));
    const [venue] = await db.select().from(eventLocations).where(eq(eventLocations.channelId, heartlandId));
    const [theirs] = await db.select().from(participants).where(ne(participants.channelId, heartlandId));
    if (!sport || teams.length < 2 || !venue || !theirs) throw new Error('demo catalogue missing');
    game = {
      sport_id: sport.id,
      home_team_id: teams[0]?.id ?? 0,
      away_team_id: teams[1]?.id ?? 0,
      venue_id: venue.id,
    };
    sofiaTeam = theirs.id;
    owner = await demoFanKey(t.app, 'owner@heartland.example');
    analyst = await demoFanKey(t.app, 'analyst@heartland.example');
    const op = await newAccount(t, 'scheduler@heartland.example');
    await t.services.console.setRole(op.user.channelId, op.user.id, 'operator', COMMAND_ACTOR);
    operator = op.key;
  }, 120_000);
  afterAll(() => t?.close());

  it('lets an analyst read the schedule and nothing more; fans, guests and other channels get 403', async () => {
    const sofiaOwner = await demoFanKey(t.app, 'owner@sofia.example', { key: SOFIA_KEY, host: 'sofia.localhost' });
    const before = await gameCount();
    const [existing] = await t.services.db.select().from(events).where(eq(events.channelId, heartlandId)).limit(1);
    const id = existing?.id ?? 0;
    expect((await call('GET', '/events', analyst)).statusCode).toBe(200);
    for (const key of [analyst, await demoFanKey(t.app), await guestKey(t.app), sofiaOwner, null]) {
      for (const [method, path, body] of [
        ['POST', '/events', newGame()],
        ['PATCH', `/events/${id}`, { name: 'Renamed' }],
        ['DELETE', `/events/${id}`],
      ] as [Method, string, object?][]) {
        const res = await call(method, path, key, body);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(errorOf(res).code).toBe('console_role_required');
      }
    }
    for (const key of [await demoFanKey(t.app), sofiaOwner, null]) {
      expect((await call('GET', '/events', key)).statusCode).toBe(403);
    }
    expect(await gameCount()).toBe(before);
  });

  it('adds a game at a wall-clock time of the channel’s zone; fans find it with its price, the log has it', async () => {
    const res = await call('POST', '/events', operator, newGame());
    expect(res.statusCode).toBe(201);
    const made = consoleGameSchema.parse(res.json().data);
    // 19:30 in Chicago on 14 March 2027 is daylight time (UTC-5): 00:30 UTC the next day.
    expect(made).toMatchObject({
      starts_at: '2027-03-15T00:30:00.000Z',
      ends_at: '2027-03-15T02:30:00.000Z',
      starts_at_local: '2027-03-14T19:30',
      time_zone: 'America/Chicago',
      status: 'upcoming',
      access_type: 'ppv',
      price_cents: 1299,
    });
    expect(made.name).toContain(' @ ');
    const fan = await t.app.inject({
      url: `/api/events/${made.id}?api_key=${await guestKey(t.app)}`,
      headers: { host: 'localhost' },
    });
    expect(fan.statusCode).toBe(200);
    expect(fan.json().data).toMatchObject({ id: made.id, name: made.name, base_price: 12.99 });
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'game.create'), eq(auditLog.entityId, String(made.id))));
    expect(entry?.after).toMatchObject({ starts_at_local: '2027-03-14T19:30', price_cents: 1299 });
    const one = await call('GET', `/events/${made.id}`, analyst);
    expect(consoleGameSchema.parse(one.json().data)).toEqual(made);
    expect((await call('GET', '/events/2147483647', analyst)).statusCode).toBe(404);
    const list = consoleGamesPageSchema.parse((await call('GET', '/events?status=upcoming&limit=100', analyst)).json());
    expect(list.data.some((g) => g.id === made.id)).toBe(true);
  });

  it('refuses bad games field by field, writing nothing', async () => {
    const before = await gameCount();
    const logBefore = (await t.services.db.select().from(auditLog)).length;
    const bad: [object, string][] = [
      [newGame({ price_cents: 0 }), 'price_cents'],
      [newGame({ access_type: 'free', price_cents: 500 }), 'price_cents'],
      [newGame({ away_team_id: game.home_team_id }), 'away_team_id'],
      [newGame({ starts_at_local: '2027-02-30T19:30' }), 'starts_at_local'],
      [newGame({ starts_at_local: '2027-03-14 19:30' }), 'starts_at_local'],
      [newGame({ home_team_id: sofiaTeam }), 'home_team_id'],
      [newGame({ sport_id: 2_147_483_647 }), 'sport_id'],
      [newGame({ venue_id: 99_999_999 }), 'venue_id'],
      [newGame({ price_cents: 1e12 }), 'price_cents'],
      [newGame({ name: 'Big\u0000Game' }), 'name'],
      [newGame({ duration_minutes: 5 }), 'duration_minutes'],
    ];
    for (const [body, field] of bad) {
      const res = await call('POST', '/events', owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('validation_failed');
      expect(JSON.stringify(error), field).toContain(field);
    }
    expect(await gameCount()).toBe(before);
    expect((await t.services.db.select().from(auditLog)).length).toBe(logBefore);
  });

  it('edits a game: a new time in the channel’s zone and free access; the log shows what changed', async () => {
    const made = consoleGameSchema.parse((await call('POST', '/events', owner, newGame())).json().data);
    const res = await call('PATCH', `/events/${made.id}`, owner, {
      starts_at_local: '2027-01-10T18:00',
      access_type: 'free',
    });
    expect(res.statusCode).toBe(200);
    // January is standard time in Chicago (UTC-6).
    expect(consoleGameSchema.parse(res.json().data)).toMatchObject({
      starts_at: '2027-01-11T00:00:00.000Z',
      access_type: 'free',
      price_cents: 0,
    });
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'game.update'), eq(auditLog.entityId, String(made.id))));
    expect(entry?.before).toEqual({ starts_at_local: '2027-03-14T19:30', access_type: 'ppv', price_cents: 1299 });
    expect(entry?.after).toEqual({ starts_at_local: '2027-01-10T18:00', access_type: 'free', price_cents: 0 });
    expect((await call('PATCH', `/events/${made.id}`, owner, { access_type: 'ppv' })).statusCode).toBe(400);
    expect((await call('PATCH', '/events/2147483647', owner, { name: 'Nobody' })).statusCode).toBe(404);
  });

  it('deletes an upcoming game no one bought; refuses one that started or that fans bought', async () => {
    const made = consoleGameSchema.parse((await call('POST', '/events', owner, newGame())).json().data);
    const [fan] = await t.services.db.select().from(orders).limit(1);
    if (!fan) throw new Error('the demo has no order');
    const bought = consoleGameSchema.parse((await call('POST', '/events', owner, newGame())).json().data);
    await t.services.db.insert(orders).values({
      channelId: heartlandId,
      userId: fan.userId,
      type: 'event',
      eventId: bought.id,
      name: bought.name,
      subtotalCents: 1299,
      amountCents: 1299,
      currency: 'USD',
      idempotencyKey: `console-test-${bought.id}`,
      provider: 'sandbox',
    });
    const refused = await call('DELETE', `/events/${bought.id}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('game_has_orders');
    const [live] = await t.services.db
      .select()
      .from(events)
      .where(and(eq(events.channelId, heartlandId), eq(events.streamStatus, 'live')))
      .limit(1);
    const started = await call('DELETE', `/events/${live?.id}`, owner);
    expect(started.statusCode).toBe(409);
    expect(errorOf(started).code).toBe('game_started');

    expect((await call('DELETE', `/events/${made.id}`, owner)).json()).toEqual({ data: { ok: true } });
    const gone = await t.app.inject({
      url: `/api/events/${made.id}?api_key=${await guestKey(t.app)}`,
      headers: { host: 'localhost' },
    });
    expect(gone.statusCode).toBe(404);
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'game.delete'), eq(auditLog.entityId, String(made.id))));
    expect(entry?.before).toMatchObject({ price_cents: 1299 });
    expect((await call('DELETE', `/events/${made.id}`, owner)).statusCode).toBe(404);
  });
});
