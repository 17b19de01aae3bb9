import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

// Refusals are answers the player shows as screens, not failures to report or to reset the session on.
const REFUSALS = [401, 403, 404, 409, 503] as const;

/** `GET /events/{id}/playback`: the signed playlist of a game the caller may watch, or a refusal (see contract). */
export const getPlayback = (eventId: number, signal?: AbortSignal) =>
  api.get('/events/{id}/playback', { path: { id: eventId }, signal, quiet: REFUSALS }).then((r) => r.data);

/** `GET /simulate/playback`: the channel's live test feed, for the stream check. */
export const getSimulatePlayback = (signal?: AbortSignal) =>
  api.get('/simulate/playback', { signal, quiet: REFUSALS }).then((r) => r.data);

/**
 * Playback belongs to the session (its token is bound to the fan's key): a sign-in or sign-out clears it.
 * Kept only for the moment between the route's prefetch and the player's mount: a later visit asks again, so
 * rights and tokens are current (a Retry or a countdown's check always asks again).
 */
const HANDOVER_MS = 15_000;
export const playbackQueryKey = (eventId: number) => [SESSION_SCOPE, 'playback', eventId] as const;

export const playbackQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: playbackQueryKey(eventId),
    queryFn: ({ signal }) => getPlayback(eventId, signal),
    staleTime: HANDOVER_MS,
    gcTime: HANDOVER_MS,
  });

export const simulatePlaybackQueryOptions = () =>
  queryOptions({
    queryKey: [SESSION_SCOPE, 'playback', 'simulate'] as const,
    queryFn: ({ signal }) => getSimulatePlayback(signal),
    staleTime: 0,
    gcTime: 0,
  });
