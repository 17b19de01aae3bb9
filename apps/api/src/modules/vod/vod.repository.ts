import type { VodCategory, VodMediaItem, VodRail } from '@sideline/contract/vod';
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vodCategories, vodMediaItems, vodRailItems, vodRails } from './vod.table';

export type VodItemRow = typeof vodMediaItems.$inferSelect;

export const toVodItem = (r: VodItemRow): VodMediaItem => ({
  id: r.id,
  title: r.title,
  date: r.date.toISOString(),
  category_id: r.categoryId,
  description: r.description,
  assets: [{ type: 'image', path: r.image }, ...(r.preview ? [{ type: 'preview' as const, path: r.preview }] : [])],
});

/** `%` and `_` typed by a fan are letters to find, not patterns. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type Page = { offset: number; limit: number | undefined };

/** Every query is scoped to one channel: another channel's rows are never found. */
export function createVodRepository({ db }: { db: Db }) {
  async function page(where: SQL | undefined, order: SQL[], { offset, limit }: Page) {
    const query = db
      .select()
      .from(vodMediaItems)
      .where(where)
      .orderBy(...order)
      .offset(offset);
    const [rows, [counted]] = await Promise.all([
      limit === undefined ? query : query.limit(limit),
      db.select({ total: count() }).from(vodMediaItems).where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  return {
    async categories(channelId: number): Promise<VodCategory[]> {
      const rows = await db
        .select()
        .from(vodCategories)
        .where(eq(vodCategories.channelId, channelId))
        .orderBy(asc(vodCategories.position), asc(vodCategories.id));
      return rows.map((r) => ({ id: r.id, name: r.name, alias: r.alias, position: r.position }));
    },

    /** Newest first, optionally one category's. */
    items(channelId: number, q: Page & { categoryId?: number | undefined }) {
      const where = and(
        eq(vodMediaItems.channelId, channelId),
        q.categoryId === undefined ? undefined : eq(vodMediaItems.categoryId, q.categoryId),
      );
      return page(where, [desc(vodMediaItems.date), desc(vodMediaItems.id)], q);
    },

    /** Titles containing the text, any case; by date (newest first) or by title. */
    search(channelId: number, q: Page & { title?: string | undefined; sort: 'date' | 'title' }) {
      const where = and(
        eq(vodMediaItems.channelId, channelId),
        q.title ? ilike(vodMediaItems.title, `%${escapeLike(q.title)}%`) : undefined,
      );
      const order =
        q.sort === 'title'
          ? [asc(vodMediaItems.title), asc(vodMediaItems.id)]
          : [desc(vodMediaItems.date), desc(vodMediaItems.id)];
      return page(where, order, q);
    },

    async byId(channelId: number, id: number): Promise<VodItemRow | undefined> {
      const [row] = await db
        .select()
        .from(vodMediaItems)
        .where(and(eq(vodMediaItems.channelId, channelId), eq(vodMediaItems.id, id)));
      return row;
    },

    /** Each rail with its videos in order: two queries whatever the number of rails. */
    async rails(channelId: number): Promise<VodRail[]> {
      const rails = await db
        .select()
        .from(vodRails)
        .where(eq(vodRails.channelId, channelId))
        .orderBy(asc(vodRails.position), asc(vodRails.id));
      if (!rails.length) return [];
      const links = await db
        .select({ railId: vodRailItems.railId, item: vodMediaItems })
        .from(vodRailItems)
        .innerJoin(vodMediaItems, eq(vodMediaItems.id, vodRailItems.itemId))
        .where(
          inArray(
            vodRailItems.railId,
            rails.map((r) => r.id),
          ),
        )
        .orderBy(asc(vodRailItems.position), asc(vodMediaItems.id));
      return rails.map((rail) => ({
        id: rail.id,
        title: rail.title,
        vod_media_items: links.filter((l) => l.railId === rail.id).map((l) => toVodItem(l.item)),
      }));
    },
  };
}
export type VodRepository = ReturnType<typeof createVodRepository>;
