import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../events/events.table';
import { streamKeys } from './stream-keys.table';

export type StreamKeyRow = typeof streamKeys.$inferSelect;

export function createStreamKeysRepository({ db }: { db: Db }) {
  return {
    /** Whether the game belongs to the channel (a key is never made for another channel's game). */
    async gameOf(channelId: number, eventId: number) {
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.channelId, channelId)));
      return row;
    },

    async forEvent(channelId: number, eventId: number): Promise<StreamKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(streamKeys)
        .where(and(eq(streamKeys.eventId, eventId), eq(streamKeys.channelId, channelId)));
      return row;
    },

    /** The game's key, made with `key` when it has none; two callers at once both get the one that was stored. */
    async ensure(channelId: number, eventId: number, key: string): Promise<StreamKeyRow> {
      await db.insert(streamKeys).values({ channelId, eventId, key }).onConflictDoNothing({
        target: streamKeys.eventId,
      });
      const row = await this.forEvent(channelId, eventId);
      if (!row) throw new Error(`stream key of event ${eventId} missing after insert`);
      return row;
    },

    /** Replaces the game's key: from now on only `key` publishes to it. */
    async replace(channelId: number, eventId: number, key: string, tx: Db = db): Promise<StreamKeyRow> {
      const [row] = await tx
        .insert(streamKeys)
        .values({ channelId, eventId, key })
        .onConflictDoUpdate({ target: streamKeys.eventId, set: { key, createdAt: new Date() } })
        .returning();
      if (!row) throw new Error(`stream key of event ${eventId} not stored`);
      return row;
    },

    /** The game and channel a publishing encoder's key names, or undefined for an unknown or replaced key. */
    async byKey(key: string): Promise<StreamKeyRow | undefined> {
      const [row] = await db.select().from(streamKeys).where(eq(streamKeys.key, key));
      return row;
    },
  };
}
export type StreamKeysRepository = ReturnType<typeof createStreamKeysRepository>;
