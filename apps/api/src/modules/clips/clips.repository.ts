import { type AnyColumn, and, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ClipSource, clips, clipTags } from './clips.table';

export type ClipRow = typeof clips.$inferSelect;
export type ClipTagRow = typeof clipTags.$inferSelect;
type Page = { offset: number; limit: number };

const UNFINISHED = ['queued', 'processing'] as const;

export function createClipsRepository({ db }: { db: Db }) {
  /** One page of clips matching `where`, newest first by `newest`, and how many match in all. */
  async function page(where: SQL | undefined, newest: AnyColumn, { offset, limit }: Page) {
    const [rows, [counted]] = await Promise.all([
      db.select().from(clips).where(where).orderBy(desc(newest), desc(clips.id)).offset(offset).limit(limit),
      db.select({ n: count() }).from(clips).where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  return {
    async tags(channelId: number): Promise<ClipTagRow[]> {
      return db.select().from(clipTags).where(eq(clipTags.channelId, channelId)).orderBy(clipTags.position);
    },
    async insert(values: {
      channelId: number;
      userId: number;
      eventId: number;
      eventMediaId: number | null;
      name: string;
      startTime: number;
      duration: number;
      tags: string[];
      source: ClipSource;
    }): Promise<ClipRow> {
      const [row] = await db.insert(clips).values(values).returning();
      if (!row) throw new Error('clip not inserted');
      return row;
    },
    async byId(channelId: number, id: number): Promise<ClipRow | undefined> {
      const [row] = await db
        .select()
        .from(clips)
        .where(and(eq(clips.channelId, channelId), eq(clips.id, id)))
        .limit(1);
      return row;
    },
    async byUuid(channelId: number, uuid: string): Promise<ClipRow | undefined> {
      const [row] = await db
        .select()
        .from(clips)
        .where(and(eq(clips.channelId, channelId), eq(clips.uuid, uuid)))
        .limit(1);
      return row;
    },
    /** Any channel's clip by its share id: the media route has no channel of its own to ask. */
    async readyByUuid(uuid: string): Promise<ClipRow | undefined> {
      const [row] = await db
        .select()
        .from(clips)
        .where(and(eq(clips.uuid, uuid), eq(clips.status, 'ready')))
        .limit(1);
      return row;
    },
    async ofUser(channelId: number, userId: number, p: Page): Promise<{ rows: ClipRow[]; total: number }> {
      return page(and(eq(clips.channelId, channelId), eq(clips.userId, userId)), clips.createdAt, p);
    },
    /** A game's clips: everyone's ready ones, and the caller's own while they are made or if they failed. */
    async ofEvent(channelId: number, eventId: number, userId: number | null, p: Page) {
      const visible =
        userId === null ? eq(clips.status, 'ready') : or(eq(clips.status, 'ready'), eq(clips.userId, userId));
      return page(and(eq(clips.channelId, channelId), eq(clips.eventId, eventId), visible), clips.createdAt, p);
    },
    /** The channel's latest ready clips, newest first (the moments feed). */
    async recentReady(channelId: number, p: Page) {
      return page(and(eq(clips.channelId, channelId), eq(clips.status, 'ready')), clips.readyAt, p);
    },
    /** Games with ready clips, the one clipped last first. */
    async eventIdsWithClips(channelId: number, page: Page): Promise<{ ids: number[]; total: number }> {
      const where = and(eq(clips.channelId, channelId), eq(clips.status, 'ready'));
      const [rows, [counted]] = await Promise.all([
        db
          .select({ eventId: clips.eventId })
          .from(clips)
          .where(where)
          .groupBy(clips.eventId)
          .orderBy(desc(sql`max(${clips.readyAt})`), desc(clips.eventId))
          .offset(page.offset)
          .limit(page.limit),
        db
          .select({ n: sql<number>`count(distinct ${clips.eventId})`.mapWith(Number) })
          .from(clips)
          .where(where),
      ]);
      return { ids: rows.map((r) => r.eventId), total: counted?.n ?? 0 };
    },
    /** Clips whose cut has not ended, in every channel: queued again when a process starts. */
    async unfinishedIds(): Promise<number[]> {
      const rows = await db
        .select({ id: clips.id })
        .from(clips)
        .where(inArray(clips.status, [...UNFINISHED]))
        .orderBy(clips.id);
      return rows.map((r) => r.id);
    },
    /**
     * Takes a queued clip for a cut attempt; undefined when it is done, failed, gone, or being cut elsewhere. A cut
     * whose process died is taken again once its lease (the last progress) is older than `leaseMs`.
     */
    async claim(id: number, leaseMs: number): Promise<ClipRow | undefined> {
      const stale = new Date(Date.now() - leaseMs);
      const [row] = await db
        .update(clips)
        .set({ status: 'processing', attempts: sql`${clips.attempts} + 1`, progress: 5, error: null })
        .where(
          and(
            eq(clips.id, id),
            or(eq(clips.status, 'queued'), and(eq(clips.status, 'processing'), lt(clips.updatedAt, stale))),
          ),
        )
        .returning();
      return row;
    },
    /** Clips left unfinished with no progress for `leaseMs`: their job or their worker was lost. */
    async lostIds(leaseMs: number): Promise<number[]> {
      const rows = await db
        .select({ id: clips.id })
        .from(clips)
        .where(and(inArray(clips.status, [...UNFINISHED]), lt(clips.updatedAt, new Date(Date.now() - leaseMs))))
        .orderBy(clips.id);
      return rows.map((r) => r.id);
    },
    /** At the start of the only process there is (the embedded database): no cut is running anywhere. */
    async requeueAllProcessing(): Promise<void> {
      await db.update(clips).set({ status: 'queued', progress: 0 }).where(eq(clips.status, 'processing'));
    },
    async setProgress(id: number, progress: number) {
      await db
        .update(clips)
        .set({ progress })
        .where(and(eq(clips.id, id), eq(clips.status, 'processing')));
    },
    async markReady(id: number, method: string) {
      await db
        .update(clips)
        .set({ status: 'ready', progress: 100, method, readyAt: new Date(), error: null })
        .where(eq(clips.id, id));
    },
    /** Back in the queue's hands: a cut stopped by a closing process is taken up by the next one. */
    async requeue(id: number) {
      await db
        .update(clips)
        .set({ status: 'queued', progress: 0 })
        .where(and(eq(clips.id, id), eq(clips.status, 'processing')));
    },
    /** Ends a clip failed; true when this call ended it (so its allowance is given back once). */
    async markFailed(id: number, error: string): Promise<boolean> {
      const rows = await db
        .update(clips)
        .set({ status: 'failed', error })
        .where(and(eq(clips.id, id), inArray(clips.status, [...UNFINISHED])))
        .returning({ id: clips.id });
      return rows.length > 0;
    },
    async remove(id: number): Promise<void> {
      await db.delete(clips).where(eq(clips.id, id));
    },
    /** The folders' names of a user's clips (their files go when the account does). */
    async uuidsOfUser(userId: number): Promise<string[]> {
      return (await db.select({ uuid: clips.uuid }).from(clips).where(eq(clips.userId, userId))).map((r) => r.uuid);
    },
  };
}
export type ClipsRepository = ReturnType<typeof createClipsRepository>;
