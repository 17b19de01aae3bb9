import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { channels } from '../modules/channel/channel.table';
import { vodCategories, vodMediaItems, vodRailItems, vodRails } from '../modules/vod/vod.table';
import { artworkPaths } from './artwork';
import { libraryKey } from './demo-media';
import type { ChannelSeed } from './types';

const DAY_MS = 86_400_000;

/** Inserts a channel's on-demand library (categories, videos, rails) inside the channel's seeding transaction. */
export async function insertVodLibrary(
  tx: Db,
  seed: ChannelSeed,
  { channelId, anchor }: { channelId: number; anchor: Date },
) {
  const { library } = seed;
  const art = artworkPaths(seed.slug);
  const categoryRows = await tx
    .insert(vodCategories)
    .values(library.categories.map((c, i) => ({ channelId, name: c.name, alias: c.alias, position: i })))
    .returning({ id: vodCategories.id, alias: vodCategories.alias });
  const categoryId = new Map(categoryRows.map((r) => [r.alias, r.id]));
  const itemRows = await tx
    .insert(vodMediaItems)
    .values(
      library.items.map((item, i) => {
        const id = categoryId.get(item.category);
        if (id === undefined) throw new Error(`library item ${item.title}: no category ${item.category}`);
        return {
          channelId,
          categoryId: id,
          title: item.title,
          description: item.description ?? null,
          date: new Date(anchor.getTime() - item.daysAgo * DAY_MS),
          mediaKey: libraryKey(seed.slug, item.asset),
          image: art.vodPoster(i + 1),
        };
      }),
    )
    .returning({ id: vodMediaItems.id });
  for (const [position, rail] of library.rails.entries()) {
    const [row] = await tx.insert(vodRails).values({ channelId, title: rail.title, position }).returning();
    if (!row) throw new Error('insert returned no rail');
    await tx.insert(vodRailItems).values(
      rail.items.map((index, i) => {
        const item = itemRows[index];
        if (!item) throw new Error(`rail ${rail.title}: no item ${index}`);
        return { railId: row.id, itemId: item.id, position: i };
      }),
    );
  }
}

/**
 * A demo channel created before the library existed gets its library at the next start: only when it has no
 * library category yet, so an operator's own library is never touched. True when it added one.
 */
export async function ensureVodLibrary(db: Db, seed: ChannelSeed, anchor: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [channel] = await tx.select({ id: channels.id }).from(channels).where(eq(channels.slug, seed.slug));
    if (!channel) return false;
    const [any] = await tx
      .select({ id: vodCategories.id })
      .from(vodCategories)
      .where(eq(vodCategories.channelId, channel.id))
      .limit(1);
    if (any) return false;
    await insertVodLibrary(tx, seed, { channelId: channel.id, anchor });
    return true;
  });
}
