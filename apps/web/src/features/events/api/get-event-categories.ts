import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_SCOPE } from '@/lib/query-client';

/** `GET /events-categories`: the channel's sports. Static (no key) and unchanging while a fan browses. */
export const getEventCategories = () => api.get('/events-categories', { static: true }).then((r) => r.data);

export const eventCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [CHANNEL_SCOPE, 'events-categories'],
    queryFn: getEventCategories,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useEventCategories = () => useQuery(eventCategoriesQueryOptions());
