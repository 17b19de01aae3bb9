import { and, count, countDistinct, eq, gte, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents, analyticsSessions, videoEvents, viewingTime } from './analytics.table';

export type SessionInsert = typeof analyticsSessions.$inferInsert;
export type EventInsert = typeof analyticsEvents.$inferInsert;

/** Whether an event's property is a JSON number. */
const isNumber = (name: string) => sql`jsonb_typeof(${videoEvents.properties} -> ${name}) = 'number'`;

export function createAnalyticsRepository({ db }: { db: Db }) {
  return {
    /** Opens a session, or refreshes it when the client calls again within its lifetime. */
    async upsertSession(values: SessionInsert): Promise<void> {
      await db
        .insert(analyticsSessions)
        .values(values)
        .onConflictDoUpdate({ target: analyticsSessions.id, set: { lastSeenAt: new Date(), profile: values.profile } });
    },
    async insertEvent(values: EventInsert): Promise<void> {
      await db.insert(analyticsEvents).values(values);
    },
    async insertVideoEvent(values: typeof videoEvents.$inferInsert): Promise<void> {
      await db.insert(videoEvents).values(values);
    },
    async insertViewingTime(values: typeof viewingTime.$inferInsert): Promise<void> {
      await db.insert(viewingTime).values(values);
    },
    /**
     * The raw figures of the quality report since a date. Properties are the client's own, so a time is read only
     * where it is a JSON number (a text such as "abc" would fail the cast and the whole report with it).
     */
    async quality(channelId: number, since: Date) {
      const inPeriod = and(eq(videoEvents.channelId, channelId), gte(videoEvents.createdAt, since));
      const [plays] = await db
        .select({ plays: count(), viewers: countDistinct(videoEvents.session) })
        .from(videoEvents)
        .where(and(inPeriod, eq(videoEvents.name, 'play')));
      const [startup] = await db
        .select({
          median: sql<
            number | null
          >`percentile_cont(0.5) within group (order by (${videoEvents.properties}->>'startup_ms')::float8)`,
          p95: sql<
            number | null
          >`percentile_cont(0.95) within group (order by (${videoEvents.properties}->>'startup_ms')::float8)`,
        })
        .from(videoEvents)
        .where(and(inPeriod, eq(videoEvents.name, 'play'), isNumber('startup_ms')));
      const [stalls] = await db
        .select({ ms: sql<number>`coalesce(sum((${videoEvents.properties}->>'stall_ms')::float8), 0)` })
        .from(videoEvents)
        .where(and(inPeriod, eq(videoEvents.name, 'stall'), isNumber('stall_ms')));
      const [errors] = await db
        .select({ n: count() })
        .from(videoEvents)
        .where(and(inPeriod, eq(videoEvents.name, 'error')));
      const [watched] = await db
        .select({ s: sum(viewingTime.seconds) })
        .from(viewingTime)
        .where(and(eq(viewingTime.channelId, channelId), gte(viewingTime.createdAt, since)));
      return {
        plays: Number(plays?.plays ?? 0),
        viewers: Number(plays?.viewers ?? 0),
        startupMedian: startup?.median === null || startup?.median === undefined ? null : Number(startup.median),
        startupP95: startup?.p95 === null || startup?.p95 === undefined ? null : Number(startup.p95),
        stallMs: Number(stalls?.ms ?? 0),
        errors: Number(errors?.n ?? 0),
        viewingS: Number(watched?.s ?? 0),
      };
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
