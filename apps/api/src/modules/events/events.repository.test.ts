import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, SOFIA } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { createEventsRepository, type EventFilters, type EventRow, type EventsRepository } from './events.repository';
import { events } from './events.table';

const ALL = { offset: 0, limit: 10_000 };
const BY_START = { field: 'event_utc_ts', direction: 'asc' } as const;
const HOUR = 3_600_000;

const ids = (rows: EventRow[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe.each(dbKinds())('events repository on %s', (kind) => {
  let database: Database;
  let repo: EventsRepository;
  /** Every heartland game, read once: the oracle the filters are checked against. */
  let season: EventRow[];

  const list = async (filters: EventFilters, channelId = HEARTLAND) =>
    (await repo.list(channelId, filters, BY_START, ALL)).rows;
  /** The filter gives exactly the games the predicate picks, and picks some (else the check proves nothing). */
  const expectPicks = async (filters: EventFilters, pick: (e: EventRow) => boolean) => {
    const expected = ids(season.filter(pick));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(season.length);
    expect(ids(await list(filters))).toEqual(expected);
  };
  const at = <T>(values: T[], i: number): T => {
    const v = values[i];
    if (v === undefined) throw new Error(`no value at ${i}`);
    return v;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createEventsRepository({ db: database.db });
    season = await list({});
  });
  afterAll(() => database.close());

  it('keeps each channel’s games to itself', async () => {
    expect(season.length).toBeGreaterThanOrEqual(240);
    expect(season.every((e) => e.channelId === HEARTLAND)).toBe(true);
    const sofia = await list({}, SOFIA);
    expect(sofia.length).toBeGreaterThan(0);
    expect(sofia.every((e) => e.channelId === SOFIA)).toBe(true);
    const game = at(season, 0);
    expect((await repo.byId(HEARTLAND, game.id))?.name).toBe(game.name);
    expect(await repo.byId(SOFIA, game.id)).toBeUndefined();
    expect(await repo.exists(HEARTLAND, game.id)).toBe(true);
    expect(await repo.exists(SOFIA, game.id)).toBe(false);
  });

  it('filters by status, sport, venue, gender and start dates (both ends included)', async () => {
    const game = at(season, 100);
    await expectPicks({ statuses: ['live', 'upcoming'] }, (e) => e.streamStatus !== 'finished');
    await expectPicks({ categoryIds: [game.eventCategoryId ?? -1] }, (e) => e.eventCategoryId === game.eventCategoryId);
    await expectPicks({ locationIds: [game.locationId ?? -1] }, (e) => e.locationId === game.locationId);
    await expectPicks({ gender: 'women' }, (e) => e.gender === 'women');
    const from = at(season, 50).startsAt;
    const to = at(season, 150).startsAt;
    await expectPicks({ from, to }, (e) => e.startsAt >= from && e.startsAt <= to);
    await expectPicks(
      { statuses: ['finished'], gender: 'men', from },
      (e) => e.streamStatus === 'finished' && e.gender === 'men' && e.startsAt >= from,
    );
  });

  it('finds a team’s or a school’s games whether they play at home or away', async () => {
    const game = at(season, 10);
    const team = game.awayTeamId ?? -1;
    const school = game.homeGroupId ?? -1;
    await expectPicks({ participantIds: [team] }, (e) => e.homeTeamId === team || e.awayTeamId === team);
    await expectPicks({ groupIds: [school] }, (e) => e.homeGroupId === school || e.awayGroupId === school);
    expect((await list({ participantIds: [team] })).some((e) => e.homeTeamId === team)).toBe(true);
  });

  it('searches names in any case, with % and _ taken as letters, or the teams the service resolved', async () => {
    // A word of some games' names but not all (the first such word in the season).
    const words = season.flatMap((e) => e.name.split(' ')).filter((w) => w.length > 2);
    const picks = (w: string) => season.filter((e) => e.name.toLowerCase().includes(w.toLowerCase())).length;
    const word = words.find((w) => picks(w) < season.length) ?? '';
    const none = { participantIds: [], groupIds: [], categoryIds: [] };
    await expectPicks({ search: { text: word.toUpperCase(), ...none } }, (e) =>
      e.name.toLowerCase().includes(word.toLowerCase()),
    );
    expect(season.some((e) => /[%_]/.test(e.name))).toBe(false);
    expect(await list({ search: { text: '%', ...none } })).toEqual([]);
    expect(await list({ search: { text: '_', ...none } })).toEqual([]);
    const team = at(season, 7).homeTeamId ?? -1;
    await expectPicks(
      { search: { text: 'no game is called this', ...none, participantIds: [team] } },
      (e) => e.homeTeamId === team || e.awayTeamId === team,
    );
  });

  it('matches any of a fan’s favorites, and nothing when the fan has none', async () => {
    expect(await list({ anyOf: {} })).toEqual([]);
    expect(await list({ anyOf: { participantIds: [], eventIds: [] } })).toEqual([]);
    const picked = [at(season, 3).id, at(season, 30).id];
    const school = at(season, 60).awayGroupId ?? -1;
    await expectPicks(
      { anyOf: { eventIds: picked, groupIds: [school] } },
      (e) => picked.includes(e.id) || e.homeGroupId === school || e.awayGroupId === school,
    );
    // Favorites narrow down the other filters; they do not widen them.
    await expectPicks(
      { statuses: ['upcoming'], anyOf: { groupIds: [school] } },
      (e) => e.streamStatus === 'upcoming' && (e.homeGroupId === school || e.awayGroupId === school),
    );
  });

  it('sorts with the id as tie-break and pages through the whole list, telling when more follows', async () => {
    const byName = [...season].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    const sort = { field: 'name', direction: 'asc' } as const;
    const seen: number[] = [];
    for (let offset = 0; ; offset += 70) {
      const page = await repo.list(HEARTLAND, {}, sort, { offset, limit: 70 });
      seen.push(...page.rows.map((r) => r.id));
      expect(page.hasMore).toBe(offset + 70 < season.length);
      if (!page.hasMore) break;
    }
    // PostgreSQL orders text by its collation; compare against the database's own full ordering.
    const whole = await repo.list(HEARTLAND, {}, sort, ALL);
    expect(seen).toEqual(whole.rows.map((r) => r.id));
    expect([...seen].sort((a, b) => a - b)).toEqual(ids(byName));
    const exact = await repo.list(HEARTLAND, {}, BY_START, { offset: season.length - 5, limit: 5 });
    expect(exact.rows).toHaveLength(5);
    expect(exact.hasMore).toBe(false);

    const newest = await repo.list(
      HEARTLAND,
      {},
      { field: 'event_utc_ts', direction: 'desc' },
      { offset: 0, limit: 20 },
    );
    const expected = [...season]
      .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || b.id - a.id)
      .slice(0, 20)
      .map((e) => e.id);
    expect(newest.rows.map((r) => r.id)).toEqual(expected);
    expect(newest.hasMore).toBe(true);
  });

  it('moves games along with the clock and tells which channels changed', async () => {
    // Far past every seeded game: each one that has ended finishes too.
    const now = new Date(Date.UTC(2090, 0, 1, 12));
    const base = {
      channelId: SOFIA,
      accessType: 'free' as const,
      timeZone: 'Europe/Sofia',
    };
    const made = await database.db
      .insert(events)
      .values([
        {
          ...base,
          name: 'started',
          streamStatus: 'upcoming',
          startsAt: new Date(now.getTime() - HOUR),
          endsAt: new Date(now.getTime() + HOUR),
        },
        {
          ...base,
          name: 'missed',
          streamStatus: 'upcoming',
          startsAt: new Date(now.getTime() - 3 * HOUR),
          endsAt: new Date(now.getTime() - 2 * HOUR),
        },
        { ...base, name: 'over', streamStatus: 'live', startsAt: new Date(now.getTime() - 2 * HOUR), endsAt: now },
        {
          ...base,
          name: 'later',
          streamStatus: 'upcoming',
          startsAt: new Date(now.getTime() + HOUR),
          endsAt: new Date(now.getTime() + 3 * HOUR),
        },
      ])
      .returning();
    const before = await database.db.select().from(events);

    const changed = await repo.advanceStatuses(now);
    const after = await database.db.select().from(events);
    const status = (name: string) => after.find((e) => e.id === made.find((m) => m.name === name)?.id)?.streamStatus;
    expect([status('started'), status('missed'), status('over'), status('later')]).toEqual([
      'live',
      'finished',
      'finished',
      'upcoming',
    ]);
    const moved = after.filter((e) => before.find((b) => b.id === e.id)?.streamStatus !== e.streamStatus);
    expect([...changed].sort()).toEqual([...new Set(moved.map((e) => e.channelId))].sort());
    expect(await repo.anyLive()).toBe(true);

    // Once every game has ended, nothing is live and a second pass changes nothing.
    const later = new Date(Date.UTC(2091, 0, 1));
    expect(await repo.advanceStatuses(later)).toEqual([SOFIA]);
    expect(await repo.anyLive()).toBe(false);
    expect(await repo.advanceStatuses(later)).toEqual([]);
    expect((await database.db.select().from(events).where(eq(events.name, 'later')))[0]?.streamStatus).toBe('finished');
  });
});
