import type { Gender, StreamStatus } from '@sideline/contract/enums';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from './events.table';

export type EventRow = typeof events.$inferSelect;

/** Events matching any of these (a fan's favorites), on top of the other filters. */
export type AnyOf = {
  participantIds?: number[];
  groupIds?: number[];
  categoryIds?: number[];
  eventIds?: number[];
  locationIds?: number[];
};

export type EventFilters = {
  statuses?: StreamStatus[];
  categoryIds?: number[];
  groupIds?: number[];
  participantIds?: number[];
  locationIds?: number[];
  gender?: Gender;
  from?: Date;
  to?: Date;
  /** Free text: the event name, or (resolved by the service) matching teams, schools and sports. */
  search?: { text: string; participantIds: number[]; groupIds: number[]; categoryIds: number[] };
  anyOf?: AnyOf;
};

export type EventSort = { field: 'event_utc_ts' | 'name' | 'id'; direction: 'asc' | 'desc' };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const either = (a: SQL, b: SQL) => or(a, b) as SQL;

function where(channelId: number, f: EventFilters): SQL | undefined {
  const c: (SQL | undefined)[] = [eq(events.channelId, channelId)];
  if (f.statuses?.length) c.push(inArray(events.streamStatus, f.statuses));
  if (f.categoryIds?.length) c.push(inArray(events.eventCategoryId, f.categoryIds));
  if (f.groupIds?.length)
    c.push(either(inArray(events.homeGroupId, f.groupIds), inArray(events.awayGroupId, f.groupIds)));
  if (f.participantIds?.length) {
    c.push(either(inArray(events.homeTeamId, f.participantIds), inArray(events.awayTeamId, f.participantIds)));
  }
  if (f.locationIds?.length) c.push(inArray(events.locationId, f.locationIds));
  if (f.gender) c.push(eq(events.gender, f.gender));
  if (f.from) c.push(gte(events.startsAt, f.from));
  if (f.to) c.push(lte(events.startsAt, f.to));
  if (f.search) {
    const s = f.search;
    c.push(
      or(
        ilike(events.name, `%${escapeLike(s.text)}%`),
        s.participantIds.length ? inArray(events.homeTeamId, s.participantIds) : undefined,
        s.participantIds.length ? inArray(events.awayTeamId, s.participantIds) : undefined,
        s.groupIds.length ? inArray(events.homeGroupId, s.groupIds) : undefined,
        s.groupIds.length ? inArray(events.awayGroupId, s.groupIds) : undefined,
        s.categoryIds.length ? inArray(events.eventCategoryId, s.categoryIds) : undefined,
      ),
    );
  }
  if (f.anyOf) {
    const a = f.anyOf;
    const parts = [
      a.participantIds?.length ? inArray(events.homeTeamId, a.participantIds) : undefined,
      a.participantIds?.length ? inArray(events.awayTeamId, a.participantIds) : undefined,
      a.groupIds?.length ? inArray(events.homeGroupId, a.groupIds) : undefined,
      a.groupIds?.length ? inArray(events.awayGroupId, a.groupIds) : undefined,
      a.categoryIds?.length ? inArray(events.eventCategoryId, a.categoryIds) : undefined,
      a.eventIds?.length ? inArray(events.id, a.eventIds) : undefined,
      a.locationIds?.length ? inArray(events.locationId, a.locationIds) : undefined,
    ].filter((p): p is SQL => p !== undefined);
    // No favorites: nothing matches.
    c.push(parts.length ? or(...parts) : sql`false`);
  }
  return and(...c);
}

export function createEventsRepository({ db }: { db: Db }) {
  return {
    async list(
      channelId: number,
      filters: EventFilters,
      sort: EventSort,
      page: { offset: number; limit: number },
    ): Promise<{ rows: EventRow[]; hasMore: boolean }> {
      const dir = sort.direction === 'asc' ? asc : desc;
      const column = sort.field === 'name' ? events.name : sort.field === 'id' ? events.id : events.startsAt;
      // One row more than the page tells whether another page follows, without counting the whole list.
      const rows = await db
        .select()
        .from(events)
        .where(where(channelId, filters))
        .orderBy(dir(column), dir(events.id))
        .offset(page.offset)
        .limit(page.limit + 1);
      return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
    },
    async byId(channelId: number, id: number): Promise<EventRow | undefined> {
      const [row] = await db
        .select()
        .from(events)
        .where(and(eq(events.channelId, channelId), eq(events.id, id)))
        .limit(1);
      return row;
    },
    /**
     * Moves events along with the clock: upcoming ones whose start has come go live, live ones whose end has
     * passed finish. Returns the channels that changed.
     */
    async advanceStatuses(now: Date): Promise<number[]> {
      const started = await db
        .update(events)
        .set({ streamStatus: 'live' })
        .where(and(eq(events.streamStatus, 'upcoming'), lte(events.startsAt, now), gte(events.endsAt, now)))
        .returning({ channelId: events.channelId });
      const ended = await db
        .update(events)
        .set({ streamStatus: 'finished' })
        .where(and(inArray(events.streamStatus, ['live', 'upcoming']), lte(events.endsAt, now)))
        .returning({ channelId: events.channelId });
      return [...new Set([...started, ...ended].map((r) => r.channelId))];
    },
    /**
     * An encoder started publishing the game: it is live now, and stays live past its scheduled end for as long as
     * the encoder runs (the clock's sweep would end it at `endsAt`; the ingest ends it when the encoder stops).
     */
    async markPublishing(channelId: number, id: number, liveUntil: Date): Promise<void> {
      await db
        .update(events)
        .set({ streamStatus: 'live', endsAt: sql`greatest(${events.endsAt}, ${liveUntil.toISOString()}::timestamptz)` })
        .where(and(eq(events.channelId, channelId), eq(events.id, id)));
    },
    /** The game's encoder is gone for good: the game ended now. */
    async markEnded(channelId: number, id: number, at: Date): Promise<void> {
      await db
        .update(events)
        .set({ streamStatus: 'finished', endsAt: at })
        .where(and(eq(events.channelId, channelId), eq(events.id, id)));
    },
    /** Whether any channel has a live game right now (the live encoder runs only then). */
    async anyLive(): Promise<boolean> {
      const rows = await db.select({ id: events.id }).from(events).where(eq(events.streamStatus, 'live')).limit(1);
      return rows.length > 0;
    },
    async exists(channelId: number, id: number): Promise<boolean> {
      return (await this.byId(channelId, id)) !== undefined;
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
