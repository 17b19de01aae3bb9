import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

/** Keys of everything cached about a fan's favorites; invalidating the root reloads them all. */
export const favoritesKeys = {
  all: [SESSION_SCOPE, 'favorites'] as const,
  list: () => [...favoritesKeys.all, 'list'] as const,
  events: (query: object) => [...favoritesKeys.all, 'events', query] as const,
};

/** `GET /favorites`: the signed-in fan's favorites (a guest gets 401 `user must be logged in`). */
export const getFavorites = (signal?: AbortSignal) => api.get('/favorites', { signal }).then((r) => r.data);

export const favoritesQueryOptions = () =>
  queryOptions({ queryKey: favoritesKeys.list(), queryFn: ({ signal }) => getFavorites(signal) });

/** A guest has no favorites and asks for none. */
export const useFavorites = (signedIn: boolean) => useQuery({ ...favoritesQueryOptions(), enabled: signedIn });
