import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventCategories, eventLocations, participants } from '../catalog/catalog.table';
import { orderItems, orders } from '../commerce/orders.table';
import { events } from '../events/events.table';

export type GameRow = typeof events.$inferSelect;
export type GameValues = Omit<typeof events.$inferInsert, 'id' | 'channelId' | 'createdAt' | 'updatedAt'>;

/** The console's schedule: a channel's games, and the catalogue rows a game names, always within the channel. */
export function createGamesRepository({ db }: { db: Db }) {
  return {
    async list(channelId: number, q: { status?: string | undefined; offset: number; limit: number }) {
      const where = and(
        eq(events.channelId, channelId),
        q.status ? eq(events.streamStatus, q.status as GameRow['streamStatus']) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(events)
          .where(where)
          .orderBy(desc(events.startsAt), desc(events.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: count() }).from(events).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** One game of the channel, read without a lock. */
    byId(channelId: number, id: number): Promise<GameRow[]> {
      return db
        .select()
        .from(events)
        .where(and(eq(events.id, id), eq(events.channelId, channelId)));
    },

    async forUpdate(tx: Db, channelId: number, id: number): Promise<GameRow | undefined> {
      const [row] = await tx
        .select()
        .from(events)
        .where(and(eq(events.id, id), eq(events.channelId, channelId)))
        .for('update');
      return row;
    },

    async insert(tx: Db, channelId: number, values: GameValues): Promise<GameRow> {
      const [row] = await tx
        .insert(events)
        .values({ ...values, channelId })
        .returning();
      if (!row) throw new Error('a new game was not stored');
      return row;
    },

    async update(tx: Db, id: number, values: Partial<GameValues>): Promise<GameRow> {
      const [row] = await tx
        .update(events)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(events.id, id))
        .returning();
      if (!row) throw new Error(`game ${id} vanished during its update`);
      return row;
    },

    async remove(tx: Db, id: number): Promise<void> {
      await tx.delete(events).where(eq(events.id, id));
    },

    /** Orders that bought the game, whatever their state: a game fans paid for is not deleted silently. */
    async orderCount(tx: Db, channelId: number, id: number): Promise<number> {
      const [byOrder] = await tx
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.channelId, channelId), eq(orders.eventId, id)));
      const [byItem] = await tx
        .select({ n: count() })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orders.channelId, channelId), eq(orderItems.eventId, id)));
      return (byOrder?.n ?? 0) + (byItem?.n ?? 0);
    },

    /** The channel's sport, teams and venue a game names: an id the channel does not have is missing here. */
    async catalogue(channelId: number, ids: { sport?: number; teams: number[]; venue?: number | null }) {
      const [sport] = ids.sport
        ? await db
            .select({ id: eventCategories.id })
            .from(eventCategories)
            .where(and(eq(eventCategories.id, ids.sport), eq(eventCategories.channelId, channelId)))
        : [];
      const teams = ids.teams.length
        ? await db
            .select({
              id: participants.id,
              name: participants.name,
              shortName: participants.shortName,
              groupId: participants.participantGroupId,
              gender: participants.gender,
            })
            .from(participants)
            .where(and(eq(participants.channelId, channelId), inArray(participants.id, ids.teams)))
        : [];
      const [venue] = ids.venue
        ? await db
            .select({ id: eventLocations.id })
            .from(eventLocations)
            .where(and(eq(eventLocations.id, ids.venue), eq(eventLocations.channelId, channelId)))
        : [];
      return { sport, teams, venue };
    },
  };
}
export type GamesRepository = ReturnType<typeof createGamesRepository>;
