import type { Event, EventsPage, EventsQuery, HomepageSection } from '@sideline/contract/events';
import { EVENTS_DEFAULT_LIMIT, EVENTS_MAX_LIMIT } from '@sideline/contract/events';
import type { Cache } from '../../lib/cache';
import type { Viewer } from '../access';
import type { CatalogService } from '../catalog';
import type { Channel } from '../channel';
import { toEvent } from './event-view';
import { eventErrors } from './events.errors';
import type { AnyOf, EventFilters, EventRow, EventSort, EventsRepository } from './events.repository';

const HOMEPAGE_RAIL = 12;

/** Listings, one event and the home page rails. Public rows are cached briefly; access is added per viewer. */
export function createEventsService({
  repo,
  catalog,
  cache,
  ttlMs,
}: {
  repo: EventsRepository;
  catalog: CatalogService;
  cache: Cache;
  ttlMs: number;
}) {
  async function teams(channelId: number) {
    return cache.get(
      `ch:${channelId}:teams-by-id`,
      async () => new Map((await catalog.participants(channelId)).map((p) => [p.id, p])),
    );
  }

  /** Free text matches event names, and teams, schools and sports by name. */
  async function resolveSearch(channelId: number, text: string): Promise<NonNullable<EventFilters['search']>> {
    const q = text.toLocaleLowerCase();
    const has = (...names: (string | null | undefined)[]) => names.some((n) => n?.toLocaleLowerCase().includes(q));
    const [participants, groups, categories] = await Promise.all([
      catalog.participants(channelId),
      catalog.groups(channelId),
      catalog.categories(channelId),
    ]);
    return {
      text,
      participantIds: participants.filter((p) => has(p.name, p.short_name)).map((p) => p.id),
      groupIds: groups.filter((g) => has(g.name, g.short_name)).map((g) => g.id),
      categoryIds: categories.filter((c) => has(c.name)).map((c) => c.id),
    };
  }

  async function page(
    channel: Channel,
    viewer: Viewer,
    filters: EventFilters,
    sort: EventSort,
    offset: number,
    limit: number,
  ): Promise<EventsPage> {
    const key = `ch:${channel.id}:events:${JSON.stringify([filters, sort, offset, limit])}`;
    const found =
      ttlMs > 0
        ? await cache.get(key, () => repo.list(channel.id, filters, sort, { offset, limit }))
        : await repo.list(channel.id, filters, sort, { offset, limit });
    const byId = await teams(channel.id);
    return {
      data: found.rows.map((r: EventRow) => toEvent(r, byId, viewer)),
      meta: {
        offset,
        limit,
        has_more: found.hasMore,
        // The end is in sight: the total is known without counting (not when the offset ran past the end).
        ...(!found.hasMore && (found.rows.length > 0 || offset === 0) ? { total: offset + found.rows.length } : {}),
      },
    };
  }

  function filtersOf(q: Omit<EventsQuery, 'search'>): EventFilters {
    return {
      ...(q.stream_status ? { statuses: q.stream_status } : {}),
      ...(q.event_category_id ? { categoryIds: q.event_category_id } : {}),
      ...(q.participant_group_id ? { groupIds: q.participant_group_id } : {}),
      ...(q.participant_id ? { participantIds: q.participant_id } : {}),
      ...(q.location_id ? { locationIds: q.location_id } : {}),
      ...(q.gender ? { gender: q.gender } : {}),
      ...(q.start_date !== undefined ? { from: new Date(q.start_date * 1000) } : {}),
      ...(q.end_date !== undefined ? { to: new Date(q.end_date * 1000) } : {}),
    };
  }

  const limitOf = (limit: number | undefined) => Math.min(limit ?? EVENTS_DEFAULT_LIMIT, EVENTS_MAX_LIMIT);
  /** The page a listing's query asks for: its order, offset and limit (at most the largest page). */
  const queryPage = (
    channel: Channel,
    viewer: Viewer,
    filters: Parameters<typeof page>[2],
    q: Omit<EventsQuery, 'search'>,
  ) => page(channel, viewer, filters, { field: q.sort_field, direction: q.sort_direction }, q.offset, limitOf(q.limit));

  return {
    async list(channel: Channel, viewer: Viewer, q: EventsQuery) {
      const filters = filtersOf(q);
      if (q.search) filters.search = await resolveSearch(channel.id, q.search);
      return queryPage(channel, viewer, filters, q);
    },

    async favorites(channel: Channel, viewer: Viewer, anyOf: AnyOf, q: Omit<EventsQuery, 'search'>) {
      return queryPage(channel, viewer, { ...filtersOf(q), anyOf }, q);
    },

    async get(channel: Channel, viewer: Viewer, id: number): Promise<Event> {
      const row = await cache.get(`ch:${channel.id}:events:one:${id}`, () => repo.byId(channel.id, id));
      if (!row) throw eventErrors.notFound();
      return toEvent(row, await teams(channel.id), viewer);
    },

    async homepage(channel: Channel, viewer: Viewer, favorites: AnyOf | null): Promise<HomepageSection[]> {
      const rail = (filters: EventFilters, direction: 'asc' | 'desc') =>
        page(channel, viewer, filters, { field: 'event_utc_ts', direction }, 0, HOMEPAGE_RAIL).then((p) => p.data);
      const [live, upcoming, recent, favorite] = await Promise.all([
        rail({ statuses: ['live'] }, 'asc'),
        rail({ statuses: ['upcoming'] }, 'asc'),
        rail({ statuses: ['finished'] }, 'desc'),
        favorites ? rail({ statuses: ['live', 'upcoming'], anyOf: favorites }, 'asc') : Promise.resolve(null),
      ]);
      return [
        ...(favorite ? [{ key: 'favorites' as const, events: favorite }] : []),
        { key: 'live' as const, events: live },
        { key: 'upcoming' as const, events: upcoming },
        { key: 'recent' as const, events: recent },
      ];
    },

    /** Advances event statuses with the clock and drops the cached listings of the channels that changed. */
    async sweepStatuses(now = new Date()): Promise<number[]> {
      const changed = await repo.advanceStatuses(now);
      for (const channelId of changed) this.invalidate(channelId);
      return changed;
    },

    /** Forget cached listings after events change (status, schedule, prices). */
    invalidate(channelId: number) {
      cache.invalidate(`ch:${channelId}:events:`);
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
