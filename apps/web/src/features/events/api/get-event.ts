import type { Event } from '@sideline/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/** `GET /events/{id}`: one event, or null when the channel has no such event. */
export async function getEvent(id: number, signal?: AbortSignal): Promise<Event | null> {
  try {
    return (await api.get('/events/{id}', { path: { id }, signal, quiet: [404] })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const eventQueryKey = (id: number) => ['events', 'one', id] as const;

export const eventQueryOptions = (id: number) =>
  queryOptions({ queryKey: eventQueryKey(id), queryFn: ({ signal }) => getEvent(id, signal) });

export const useEvent = (id: number) => useQuery(eventQueryOptions(id));
