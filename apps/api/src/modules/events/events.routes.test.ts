import { errorBodySchema } from '@sideline/contract/errors';
import { type Event, eventSchema, eventsPageSchema, homepageSectionSchema } from '@sideline/contract/events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { TEST_EVENTS } from '../../../test/support/seed-test-data';
import { caller, createTestApp, demoFanKey, guestKey, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { events as eventsTable } from './events.table';

const page = eventsPageSchema;

describe.each(dbKinds())('event listings on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let key: string;
  let catalog: {
    teams: { id: number; participant_group_id: number | null; properties: { gender: string | null } }[];
    groups: { id: number; alias: string }[];
    sports: { id: number; alias: string }[];
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { EVENTS_CACHE_TTL_MS: '600000' });
    call = caller(t.app);
    key = await guestKey(t.app);
    catalog = {
      teams: (await call({ url: '/api/participants' })).json().data,
      groups: (await call({ url: '/api/participant-groups' })).json().data,
      sports: (await call({ url: '/api/events-categories' })).json().data,
    };
  });
  afterAll(() => t.close());

  const list = async (query: string, k = key) => {
    const res = await call({ url: `/api/events?${query}`, key: k });
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    return page.parse(res.json());
  };
  const all = async (query: string) =>
    (await list(`${query}&limit=100`)).data.concat(
      (await list(`${query}&limit=100&offset=100`)).data,
      (await list(`${query}&limit=100&offset=200`)).data,
    );

  it('lists every event of the channel, 20 a page by default, with participants away then home', async () => {
    const first = await list('');
    expect(first.meta).toEqual({ offset: 0, limit: 20, has_more: true });
    expect(first.data).toHaveLength(20);
    for (const e of first.data) {
      expect(e.participants).toHaveLength(2);
      expect(e.participants[1]?.id).toBe(e.home_team_id);
      expect(e.time_zone).toMatch(/^America\//);
      expect(e.service_fee).toBeGreaterThanOrEqual(0);
    }
    const starts = first.data.map((e) => e.event_utc_ts);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('filters by stream status, single and combined', async () => {
    const live = await list('stream_status=live');
    expect(live.meta).toEqual({ offset: 0, limit: 20, has_more: false, total: 3 });
    expect(live.data.every((e) => e.stream_status === 'live')).toBe(true);
    const anchor = inject('seedAnchor') / 1000;
    const upcoming = await all('stream_status=upcoming');
    expect(upcoming.every((e) => e.stream_status === 'upcoming' && e.event_utc_ts > anchor)).toBe(true);
    const finished = await all('stream_status=finished');
    expect(finished.every((e) => e.stream_status === 'finished' && (e.end_utc_ts ?? 0) <= anchor)).toBe(true);
    expect(3 + upcoming.length + finished.length).toBe(TEST_EVENTS);
    expect((await all('stream_status=live,upcoming')).length).toBe(3 + upcoming.length);
    expect((await call({ url: '/api/events?stream_status=soon', key })).statusCode).toBe(400);
  });

  it('filters by sport, school, team, gender and venue, alone and together', async () => {
    const basketball = catalog.sports.find((s) => s.alias === 'basketball')?.id as number;
    const northfield = catalog.groups.find((g) => g.alias === 'northfield')?.id as number;
    const bySport = await all(`event_category_id=${basketball}`);
    expect(bySport.length).toBeGreaterThan(0);
    expect(bySport.every((e) => e.event_category_id === basketball)).toBe(true);

    const bySchool = await all(`participant_group_id=${northfield}`);
    expect(bySchool.length).toBeGreaterThan(0);
    expect(bySchool.every((e) => e.participants.some((p) => p.participant_group_id === northfield))).toBe(true);

    const both = await all(`event_category_id=${basketball}&participant_group_id=${northfield}`);
    expect(both.map((e) => e.id).sort()).toEqual(
      bySport
        .filter((e) => bySchool.some((s) => s.id === e.id))
        .map((e) => e.id)
        .sort(),
    );

    const team = bySchool[0]?.participants.find((p) => p.participant_group_id === northfield)?.id as number;
    const byTeam = await all(`participant_id=${team}`);
    expect(byTeam.length).toBeGreaterThan(0);
    expect(byTeam.every((e) => e.participants.some((p) => p.id === team))).toBe(true);

    const women = await all('gender=women');
    expect(
      women.every((e) => e.gender === 'women' && e.participants.every((p) => p.properties.gender === 'women')),
    ).toBe(true);
    const womenBasketball = await all(`gender=women&event_category_id=${basketball}`);
    expect(womenBasketball.length).toBeLessThan(bySport.length);

    const venue = bySchool[0]?.location_id as number;
    const atVenue = await all(`location_id=${venue}`);
    expect(atVenue.length).toBeGreaterThan(0);
    expect(atVenue.every((e) => e.location_id === venue)).toBe(true);

    const two = await all(`participant_group_id=${northfield},${catalog.groups[1]?.id}`);
    expect(two.length).toBeGreaterThan(bySchool.length);
  });

  it('filters by date range and free text', async () => {
    const anchor = inject('seedAnchor') / 1000;
    const week = await all(`start_date=${anchor}&end_date=${anchor + 7 * 86400}`);
    expect(week.length).toBeGreaterThan(0);
    expect(week.every((e) => e.event_utc_ts >= anchor && e.event_utc_ts <= anchor + 7 * 86400)).toBe(true);

    const northfield = await all('search=northfield');
    expect(northfield.length).toBeGreaterThan(0);
    expect(northfield.every((e) => e.participants.some((p) => p.name.startsWith('Northfield')))).toBe(true);
    expect((await all('search=Basketball')).every((e) => e.name.includes('Basketball'))).toBe(true);
    expect((await list('search=zzzz-nothing')).meta).toEqual({ offset: 0, limit: 20, has_more: false, total: 0 });
    expect((await list('search=50%25')).data).toEqual([]);
  });

  it('sorts by start, name or id in either direction, with stable pages', async () => {
    const desc = (await list('sort_direction=desc&limit=50')).data.map((e) => e.event_utc_ts);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const names = (await list('sort_field=name&limit=50')).data.map((e) => e.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const ids = (await list('sort_field=id&sort_direction=desc&limit=5')).data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const seen = new Set<number>();
    for (let offset = 0; offset < TEST_EVENTS; offset += 37) {
      for (const e of (await list(`limit=37&offset=${offset}`)).data) seen.add(e.id);
    }
    expect(seen.size).toBe(TEST_EVENTS);
  });

  it('handles paging edges', async () => {
    const past = await list(`offset=${TEST_EVENTS + 10}`);
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ offset: TEST_EVENTS + 10, limit: 20, has_more: false });
    const last = await list(`offset=${TEST_EVENTS - 1}&limit=10`);
    expect(last.data).toHaveLength(1);
    expect(last.meta).toMatchObject({ has_more: false, total: TEST_EVENTS });
    const exact = await list(`offset=${TEST_EVENTS - 20}&limit=20`);
    expect(exact.meta).toMatchObject({ has_more: false, total: TEST_EVENTS });
    expect((await list(`offset=${TEST_EVENTS - 21}&limit=20`)).meta.has_more).toBe(true);
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc', 'participant_id=1,x', 'colour=red']) {
      const res = await call({ url: `/api/events?${bad}`, key });
      expect(res.statusCode, bad).toBe(400);
      expect(errorBodySchema.parse(res.json()).error.code).toBe('validation_failed');
    }
  });

  it('tells each caller whether they may watch, by access type', async () => {
    const byType = async (k: string) => {
      const events = (await list('limit=100', k)).data.concat((await list('limit=100&offset=100', k)).data);
      return (type: Event['type']) => events.filter((e) => e.type === type).map((e) => e.has_access);
    };
    const guest = await byType(key);
    expect(new Set(guest('free'))).toEqual(new Set([true]));
    expect(new Set(guest('register'))).toEqual(new Set([false]));
    expect(new Set(guest('paid'))).toEqual(new Set([false]));
    expect(new Set(guest('ppv'))).toEqual(new Set([false]));

    const fan = await byType(await demoFanKey(t.app));
    expect(new Set(fan('register'))).toEqual(new Set([true]));
    expect(new Set(fan('paid'))).toEqual(new Set([false]));
  });

  it('shows one event, and only to its own channel', async () => {
    const [first] = (await list('limit=1')).data;
    const one = await call({ url: `/api/events/${first?.id}`, key });
    expect(eventSchema.parse(one.json().data)).toEqual(first);
    const sofia = await guestKey(t.app, 'ssn_demo_channel_key_sofia');
    expect((await call({ url: `/api/events/${first?.id}`, key: sofia })).statusCode).toBe(404);
    expect((await call({ url: '/api/events/0', key })).statusCode).toBe(400);
    const unknown = await call({ url: '/api/events/99999999', key });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('event_not_found');
    expect((await call({ url: '/api/events' })).statusCode).toBe(401);
  });

  it('builds the home page rails', async () => {
    const sections = z
      .array(homepageSectionSchema)
      .parse((await call({ url: '/api/events-for-homepage', key })).json().data);
    expect(sections.map((s) => s.key)).toEqual(['live', 'upcoming', 'recent']);
    expect(sections[0]?.events.every((e) => e.stream_status === 'live')).toBe(true);
    const recent = sections[2]?.events.map((e) => e.event_utc_ts) ?? [];
    expect(recent).toEqual([...recent].sort((a, b) => b - a));
  });

  it('lists the properties schools carry', async () => {
    const props = (await call({ url: '/api/participant-group-properties', key })).json().data;
    expect(props).toEqual(expect.arrayContaining([{ name: 'division', values: ['Division I'] }]));
    expect(props.find((p: { name: string }) => p.name === 'state').values).toContain('MN');
  });

  it('moves events along with the clock and drops cached listings at once', async () => {
    const before = await list('stream_status=live');
    const [next] = (await list('stream_status=upcoming&limit=1')).data;
    const startsAt = new Date((next?.event_utc_ts ?? 0) * 1000);
    // Now is one minute after its start: it goes live, and the cached live list shows it straight away.
    expect(await t.services.events.sweepStatuses(new Date(startsAt.getTime() + 60_000))).toContain(1);
    const now = startsAt.getTime() / 1000 + 60;
    const after = await list('stream_status=live');
    expect(after.data.map((e) => e.id)).toContain(next?.id);
    // Games that were live and have ended by then are finished.
    for (const e of before.data) {
      const status = (await call({ url: `/api/events/${e.id}`, key })).json().data.stream_status;
      expect(status).toBe((e.end_utc_ts ?? 0) <= now ? 'finished' : 'live');
    }
    const [row] = await t.database.db
      .select()
      .from(eventsTable)
      .where(eq(eventsTable.id, next?.id ?? 0));
    expect(row?.streamStatus).toBe('live');
  });
});
