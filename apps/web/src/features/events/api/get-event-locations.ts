import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_SCOPE } from '@/lib/query-client';

/** `GET /events-locations`: the channel's venues. Static (no key) and unchanging while a fan browses. */
export const getEventLocations = () => api.get('/events-locations', { static: true }).then((r) => r.data);

export const eventLocationsQueryOptions = () =>
  queryOptions({
    queryKey: [CHANNEL_SCOPE, 'events-locations'],
    queryFn: getEventLocations,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useEventLocations = () => useQuery(eventLocationsQueryOptions());
