import { errorBodySchema } from '@sideline/contract/errors';
import { eventSchema } from '@sideline/contract/events';
import { favoriteSchema } from '@sideline/contract/favorites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newAccount } from '../../../test/support/accounts';
import { caller, createTestApp, guestKey, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';

describe.each(dbKinds())('favorites on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let fan: string;
  let other: string;
  let guest: string;
  let events: z.infer<typeof eventSchema>[];

  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: '1000' });
    call = caller(t.app);
    fan = (await newAccount(t, 'fav1@example.org')).key;
    other = (await newAccount(t, 'fav2@example.org')).key;
    guest = await guestKey(t.app);
    events = (await call({ url: '/api/events?limit=100', key: guest })).json().data;
  });
  afterAll(() => t.close());

  const add = (key: string, favoritable_type: string, favoritable_id: number) =>
    call({ method: 'POST', url: '/api/favorite', key, body: { favoritable_type, favoritable_id } });
  const favoriteEvents = async (key: string, query = '') => {
    const res = await call({ url: `/api/events/favorite?limit=100${query}`, key });
    return z.object({ data: z.array(eventSchema) }).parse(res.json()).data;
  };
  const favs = async (key: string) =>
    z.array(favoriteSchema).parse((await call({ url: '/api/favorites', key })).json().data);

  it('asks guests to log in', async () => {
    for (const res of [
      await call({ url: '/api/favorites', key: guest }),
      await add(guest, 'participant', 1),
      await call({ url: '/api/events/favorite', key: guest }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(errorBodySchema.parse(res.json()).error.message).toBe('user must be logged in');
    }
  });

  it('follows each kind of thing and lists the events that match any of them', async () => {
    const e = events[5] as z.infer<typeof eventSchema>;
    const team = e.participants[0]?.id as number;
    const school = e.participants[1]?.participant_group_id as number;
    const cases: [string, number, (ev: z.infer<typeof eventSchema>) => boolean][] = [
      ['participant', team, (ev) => ev.participants.some((p) => p.id === team)],
      ['participant_group', school, (ev) => ev.participants.some((p) => p.participant_group_id === school)],
      ['event_category', e.event_category_id as number, (ev) => ev.event_category_id === e.event_category_id],
      ['favorite_event', e.id, (ev) => ev.id === e.id],
      ['event_location', e.location_id as number, (ev) => ev.location_id === e.location_id],
    ];
    for (const [type, id, matches] of cases) {
      const key = (await newAccount(t, `only-${type}@example.org`)).key;
      const res = await add(key, type, id);
      expect(res.statusCode, type).toBe(201);
      expect(favoriteSchema.parse(res.json().data)).toMatchObject({ favoritable_type: type, favoritable_id: id });
      const found = await favoriteEvents(key);
      expect(found.length, type).toBeGreaterThan(0);
      expect(found.every(matches), type).toBe(true);
      expect(
        found.some((ev) => ev.id === e.id),
        type,
      ).toBe(true);
    }
  });

  it('adds idempotently, refuses unknown types and unknown things, and deletes only its own', async () => {
    const team = events[0]?.participants[0]?.id as number;
    const first = await add(fan, 'participant', team);
    const again = await add(fan, 'participant', team);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().data.id).toBe(first.json().data.id);

    expect((await add(fan, 'league', 1)).statusCode).toBe(400);
    const nothing = await add(fan, 'participant', 999999);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().error).toMatchObject({ code: 'favorite_target_not_found', field: 'favoritable_id' });
    const sofiaTeams = (await call({ url: '/api/participants', host: 'sofia.localhost' })).json().data;
    expect((await add(fan, 'participant', sofiaTeams[0].id)).statusCode).toBe(404);

    const id = first.json().data.id as number;
    expect((await favs(other)).map((f) => f.id)).not.toContain(id);
    expect((await call({ method: 'DELETE', url: `/api/favorite/${id}`, key: other })).statusCode).toBe(404);
    expect((await favs(fan)).map((f) => f.id)).toContain(id);
    expect((await call({ method: 'DELETE', url: `/api/favorite/${id}`, key: fan })).statusCode).toBe(200);
    expect((await favs(fan)).map((f) => f.id)).not.toContain(id);
    const gone = await call({ method: 'DELETE', url: `/api/favorite/${id}`, key: fan });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('favorite_not_found');
  });

  it('keeps favorites private: another user sees none of them and none of their events', async () => {
    await add(fan, 'event_category', events[0]?.event_category_id as number);
    expect(await favs(other)).toEqual([]);
    expect(await favoriteEvents(other)).toEqual([]);
    expect((await favoriteEvents(fan)).length).toBeGreaterThan(0);
  });

  it('filters favorite events by status and dates and puts a favorites rail on the home page', async () => {
    const key = (await newAccount(t, 'rail@example.org')).key;
    const upcoming = eventSchema.parse(
      (await call({ url: '/api/events?stream_status=upcoming&limit=1', key })).json().data[0],
    );
    await add(key, 'participant', upcoming.home_team_id as number);
    const onlyUpcoming = await favoriteEvents(key, '&stream_status=upcoming');
    expect(onlyUpcoming.every((e) => e.stream_status === 'upcoming')).toBe(true);
    const windowed = await favoriteEvents(
      key,
      `&start_date=${upcoming.event_utc_ts}&end_date=${upcoming.event_utc_ts}`,
    );
    expect(windowed.map((e) => e.id)).toContain(upcoming.id);
    const home = (await call({ url: '/api/events-for-homepage', key })).json().data;
    expect(home[0].key).toBe('favorites');
    expect(home[0].events.map((e: { id: number }) => e.id)).toContain(upcoming.id);
  });
});
