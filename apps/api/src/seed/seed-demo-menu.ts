import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { channels, menuItems } from '../modules/channel/channel.table';
import type { ChannelSeed } from './types';

/** The demo menu's entries a channel seeded by an older version gets at the next start, if it has none at their address. */
const ADDED_SINCE = ['/vod_library', '/moments'];

/**
 * A demo channel created before its menu offered the video library and Moments gets those entries, where the seed
 * puts them (at the end of the same list). An address the channel's menu already has anywhere is left alone, so an
 * operator's own menu is never duplicated. Answers how many entries it added.
 */
export async function ensureDemoMenu(db: Db, seed: ChannelSeed): Promise<number> {
  return db.transaction(async (tx) => {
    const [channel] = await tx.select({ id: channels.id }).from(channels).where(eq(channels.slug, seed.slug));
    if (!channel) return 0;
    const rows = await tx.select().from(menuItems).where(eq(menuItems.channelId, channel.id));
    const have = new Set(rows.map((r) => r.url));
    const nextPosition = (parentId: number | null) =>
      Math.max(-1, ...rows.filter((r) => r.parentId === parentId).map((r) => r.position)) + 1;
    let added = 0;
    const add = async (entry: { name: string; url: string }, parentId: number | null) => {
      if (!ADDED_SINCE.includes(entry.url) || have.has(entry.url)) return;
      const position = nextPosition(parentId);
      await tx
        .insert(menuItems)
        .values({ channelId: channel.id, parentId, name: entry.name, url: entry.url, position });
      rows.push({
        id: 0,
        channelId: channel.id,
        parentId,
        name: entry.name,
        url: entry.url,
        target: 'internal',
        position,
      });
      have.add(entry.url);
      added++;
    };
    for (const item of seed.menu) {
      await add(item, null);
      if (!item.children?.length) continue;
      const [parent] = await tx
        .select({ id: menuItems.id })
        .from(menuItems)
        .where(and(eq(menuItems.channelId, channel.id), isNull(menuItems.parentId), eq(menuItems.name, item.name)));
      if (parent) for (const child of item.children) await add(child, parent.id);
    }
    return added;
  });
}
