import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { vodKeys } from './vod-keys';

// Refusals (sign in, no library access, geo, still packaging) are screens, not failures to report.
const REFUSALS = [401, 403, 404, 503] as const;

/** `GET /vod-media-items/{id}/playback`: the signed playlist of a library video, for a fan with library access. */
export const getVodPlayback = (id: number, signal?: AbortSignal) =>
  api.get('/vod-media-items/{id}/playback', { path: { id }, signal, quiet: REFUSALS }).then((r) => r.data);

/** Bound to the fan's key: a sign-in or sign-out clears it; each visit asks again for a fresh token. */
export const vodPlaybackQueryOptions = (id: number) =>
  queryOptions({
    queryKey: vodKeys.playback(id),
    queryFn: ({ signal }) => getVodPlayback(id, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const useVodPlayback = (id: number) => useQuery(vodPlaybackQueryOptions(id));
