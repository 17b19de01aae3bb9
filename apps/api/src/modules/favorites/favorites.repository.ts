import type { FavoriteType } from '@sideline/contract/enums';
import type { Favorite } from '@sideline/contract/favorites';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favorites } from './favorites.table';

const toFavorite = (r: typeof favorites.$inferSelect): Favorite => ({
  id: r.id,
  favoritable_id: r.favoritableId,
  favoritable_type: r.favoritableType,
});

/** Every query is scoped to one user: no call can reach another user's favorites. */
export function createFavoritesRepository({ db }: { db: Db }) {
  return {
    async list(userId: number): Promise<Favorite[]> {
      const rows = await db.select().from(favorites).where(eq(favorites.userId, userId)).orderBy(asc(favorites.id));
      return rows.map(toFavorite);
    },
    /** Adds a favorite, or returns the one already there. */
    async add(userId: number, type: FavoriteType, id: number): Promise<{ favorite: Favorite; created: boolean }> {
      const [row] = await db
        .insert(favorites)
        .values({ userId, favoritableType: type, favoritableId: id })
        .onConflictDoNothing()
        .returning();
      if (row) return { favorite: toFavorite(row), created: true };
      const [existing] = await db
        .select()
        .from(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.favoritableType, type), eq(favorites.favoritableId, id)));
      if (!existing) throw new Error('favorite vanished between insert and select');
      return { favorite: toFavorite(existing), created: false };
    },
    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.id, id)))
        .returning({ id: favorites.id });
      return rows.length === 1;
    },
  };
}
export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
