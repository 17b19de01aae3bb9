import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, insertUser } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { createFavoritesRepository, type FavoritesRepository } from './favorites.repository';

describe.each(dbKinds())('favorites repository on %s', (kind) => {
  let database: Database;
  let repo: FavoritesRepository;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createFavoritesRepository({ db: database.db });
  });
  afterAll(() => database.close());

  it('adds a favorite once: adding it again returns the one already there', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'fav');
    const first = await repo.add(fan.id, 'participant', 42);
    expect(first).toMatchObject({ created: true, favorite: { favoritable_type: 'participant', favoritable_id: 42 } });
    const again = await repo.add(fan.id, 'participant', 42);
    expect(again).toEqual({ created: false, favorite: first.favorite });
    // The same id of another kind is another favorite.
    expect((await repo.add(fan.id, 'event_category', 42)).created).toBe(true);
    expect(await repo.list(fan.id)).toHaveLength(2);
  });

  it('settles two adds at once on one row', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'fav-race');
    const results = await Promise.all([repo.add(fan.id, 'favorite_event', 7), repo.add(fan.id, 'favorite_event', 7)]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(results[0]?.favorite.id).toBe(results[1]?.favorite.id);
    expect(await repo.list(fan.id)).toHaveLength(1);
  });

  it('lists in the order they were added, and never another user’s', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'fav-list');
    const other = await insertUser(database.db, HEARTLAND, 'fav-other');
    const a = await repo.add(fan.id, 'participant_group', 3);
    await repo.add(other.id, 'participant_group', 3);
    const b = await repo.add(fan.id, 'event_location', 1);
    expect(await repo.list(fan.id)).toEqual([a.favorite, b.favorite]);
  });

  it('removes only the caller’s own favorite, once', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'fav-rm');
    const other = await insertUser(database.db, HEARTLAND, 'fav-rm-other');
    const { favorite } = await repo.add(fan.id, 'participant', 9);
    expect(await repo.remove(other.id, favorite.id)).toBe(false);
    expect(await repo.list(fan.id)).toEqual([favorite]);
    expect(await repo.remove(fan.id, favorite.id)).toBe(true);
    expect(await repo.remove(fan.id, favorite.id)).toBe(false);
    expect(await repo.list(fan.id)).toEqual([]);
    // Gone, it can be added afresh.
    expect((await repo.add(fan.id, 'participant', 9)).created).toBe(true);
  });
});
