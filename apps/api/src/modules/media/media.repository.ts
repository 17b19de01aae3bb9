import { asc, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type MediaKind, type MediaStatus, mediaAssets } from './media.table';

export type MediaAsset = typeof mediaAssets.$inferSelect;

export function createMediaRepository({ db }: { db: Db }) {
  return {
    async byKey(key: string): Promise<MediaAsset | undefined> {
      const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.key, key)).limit(1);
      return row;
    },
    async byKeys(keys: string[]): Promise<MediaAsset[]> {
      return keys.length ? db.select().from(mediaAssets).where(inArray(mediaAssets.key, keys)) : [];
    },
    async byPrefix(prefix: string): Promise<MediaAsset[]> {
      return db
        .select()
        .from(mediaAssets)
        .where(like(mediaAssets.key, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
        .orderBy(asc(mediaAssets.key));
    },
    /** Registers an asset once; an existing one keeps its status. */
    async ensure(key: string, kind: MediaKind, title: string): Promise<MediaAsset> {
      await db.insert(mediaAssets).values({ key, kind, title }).onConflictDoNothing();
      const row = await this.byKey(key);
      if (!row) throw new Error(`media asset ${key} vanished`);
      return row;
    },
    async setStatus(
      key: string,
      status: MediaStatus,
      extra: { progress?: number; durationS?: number; error?: string | null } = {},
    ) {
      await db
        .update(mediaAssets)
        .set({ status, ...extra })
        .where(eq(mediaAssets.key, key));
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
