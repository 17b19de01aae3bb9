import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, one, SOFIA } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { createVodRepository, type VodItemRow, type VodRepository } from './vod.repository';
import { vodCategories, vodMediaItems, vodRailItems, vodRails } from './vod.table';

const DAY = 86_400_000;
const T0 = Date.UTC(2035, 0, 1);

describe.each(dbKinds())('vod repository on %s', (kind) => {
  let database: Database;
  let repo: VodRepository;
  let category: number;
  /** Six videos of a category of their own, dated in 2035 so they are the channel's newest. */
  let mine: VodItemRow[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createVodRepository({ db: database.db });
    const db = database.db;
    category = one(
      await db
        .insert(vodCategories)
        .values({ channelId: HEARTLAND, name: 'Repo test', alias: 'repo-test', position: 99 })
        .returning(),
    ).id;
    const item = (title: string, daysAfter: number, preview: string | null = null) => ({
      channelId: HEARTLAND,
      categoryId: category,
      title,
      date: new Date(T0 + daysAfter * DAY),
      mediaKey: `vod/${title}`,
      image: `/img/${title}.jpg`,
      preview,
    });
    mine = await db
      .insert(vodMediaItems)
      .values([
        item('Alpha', 0),
        item('beta 100% effort', 1, '/preview/beta.mp4'),
        item('Gamma under_score', 2),
        item('delta', 2),
        item('Epsilon', 3),
        item('zeta', 4),
      ])
      .returning();
  });
  afterAll(() => database.close());

  it('lists categories by position, each channel its own', async () => {
    const sofia = one(
      await database.db
        .insert(vodCategories)
        .values({ channelId: SOFIA, name: 'First in Sofia', alias: 'first', position: -1 })
        .returning(),
    );
    const heartland = await repo.categories(HEARTLAND);
    expect(heartland.at(-1)).toEqual({ id: category, name: 'Repo test', alias: 'repo-test', position: 99 });
    expect(heartland.map((c) => c.position)).toEqual([...heartland.map((c) => c.position)].sort((a, b) => a - b));
    expect(heartland.map((c) => c.id)).not.toContain(sofia.id);
    expect((await repo.categories(SOFIA))[0]?.id).toBe(sofia.id);
  });

  it('lists videos newest first (the later id first on the same day), a page at a time, per category', async () => {
    const newest = await repo.items(HEARTLAND, { offset: 0, limit: 4 });
    const [a, b, c, d, e, z] = mine.map((m) => m.id);
    expect(newest.rows.map((r) => r.id)).toEqual([z, e, d, c]);
    const all = await repo.items(HEARTLAND, { offset: 0, limit: undefined });
    expect(newest.total).toBe(all.rows.length);
    expect(all.rows.every((r) => r.channelId === HEARTLAND)).toBe(true);

    const page = await repo.items(HEARTLAND, { offset: 3, limit: 2, categoryId: category });
    expect(page).toMatchObject({ total: 6 });
    expect(page.rows.map((r) => r.id)).toEqual([c, b]);
    expect((await repo.items(HEARTLAND, { offset: 5, limit: 10, categoryId: category })).rows.map((r) => r.id)).toEqual(
      [a],
    );
    // A category of another channel finds nothing here.
    expect(await repo.items(SOFIA, { offset: 0, limit: 10, categoryId: category })).toEqual({ rows: [], total: 0 });
  });

  it('searches titles in any case, taking % and _ as letters, by date or by title', async () => {
    const ids = new Set(mine.map((m) => m.id));
    const ours = (rows: VodItemRow[]) => rows.filter((r) => ids.has(r.id)).map((r) => r.title);
    const byTitle = await repo.search(HEARTLAND, { offset: 0, limit: undefined, title: 'TA', sort: 'title' });
    expect(byTitle.rows.every((r) => r.title.toLowerCase().includes('ta'))).toBe(true);
    expect(ours(byTitle.rows)).toEqual(['beta 100% effort', 'delta', 'zeta']);
    expect(byTitle.total).toBe(byTitle.rows.length);
    const byDate = await repo.search(HEARTLAND, { offset: 0, limit: undefined, title: 'ta', sort: 'date' });
    expect(ours(byDate.rows)).toEqual(['zeta', 'delta', 'beta 100% effort']);

    expect(
      (await repo.search(HEARTLAND, { offset: 0, limit: 10, title: '0% E', sort: 'date' })).rows.map((r) => r.title),
    ).toEqual(['beta 100% effort']);
    expect(
      (await repo.search(HEARTLAND, { offset: 0, limit: 10, title: 'R_S', sort: 'date' })).rows.map((r) => r.title),
    ).toEqual(['Gamma under_score']);
    expect((await repo.search(HEARTLAND, { offset: 0, limit: 10, title: 'a%a', sort: 'date' })).total).toBe(0);
    expect((await repo.search(SOFIA, { offset: 0, limit: 10, title: 'epsilon', sort: 'date' })).total).toBe(0);
    const newest = await repo.search(HEARTLAND, { offset: 1, limit: 2, sort: 'date' });
    expect(newest.rows.map((r) => r.title)).toEqual(['Epsilon', 'delta']);
  });

  it('finds a video by id only on its own channel', async () => {
    const video = one(mine.slice(1, 2));
    expect((await repo.byId(HEARTLAND, video.id))?.title).toBe('beta 100% effort');
    expect(await repo.byId(SOFIA, video.id)).toBeUndefined();
  });

  it('gives each rail its videos in the rail’s order, rails by position, each channel its own', async () => {
    const db = database.db;
    const [a, b, c] = mine;
    if (!a || !b || !c) throw new Error('no videos');
    const picks = one(
      await db.insert(vodRails).values({ channelId: HEARTLAND, title: 'Picks', position: 100 }).returning(),
    );
    const empty = one(
      await db.insert(vodRails).values({ channelId: HEARTLAND, title: 'Empty', position: 101 }).returning(),
    );
    const foreign = one(
      await db.insert(vodRails).values({ channelId: SOFIA, title: 'Sofia', position: -1 }).returning(),
    );
    await db.insert(vodRailItems).values([
      { railId: picks.id, itemId: c.id, position: 0 },
      { railId: picks.id, itemId: a.id, position: 1 },
      { railId: picks.id, itemId: b.id, position: 2 },
    ]);

    const rails = await repo.rails(HEARTLAND);
    expect(rails.slice(-2).map((r) => r.id)).toEqual([picks.id, empty.id]);
    expect(rails.map((r) => r.id)).not.toContain(foreign.id);
    const shown = rails.find((r) => r.id === picks.id)?.vod_media_items;
    expect(shown?.map((v) => v.title)).toEqual(['Gamma under_score', 'Alpha', 'beta 100% effort']);
    expect(shown?.[2]).toMatchObject({
      category_id: category,
      date: new Date(T0 + DAY).toISOString(),
      assets: [
        { type: 'image', path: '/img/beta 100% effort.jpg' },
        { type: 'preview', path: '/preview/beta.mp4' },
      ],
    });
    expect(shown?.[0]?.assets).toEqual([{ type: 'image', path: '/img/Gamma under_score.jpg' }]);
    expect(rails.find((r) => r.id === empty.id)?.vod_media_items).toEqual([]);
  });
});
