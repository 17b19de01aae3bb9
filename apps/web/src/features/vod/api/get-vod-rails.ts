import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { vodKeys } from './vod-keys';

/** `GET /vod-media-rails`: the library page's rails, each with its videos in order. */
export const getVodRails = (signal?: AbortSignal) => api.get('/vod-media-rails', { signal }).then((r) => r.data);

export const vodRailsQueryOptions = () =>
  queryOptions({ queryKey: vodKeys.rails(), queryFn: ({ signal }) => getVodRails(signal) });

export const useVodRails = () => useQuery(vodRailsQueryOptions());
