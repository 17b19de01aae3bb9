import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../modules/auth/users.table';
import { eventCategories, participantGroups, participants } from '../modules/catalog/catalog.table';
import { channels } from '../modules/channel/channel.table';
import { favorites } from '../modules/favorites/favorites.table';
import { type FavoriteTargets, favoriteRows } from './seed-accounts';
import type { ChannelSeed } from './types';

const byAlias = (rows: { alias: string; id: number }[]) => new Map(rows.map((r) => [r.alias, r.id]));

/**
 * The demo accounts of a channel seeded before they had favorites get the seed's at the next start, as the README
 * promises: only an account that follows nothing at all, so a fan's own choices are never touched and a second
 * start adds nothing. Returns how many accounts it gave favorites to.
 */
export async function ensureDemoFavorites(db: Db, seed: ChannelSeed): Promise<number> {
  const wanting = seed.users.filter((u) => u.favorites);
  if (!wanting.length) return 0;
  return db.transaction(async (tx) => {
    const [channel] = await tx.select({ id: channels.id }).from(channels).where(eq(channels.slug, seed.slug));
    if (!channel) return 0;
    const channelId = channel.id;
    let targets: FavoriteTargets | undefined;
    let given = 0;
    for (const u of wanting) {
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.channelId, channelId), eq(users.email, u.email)));
      if (!user) continue;
      const [follows] = await tx.select({ n: count() }).from(favorites).where(eq(favorites.userId, user.id));
      if (follows?.n) continue;
      targets ??= {
        sportId: byAlias(
          await tx
            .select({ alias: eventCategories.alias, id: eventCategories.id })
            .from(eventCategories)
            .where(eq(eventCategories.channelId, channelId)),
        ),
        groupId: byAlias(
          await tx
            .select({ alias: participantGroups.alias, id: participantGroups.id })
            .from(participantGroups)
            .where(eq(participantGroups.channelId, channelId)),
        ),
        teamId: byAlias(
          await tx
            .select({ alias: participants.alias, id: participants.id })
            .from(participants)
            .where(eq(participants.channelId, channelId)),
        ),
      };
      await tx
        .insert(favorites)
        .values(favoriteRows(user.id, u.favorites, targets))
        .onConflictDoNothing();
      given++;
    }
    return given;
  });
}
