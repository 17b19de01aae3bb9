import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../events/events.table';
import { ingestHealthSamples } from './ingest-health.table';

export type HealthRow = typeof ingestHealthSamples.$inferSelect;
export type NewHealthRow = typeof ingestHealthSamples.$inferInsert;

export function createIngestHealthRepository({ db }: { db: Db }) {
  return {
    async insert(row: NewHealthRow) {
      await db.insert(ingestHealthSamples).values(row);
    },

    /** Whether the game belongs to the channel (another channel's game is "not found"). */
    async gameOf(channelId: number, eventId: number) {
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.channelId, channelId)));
      return row;
    },

    /** The game's samples taken after `since` (all when not given), oldest first, at most `limit`. */
    async list(eventId: number, since: Date | undefined, limit: number): Promise<HealthRow[]> {
      return db
        .select()
        .from(ingestHealthSamples)
        .where(
          since
            ? and(eq(ingestHealthSamples.eventId, eventId), gt(ingestHealthSamples.sampledAt, since))
            : eq(ingestHealthSamples.eventId, eventId),
        )
        .orderBy(asc(ingestHealthSamples.sampledAt), asc(ingestHealthSamples.id))
        .limit(limit);
    },

    async latest(eventId: number): Promise<HealthRow | undefined> {
      const [row] = await db
        .select()
        .from(ingestHealthSamples)
        .where(eq(ingestHealthSamples.eventId, eventId))
        .orderBy(desc(ingestHealthSamples.sampledAt), desc(ingestHealthSamples.id))
        .limit(1);
      return row;
    },

    /** Sums over every sample of the game. */
    async totals(eventId: number) {
      const [row] = await db
        .select({
          samples: sql<number>`count(*)::int`,
          gapS: sql<number>`coalesce(sum(${ingestHealthSamples.gapS}), 0)::float8`,
          framesDropped: sql<number>`coalesce(sum(${ingestHealthSamples.framesDropped}), 0)::int`,
          framesDuplicated: sql<number>`coalesce(sum(${ingestHealthSamples.framesDuplicated}), 0)::int`,
          stalled: sql<number>`count(*) filter (where ${ingestHealthSamples.stalled})::int`,
          slow: sql<number>`count(*) filter (where ${ingestHealthSamples.slow})::int`,
        })
        .from(ingestHealthSamples)
        .where(eq(ingestHealthSamples.eventId, eventId));
      return {
        samples: Number(row?.samples ?? 0),
        gapS: Number(row?.gapS ?? 0),
        framesDropped: Number(row?.framesDropped ?? 0),
        framesDuplicated: Number(row?.framesDuplicated ?? 0),
        stalled: Number(row?.stalled ?? 0),
        slow: Number(row?.slow ?? 0),
      };
    },
  };
}
export type IngestHealthRepository = ReturnType<typeof createIngestHealthRepository>;
