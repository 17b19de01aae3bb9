import type { CatalogueKind } from '@sideline/contract/console-catalogue';
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { eventCategories, eventLocations, participantGroups, participants } from '../catalog/catalog.table';
import { events } from '../events/events.table';

/** Each kind's table, and what uses one of its rows (games, and teams for a sport or a school). */
const KINDS = {
  sports: {
    table: eventCategories,
    games: (id: number) => eq(events.eventCategoryId, id),
    teams: (id: number) => eq(participants.eventCategoryId, id),
  },
  schools: {
    table: participantGroups,
    games: (id: number) => or(eq(events.homeGroupId, id), eq(events.awayGroupId, id)),
    teams: (id: number) => eq(participants.participantGroupId, id),
  },
  teams: {
    table: participants,
    games: (id: number) => or(eq(events.homeTeamId, id), eq(events.awayTeamId, id)),
    teams: null,
  },
  venues: { table: eventLocations, games: (id: number) => eq(events.locationId, id), teams: null },
} satisfies Record<
  CatalogueKind,
  { table: PgTable; games(id: number): SQL | undefined; teams: ((id: number) => SQL) | null }
>;

type AnyRow = Record<string, unknown> & { id: number; channelId: number };
// The four tables share `id` and `channelId`: one set of queries serves them, typed at the service's edge.
const tableOf = (kind: CatalogueKind) => KINDS[kind].table as typeof participants;

/** How many users a delete refusal names: enough to act on, not a dump. */
const USED_BY_LIMIT = 20;

/** The console's catalogue rows of a channel, by kind. Every query is bound to the channel. */
export function createCatalogueRepository({ db }: { db: Db }) {
  return {
    async list(kind: CatalogueKind, channelId: number): Promise<AnyRow[]> {
      const table = tableOf(kind);
      return (await db.select().from(table).where(eq(table.channelId, channelId)).orderBy(asc(table.id))) as AnyRow[];
    },
    async forUpdate(tx: Db, kind: CatalogueKind, channelId: number, id: number): Promise<AnyRow | undefined> {
      const table = tableOf(kind);
      const [row] = await tx
        .select()
        .from(table)
        .where(and(eq(table.id, id), eq(table.channelId, channelId)))
        .for('update');
      return row as AnyRow | undefined;
    },
    /** Inserts a row; undefined when its alias is taken in the channel (the unique index decides). */
    async insert(tx: Db, kind: CatalogueKind, values: Record<string, unknown>): Promise<AnyRow | undefined> {
      const [row] = await tx
        .insert(tableOf(kind))
        .values(values as typeof participants.$inferInsert)
        .onConflictDoNothing()
        .returning();
      return row as AnyRow | undefined;
    },
    async update(tx: Db, kind: CatalogueKind, id: number, values: Record<string, unknown>): Promise<AnyRow> {
      const table = tableOf(kind);
      const [row] = await tx.update(table).set(values).where(eq(table.id, id)).returning();
      return row as AnyRow;
    },
    async remove(tx: Db, kind: CatalogueKind, id: number): Promise<void> {
      const table = tableOf(kind);
      await tx.delete(table).where(eq(table.id, id));
    },
    /** Whether another row of the kind has the alias in the channel (venues have none). */
    async aliasTaken(tx: Db, kind: CatalogueKind, channelId: number, alias: string, except?: number) {
      if (kind === 'venues') return false;
      const table = tableOf(kind);
      const rows = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.channelId, channelId), eq(table.alias, alias)));
      return rows.some((r) => r.id !== except);
    },
    /** The games and teams that use a row, up to a limit each: what a delete refusal names. */
    async usedBy(tx: Db, kind: CatalogueKind, channelId: number, id: number) {
      const games = await tx
        .select({ id: events.id, name: events.name })
        .from(events)
        .where(and(eq(events.channelId, channelId), KINDS[kind].games(id)))
        .orderBy(asc(events.startsAt))
        .limit(USED_BY_LIMIT);
      const teamsOf = KINDS[kind].teams;
      const teams = teamsOf
        ? await tx
            .select({ id: participants.id, name: participants.name })
            .from(participants)
            .where(and(eq(participants.channelId, channelId), teamsOf(id)))
            .limit(USED_BY_LIMIT)
        : [];
      return { games, teams };
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;

/** A team's school is copied onto its games (listings by school need no join): a new school is copied again. */
export async function recopyTeamSchool(tx: Db, teamId: number, schoolId: number | null): Promise<void> {
  await tx.update(events).set({ homeGroupId: schoolId }).where(eq(events.homeTeamId, teamId));
  await tx.update(events).set({ awayGroupId: schoolId }).where(eq(events.awayTeamId, teamId));
}
