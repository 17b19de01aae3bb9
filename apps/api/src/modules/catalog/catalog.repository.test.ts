import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, one, SOFIA } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { type CatalogRepository, createCatalogRepository } from './catalog.repository';
import { eventCategories, eventLocations, participantGroups, participants } from './catalog.table';

const sortedBy = <T>(rows: T[], key: (r: T) => number) =>
  rows.map(key).every((v, i, all) => i === 0 || (all[i - 1] ?? 0) <= v);

describe.each(dbKinds())('catalog repository on %s', (kind) => {
  let database: Database;
  let repo: CatalogRepository;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createCatalogRepository({ db: database.db });
  });
  afterAll(() => database.close());

  it('gives each channel its own sports, by position', async () => {
    const heartland = await repo.categories(HEARTLAND);
    const sofia = await repo.categories(SOFIA);
    expect(heartland.length).toBeGreaterThan(0);
    expect(sortedBy(heartland, (c) => c.position)).toBe(true);
    const shared = heartland.filter((c) => sofia.some((s) => s.id === c.id));
    expect(shared).toEqual([]);
    const first = one(
      await database.db
        .insert(eventCategories)
        .values({ channelId: SOFIA, name: 'Chess', alias: 'chess', image: '/chess.svg', position: -1 })
        .returning(),
    );
    expect((await repo.categories(SOFIA))[0]).toEqual({
      id: first.id,
      name: 'Chess',
      alias: 'chess',
      image: '/chess.svg',
      position: -1,
    });
    expect((await repo.categories(HEARTLAND)).map((c) => c.id)).not.toContain(first.id);
  });

  it('gives venues, schools and teams by name with the id as tie-break', async () => {
    const db = database.db;
    const [v1, v2] = await db
      .insert(eventLocations)
      .values([
        { channelId: HEARTLAND, name: 'AAA Same Hall', city: 'X', state: null, country: 'US', timeZone: 'UTC' },
        { channelId: HEARTLAND, name: 'AAA Same Hall', city: 'Y', state: null, country: 'US', timeZone: 'UTC' },
      ])
      .returning();
    const venues = await repo.locations(HEARTLAND);
    expect(venues.slice(0, 2).map((v) => v.id)).toEqual([v1?.id, v2?.id]);
    expect(venues[1]).toMatchObject({ city: 'Y', time_zone: 'UTC' });
    expect((await repo.locations(SOFIA)).map((v) => v.id)).not.toContain(v1?.id);

    const [g1, g2] = await db
      .insert(participantGroups)
      .values([
        { channelId: HEARTLAND, alias: 'same-1', name: 'AAA Same School', shortName: 'S1', color: '#000' },
        { channelId: HEARTLAND, alias: 'same-2', name: 'AAA Same School', shortName: 'S2', color: '#111' },
      ])
      .returning();
    const groups = await repo.groups(HEARTLAND);
    expect(groups.slice(0, 2).map((g) => g.short_name)).toEqual(['S1', 'S2']);
    expect(groups.slice(0, 2).map((g) => g.id)).toEqual([g1?.id, g2?.id]);
    expect((await repo.groups(SOFIA)).map((g) => g.id)).not.toContain(g1?.id);

    const [t1, t2] = await db
      .insert(participants)
      .values([
        {
          channelId: HEARTLAND,
          alias: 'same-a',
          name: 'AAA Same Team',
          shortName: 'A',
          color: '#000',
          participantGroupId: g1?.id,
        },
        {
          channelId: HEARTLAND,
          alias: 'same-b',
          name: 'AAA Same Team',
          shortName: 'B',
          color: '#000',
          participantGroupId: g2?.id,
        },
      ])
      .returning();
    const teams = await repo.participants(HEARTLAND);
    expect(teams.slice(0, 2).map((t) => [t.id, t.participant_group_id])).toEqual([
      [t1?.id, g1?.id],
      [t2?.id, g2?.id],
    ]);
  });

  it('gives each team its school, sport name and gender', async () => {
    const teams = await repo.participants(HEARTLAND);
    const sports = await repo.categories(HEARTLAND);
    const groups = await repo.groups(HEARTLAND);
    const seeded = teams.filter((t) => t.event_category_id !== null);
    expect(seeded.length).toBeGreaterThan(1);
    for (const team of seeded) {
      expect(team.properties.sport).toBe(sports.find((s) => s.id === team.event_category_id)?.name);
      expect(groups.some((g) => g.id === team.participant_group_id)).toBe(true);
      expect(['men', 'women']).toContain(team.properties.gender);
    }
    // A team with no sport is still listed, with none.
    const loose = one(
      await database.db
        .insert(participants)
        .values({ channelId: SOFIA, alias: 'loose', name: 'AAA Loose', shortName: 'LSE', color: '#000', gender: 'men' })
        .returning(),
    );
    const sofiaTeams = await repo.participants(SOFIA);
    expect(sofiaTeams.find((t) => t.id === loose.id)).toMatchObject({
      event_category_id: null,
      properties: { sport: null },
    });
    expect(teams.map((t) => t.id)).not.toContain(loose.id);
  });
});
