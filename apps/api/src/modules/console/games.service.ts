import type { ConsoleGame, GameUpdate, NewGame } from '@sideline/contract/console';
import { zonedDate, zonedTimeToUtc } from '@sideline/contract/rules/time-zone';
import type { Db } from '../../db/client';
import type { Channel } from '../channel';
import type { EventsService } from '../events';
import type { Actor, AuditRepository } from './audit.repository';
import { consoleErrors } from './console.errors';
import type { GameRow, GamesRepository, GameValues } from './games.repository';

export type GamesDeps = {
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  audit: AuditRepository;
  games: GamesRepository;
  events: Pick<EventsService, 'invalidate'>;
  /** Ends a live game's ingested stream in this process (its replay follows); false when it has none here. */
  endIngested: (eventId: number) => Promise<boolean>;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` of an instant in a zone. */
function localOf(timeZone: string, at: Date): string {
  const [y, m, d] = zonedDate(timeZone, at);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(at)
    .slice(0, 5);
  return `${y}-${pad(m + 1)}-${pad(d)}T${time}`;
}

/** The instant of a channel-local `YYYY-MM-DDTHH:mm`. */
function instantOf(timeZone: string, local: string): Date {
  const [y, m, d, h, min] = local.split(/[-T:]/).map(Number) as [number, number, number, number, number];
  return zonedTimeToUtc(timeZone, y, m - 1, d, h, min);
}

export function gameView(row: GameRow, timeZone: string): ConsoleGame {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    starts_at_local: localOf(timeZone, row.startsAt),
    time_zone: timeZone,
    status: row.streamStatus,
    access_type: row.accessType,
    price_cents: row.accessType === 'ppv' ? row.basePriceCents : 0,
    sport_id: row.eventCategoryId,
    home_team_id: row.homeTeamId,
    away_team_id: row.awayTeamId,
    venue_id: row.locationId,
  };
}

/** What an audit entry keeps of a game: the fields an operator sets. */
const audited = (g: ConsoleGame) => {
  const { id: _id, status: _status, time_zone: _zone, starts_at: _at, ends_at: _end, ...rest } = g;
  return rest;
};

function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * The console's schedule: games created, edited and deleted in the channel's time zone, each change with its audit
 * entry in its transaction, and the fans' listings dropped after the commit. A sport, team or venue of another
 * channel is a wrong field; a game fans bought is not deleted.
 */
export function createGamesService(deps: GamesDeps) {
  const { transaction, audit, games, events } = deps;

  /** The row values of a game's fields, checked against the channel's catalogue. */
  async function valuesOf(
    channel: Channel,
    fields: Required<Omit<NewGame, 'api_key' | 'name' | 'description'>> & {
      name?: string | undefined;
      description?: string | null | undefined;
    },
  ): Promise<GameValues> {
    const found = await games.catalogue(channel.id, {
      sport: fields.sport_id,
      teams: [fields.home_team_id, fields.away_team_id],
      venue: fields.venue_id,
    });
    if (!found.sport) throw consoleErrors.unknownInCatalogue('sport_id');
    const home = found.teams.find((t) => t.id === fields.home_team_id);
    const away = found.teams.find((t) => t.id === fields.away_team_id);
    if (!home) throw consoleErrors.unknownInCatalogue('home_team_id');
    if (!away) throw consoleErrors.unknownInCatalogue('away_team_id');
    if (fields.venue_id && !found.venue) throw consoleErrors.unknownInCatalogue('venue_id');
    const startsAt = instantOf(channel.timeZone, fields.starts_at_local);
    return {
      name: fields.name ?? `${away.shortName} @ ${home.shortName}`,
      description: fields.description ?? null,
      accessType: fields.access_type,
      startsAt,
      endsAt: new Date(startsAt.getTime() + fields.duration_minutes * 60_000),
      timeZone: channel.timeZone,
      streamStatus: 'upcoming',
      locationId: fields.venue_id ?? null,
      eventCategoryId: fields.sport_id,
      homeTeamId: home.id,
      awayTeamId: away.id,
      homeGroupId: home.groupId,
      awayGroupId: away.groupId,
      gender: home.gender,
      basePriceCents: fields.access_type === 'ppv' ? fields.price_cents : 0,
      serviceFeeCents: 0,
    };
  }

  return {
    async list(channel: Channel, q: { status?: ConsoleGame['status'] | undefined; offset: number; limit?: number }) {
      const limit = q.limit ?? 50;
      const { rows, total } = await games.list(channel.id, { ...q, limit });
      return { data: rows.map((r) => gameView(r, channel.timeZone)), total, limit };
    },

    async get(channel: Channel, id: number): Promise<ConsoleGame> {
      const [row] = await games.byId(channel.id, id);
      if (!row) throw consoleErrors.gameNotFound();
      return gameView(row, channel.timeZone);
    },

    async create(channel: Channel, actor: Actor, input: NewGame): Promise<ConsoleGame> {
      const { api_key: _key, ...fields } = input;
      const values = await valuesOf(channel, { ...fields, venue_id: fields.venue_id ?? null });
      const row = await transaction(async (tx) => {
        const created = await games.insert(tx, channel.id, values);
        await audit.record(tx, channel.id, actor, {
          action: 'game.create',
          entity: 'event',
          entityId: created.id,
          after: audited(gameView(created, channel.timeZone)),
        });
        return created;
      });
      events.invalidate(channel.id);
      return gameView(row, channel.timeZone);
    },

    /** Many games in one transaction (a CSV import): all written, each with its audit entry, or none. */
    async createMany(channel: Channel, actor: Actor, inputs: NewGame[]): Promise<number> {
      const values: GameValues[] = [];
      for (const { api_key: _key, ...fields } of inputs) {
        values.push(await valuesOf(channel, { ...fields, venue_id: fields.venue_id ?? null }));
      }
      await transaction(async (tx) => {
        for (const v of values) {
          const created = await games.insert(tx, channel.id, v);
          await audit.record(tx, channel.id, actor, {
            action: 'game.import',
            entity: 'event',
            entityId: created.id,
            after: audited(gameView(created, channel.timeZone)),
          });
        }
      });
      events.invalidate(channel.id);
      return values.length;
    },

    async update(channel: Channel, actor: Actor, id: number, patch: GameUpdate): Promise<ConsoleGame> {
      const { api_key: _key, ...fields } = patch;
      const row = await transaction(async (tx) => {
        const current = await games.forUpdate(tx, channel.id, id);
        if (!current) throw consoleErrors.gameNotFound();
        const was = gameView(current, channel.timeZone);
        const merged = {
          name: fields.name ?? was.name,
          description: fields.description !== undefined ? fields.description : was.description,
          sport_id: fields.sport_id ?? was.sport_id,
          home_team_id: fields.home_team_id ?? was.home_team_id,
          away_team_id: fields.away_team_id ?? was.away_team_id,
          venue_id: fields.venue_id !== undefined ? fields.venue_id : was.venue_id,
          starts_at_local: fields.starts_at_local ?? was.starts_at_local,
          duration_minutes:
            fields.duration_minutes ??
            Math.round(
              ((current.endsAt?.getTime() ?? current.startsAt.getTime() + 7_200_000) - current.startsAt.getTime()) /
                60_000,
            ),
          access_type: fields.access_type ?? was.access_type,
          price_cents: fields.price_cents ?? (fields.access_type && fields.access_type !== 'ppv' ? 0 : was.price_cents),
        };
        if (!merged.sport_id) throw consoleErrors.unknownInCatalogue('sport_id');
        if (!merged.home_team_id) throw consoleErrors.unknownInCatalogue('home_team_id');
        if (!merged.away_team_id || merged.away_team_id === merged.home_team_id) {
          throw consoleErrors.unknownInCatalogue('away_team_id');
        }
        if (merged.access_type === 'ppv' ? merged.price_cents <= 0 : merged.price_cents !== 0) {
          throw consoleErrors.priceMismatch();
        }
        const values = await valuesOf(channel, {
          ...merged,
          sport_id: merged.sport_id,
          home_team_id: merged.home_team_id,
          away_team_id: merged.away_team_id,
        });
        // A game that started keeps its status and its name unless one is sent: the clock and the ingest own them.
        const { streamStatus: _status, ...kept } = values;
        const updated = await games.update(tx, id, kept);
        const change = diff(audited(was), audited(gameView(updated, channel.timeZone)));
        if (Object.keys(change.after).length) {
          await audit.record(tx, channel.id, actor, {
            action: 'game.update',
            entity: 'event',
            entityId: id,
            ...change,
          });
        }
        return updated;
      });
      events.invalidate(channel.id);
      return gameView(row, channel.timeZone);
    },

    /**
     * Ends a live game now: its encoder's stream ends as at the grace period's end (the recording becomes the replay),
     * or, for a game no encoder publishes here, its status moves to finished. Audited.
     */
    async endNow(channel: Channel, actor: Actor, id: number): Promise<ConsoleGame> {
      const [current] = await games.byId(channel.id, id);
      if (!current) throw consoleErrors.gameNotFound();
      if (current.streamStatus !== 'live') throw consoleErrors.gameNotLive();
      const ingested = await deps.endIngested(id);
      const row = await transaction(async (tx) => {
        const locked = await games.forUpdate(tx, channel.id, id);
        if (!locked) throw consoleErrors.gameNotFound();
        const ended =
          locked.streamStatus === 'finished'
            ? locked
            : await games.update(tx, id, { streamStatus: 'finished', endsAt: new Date() });
        await audit.record(tx, channel.id, actor, {
          action: 'game.end',
          entity: 'event',
          entityId: id,
          before: { status: 'live' },
          after: { status: 'finished', ended_by: ingested ? 'its encoder stream ended' : 'the schedule' },
        });
        return ended;
      });
      events.invalidate(channel.id);
      return gameView(row, channel.timeZone);
    },

    async remove(channel: Channel, actor: Actor, id: number): Promise<void> {
      await transaction(async (tx) => {
        const current = await games.forUpdate(tx, channel.id, id);
        if (!current) throw consoleErrors.gameNotFound();
        // A game that went live has fans' clips, a recording and a replay: it is not deleted with them.
        if (current.streamStatus !== 'upcoming') throw consoleErrors.gameStarted();
        if ((await games.orderCount(tx, channel.id, id)) > 0) throw consoleErrors.gameHasOrders();
        await games.remove(tx, id);
        await audit.record(tx, channel.id, actor, {
          action: 'game.delete',
          entity: 'event',
          entityId: id,
          before: audited(gameView(current, channel.timeZone)),
        });
      });
      events.invalidate(channel.id);
    },
  };
}
export type GamesService = ReturnType<typeof createGamesService>;
