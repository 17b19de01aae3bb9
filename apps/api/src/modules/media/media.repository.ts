import { and, asc, eq, inArray, like, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventCategories, participants } from '../catalog/catalog.table';
import { events } from '../events/events.table';
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
    /** Event ids of the games live now (any channel): their live feeds are the ones worth running. */
    async liveEventIds(): Promise<number[]> {
      const rows = await db.select({ id: events.id }).from(events).where(eq(events.streamStatus, 'live'));
      return rows.map((r) => r.id);
    },
    /** The games live now (any channel), oldest first, with their teams: the feeds a cluster's encoder keeps up. */
    async liveEvents(): Promise<
      { id: number; channelId: number; homeTeamId: number | null; awayTeamId: number | null }[]
    > {
      return db
        .select({
          id: events.id,
          channelId: events.channelId,
          homeTeamId: events.homeTeamId,
          awayTeamId: events.awayTeamId,
        })
        .from(events)
        .where(eq(events.streamStatus, 'live'))
        .orderBy(asc(events.id));
    },
    /** Short names of a game's teams, for its live encoder's scoreboard. */
    async teamNames(homeId: number | null, awayId: number | null): Promise<{ home: string; away: string }> {
      const ids = [homeId, awayId].filter((id): id is number => id !== null);
      const rows = ids.length
        ? await db
            .select({ id: participants.id, name: participants.shortName })
            .from(participants)
            .where(inArray(participants.id, ids))
        : [];
      const name = (id: number | null, fallback: string) => rows.find((r) => r.id === id)?.name ?? fallback;
      return { home: name(homeId, 'Home'), away: name(awayId, 'Away') };
    },
    /** A game's sport, the caption of its recording. */
    async sportName(categoryId: number | null): Promise<string> {
      const [row] =
        categoryId === null
          ? []
          : await db
              .select({ name: eventCategories.name })
              .from(eventCategories)
              .where(eq(eventCategories.id, categoryId))
              .limit(1);
      return row?.name ?? 'Replay';
    },
    /**
     * Registers a VOD asset to package and says whether this caller should queue its job: true when the asset is new,
     * or still pending since before `orphanedBefore` (its job was lost with an earlier process); false otherwise, so
     * concurrent callers queue it once.
     */
    async claimPackaging(key: string, title: string, orphanedBefore: Date): Promise<boolean> {
      const inserted = await db
        .insert(mediaAssets)
        .values({ key, kind: 'vod', title })
        .onConflictDoNothing()
        .returning({ id: mediaAssets.id });
      if (inserted.length) return true;
      const taken = await db
        .update(mediaAssets)
        .set({ updatedAt: new Date() })
        .where(
          and(eq(mediaAssets.key, key), eq(mediaAssets.status, 'pending'), lt(mediaAssets.updatedAt, orphanedBefore)),
        )
        .returning({ id: mediaAssets.id });
      return taken.length > 0;
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
