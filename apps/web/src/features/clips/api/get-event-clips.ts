import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clipPollInterval } from '../utils/clip-state';
import { clipsKeys } from './clip-keys';

/** One page is plenty for a game's clips under its player. */
const EVENT_CLIPS_LIMIT = 100;

/** `GET /clips/event/{id}`: the game's ready clips, and the caller's own while they are made or if they failed. */
export const getEventClips = (eventId: number, signal?: AbortSignal) =>
  api
    .get('/clips/event/{id}', { path: { id: eventId }, query: { limit: EVENT_CLIPS_LIMIT }, signal })
    .then((r) => r.data);

export const eventClipsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: clipsKeys.event(eventId),
    queryFn: ({ signal }) => getEventClips(eventId, signal),
    // A new clip goes queued -> processing -> ready on the page, without a reload.
    refetchInterval: (query) => clipPollInterval(query.state.data),
  });

export const useEventClips = (eventId: number) => useQuery(eventClipsQueryOptions(eventId));
