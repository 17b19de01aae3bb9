import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /events-for-homepage`: the home page's rails (favorites for a signed-in fan, live, upcoming, recent). */
export const getHomepageEvents = (signal?: AbortSignal) =>
  api.get('/events-for-homepage', { signal }).then((r) => r.data);

export const homepageEventsQueryKey = ['events', 'homepage'] as const;

/*
 * No hook here, unlike the other endpoints: the home route's first chunk starts this request, and its weight is
 * budgeted. The rails (their own chunk) read it with `useQuery(homepageEventsQueryOptions())`.
 */
export const homepageEventsQueryOptions = () =>
  queryOptions({ queryKey: homepageEventsQueryKey, queryFn: ({ signal }) => getHomepageEvents(signal) });
