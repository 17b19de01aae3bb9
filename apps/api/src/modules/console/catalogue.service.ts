import type { CatalogueKind } from '@sideline/contract/console-catalogue';
import type { Db } from '../../db/client';
import type { ErrorDetail } from '../../lib/app-error';
import type { Channel, ChannelService } from '../channel';
import type { EventsService } from '../events';
import type { Actor, AuditRepository } from './audit.repository';
import { type CatalogueRepository, recopyTeamSchool } from './catalogue.repository';
import { consoleErrors } from './console.errors';

type Row = Record<string, unknown> & { id: number };
type Fields = Record<string, unknown>;

/** Each kind's API field and its column; the rest of a row (ids, the channel) is not the operator's. */
const COLUMNS: Record<CatalogueKind, Record<string, string>> = {
  sports: { name: 'name', alias: 'alias', image: 'image', position: 'position' },
  schools: { name: 'name', short_name: 'shortName', alias: 'alias', color: 'color', image: 'image' },
  teams: {
    name: 'name',
    short_name: 'shortName',
    alias: 'alias',
    school_id: 'participantGroupId',
    sport_id: 'eventCategoryId',
    color: 'color',
    gender: 'gender',
    logo: 'logo',
  },
  venues: { name: 'name', address: 'address', city: 'city', state: 'state', country: 'country', time_zone: 'timeZone' },
};
const ENTITY: Record<CatalogueKind, string> = { sports: 'sport', schools: 'school', teams: 'team', venues: 'venue' };

const view = (kind: CatalogueKind, row: Row): Fields => ({
  id: row.id,
  ...Object.fromEntries(Object.entries(COLUMNS[kind]).map(([field, column]) => [field, row[column] ?? null])),
});
const columnsOf = (kind: CatalogueKind, fields: Fields): Fields =>
  Object.fromEntries(
    Object.entries(COLUMNS[kind])
      .filter(([field]) => fields[field] !== undefined)
      .map(([field, column]) => [column, fields[field]]),
  );

export type CatalogueDeps = {
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  audit: AuditRepository;
  repo: CatalogueRepository;
  channels: Pick<ChannelService, 'invalidate'>;
  events: Pick<EventsService, 'invalidate'>;
};

/**
 * The console's catalogue: rows created, edited and deleted in the channel, each with its audit entry. A team names
 * a school and a sport of its channel; an alias is unique in its kind; a row in use is not deleted, and the refusal
 * names the games and teams that use it. Fans' listings are dropped after each change.
 */
export function createCatalogueService({ transaction, audit, repo, channels, events }: CatalogueDeps) {
  async function checkReferences(tx: Db, kind: CatalogueKind, channelId: number, fields: Fields) {
    if (kind !== 'teams') return;
    for (const [field, refKind] of [
      ['school_id', 'schools'],
      ['sport_id', 'sports'],
    ] as const) {
      const id = fields[field];
      if (typeof id === 'number' && !(await repo.forUpdate(tx, refKind, channelId, id))) {
        throw consoleErrors.unknownInCatalogue(field);
      }
    }
  }
  const changed = (channelId: number) => {
    channels.invalidate(channelId);
    events.invalidate(channelId);
  };

  return {
    async list(kind: CatalogueKind, channel: Channel): Promise<Fields[]> {
      return (await repo.list(kind, channel.id)).map((row) => view(kind, row));
    },

    async create(kind: CatalogueKind, channel: Channel, actor: Actor, input: Fields): Promise<Fields> {
      const { api_key: _key, ...fields } = input;
      const row = await transaction(async (tx) => {
        await checkReferences(tx, kind, channel.id, fields);
        const made = await repo.insert(tx, kind, { ...columnsOf(kind, fields), channelId: channel.id });
        if (!made) throw consoleErrors.aliasTaken();
        await audit.record(tx, channel.id, actor, {
          action: `${ENTITY[kind]}.create`,
          entity: ENTITY[kind],
          entityId: made.id,
          after: view(kind, made),
        });
        return made;
      });
      changed(channel.id);
      return view(kind, row);
    },

    async update(kind: CatalogueKind, channel: Channel, actor: Actor, id: number, input: Fields): Promise<Fields> {
      const { api_key: _key, ...fields } = input;
      const row = await transaction(async (tx) => {
        const current = await repo.forUpdate(tx, kind, channel.id, id);
        if (!current) throw consoleErrors.catalogueItemNotFound();
        await checkReferences(tx, kind, channel.id, fields);
        if (typeof fields.alias === 'string' && (await repo.aliasTaken(tx, kind, channel.id, fields.alias, id))) {
          throw consoleErrors.aliasTaken();
        }
        const values = columnsOf(kind, fields);
        const updated = Object.keys(values).length ? await repo.update(tx, kind, id, values) : current;
        if (kind === 'teams' && fields.school_id !== undefined && fields.school_id !== current.participantGroupId) {
          await recopyTeamSchool(tx, id, fields.school_id as number);
        }
        const before = view(kind, current);
        const after = view(kind, updated);
        const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
        if (keys.length) {
          await audit.record(tx, channel.id, actor, {
            action: `${ENTITY[kind]}.update`,
            entity: ENTITY[kind],
            entityId: id,
            before: Object.fromEntries(keys.map((k) => [k, before[k]])),
            after: Object.fromEntries(keys.map((k) => [k, after[k]])),
          });
        }
        return updated;
      });
      changed(channel.id);
      return view(kind, row);
    },

    async remove(kind: CatalogueKind, channel: Channel, actor: Actor, id: number): Promise<void> {
      await transaction(async (tx) => {
        const current = await repo.forUpdate(tx, kind, channel.id, id);
        if (!current) throw consoleErrors.catalogueItemNotFound();
        const { games, teams } = await repo.usedBy(tx, kind, channel.id, id);
        if (games.length || teams.length) {
          const details: ErrorDetail[] = [
            ...teams.map((t) => ({ path: `teams.${t.id}`, message: t.name })),
            ...games.map((g) => ({ path: `games.${g.id}`, message: g.name })),
          ];
          throw consoleErrors.inUse(details);
        }
        await repo.remove(tx, kind, id);
        await audit.record(tx, channel.id, actor, {
          action: `${ENTITY[kind]}.delete`,
          entity: ENTITY[kind],
          entityId: id,
          before: view(kind, current),
        });
      });
      changed(channel.id);
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
