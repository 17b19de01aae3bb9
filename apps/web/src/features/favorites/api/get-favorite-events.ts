import type { StreamStatus } from '@sideline/contract/enums';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { favoritesKeys } from './get-favorites';

/** The query fields `GET /events/favorite` accepts (the server refuses any other). */
export type FavoriteEventsQuery = {
  stream_status?: StreamStatus;
  start_date?: number;
  end_date?: number;
  offset?: number;
  limit?: number;
  sort_field?: 'event_utc_ts' | 'name' | 'id';
  sort_direction?: 'asc' | 'desc';
};

/** `GET /events/favorite`: games of anything the fan follows. Cancelled when no longer wanted. */
export const getFavoriteEvents = (query: FavoriteEventsQuery, signal?: AbortSignal) =>
  api.get('/events/favorite', { query, signal });

export const favoriteEventsQueryOptions = (query: FavoriteEventsQuery) =>
  queryOptions({
    queryKey: favoritesKeys.events(query),
    queryFn: ({ signal }) => getFavoriteEvents(query, signal).then((page) => page.data),
  });

export const useFavoriteEvents = (query: FavoriteEventsQuery, signedIn: boolean) =>
  useQuery({ ...favoriteEventsQueryOptions(query), enabled: signedIn });
