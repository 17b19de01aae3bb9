import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { vodKeys } from './vod-keys';

/** `GET /vod-media-items/{id}`: one video of the library; null when the channel has no such video. */
export const getVodMediaItem = (id: number, signal?: AbortSignal) =>
  api
    .get('/vod-media-items/{id}', { path: { id }, signal, quiet: [404] })
    .then((r) => r.data)
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });

export const vodMediaItemQueryOptions = (id: number) =>
  queryOptions({ queryKey: vodKeys.item(id), queryFn: ({ signal }) => getVodMediaItem(id, signal) });

export const useVodMediaItem = (id: number) => useQuery(vodMediaItemQueryOptions(id));
