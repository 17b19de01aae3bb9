import type { StreamStatus } from '@sideline/contract/enums';
import type { Event, EventsPage } from '@sideline/contract/events';
import { LISTING_PAGE_SIZE } from '@sideline/contract/listings';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { LISTING_REFRESH_MS } from './listing-refresh';

/**
 * The query fields `GET /events` accepts, as the client sends them (id lists already joined). The server refuses
 * unknown fields with 400, so nothing else may go into it.
 */
export type EventsQuery = {
  stream_status?: string;
  event_category_id?: string;
  participant_group_id?: string;
  participant_id?: string;
  location_id?: string;
  gender?: 'men' | 'women';
  start_date?: number;
  end_date?: number;
  search?: string;
  sort_field?: 'event_utc_ts' | 'name' | 'id';
  sort_direction?: 'asc' | 'desc';
};

/** A page size that fills whole rows of 2, 3 and 4 cards. */
export const EVENTS_PAGE_SIZE = LISTING_PAGE_SIZE;

export const statusList = (statuses: readonly StreamStatus[]) => statuses.join(',');

/** `GET /events`: one page of a listing. The signal cancels it when the listing is no longer wanted. */
export const getEvents = (query: EventsQuery & { offset: number; limit: number }, signal?: AbortSignal) =>
  api.get('/events', { query, signal });

export const eventsQueryKey = (query: EventsQuery) => ['events', 'list', query] as const;

/** A listing paged with offset/limit, page after page while the server says `has_more`. */
export const eventsInfiniteQueryOptions = (query: EventsQuery, pageSize = EVENTS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...eventsQueryKey(query), pageSize],
    queryFn: ({ pageParam, signal }) => getEvents({ ...query, offset: pageParam, limit: pageSize }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: EventsPage) => (last.meta.has_more ? last.meta.offset + last.meta.limit : undefined),
  });

export const useEventsPages = (query: EventsQuery, pageSize?: number) =>
  useInfiniteQuery({ ...eventsInfiniteQueryOptions(query, pageSize), refetchInterval: LISTING_REFRESH_MS });

/** The first `limit` events of a listing only (a rail). */
export const eventsFirstPageQueryOptions = (query: EventsQuery, limit: number) =>
  queryOptions({
    queryKey: [...eventsQueryKey(query), 'first', limit],
    queryFn: ({ signal }): Promise<Event[]> => getEvents({ ...query, offset: 0, limit }, signal).then((p) => p.data),
  });

export const useEventsFirstPage = (query: EventsQuery, limit: number) =>
  useQuery({ ...eventsFirstPageQueryOptions(query, limit), refetchInterval: LISTING_REFRESH_MS });
