import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clipsKeys } from './clip-keys';

/** `GET /clips/tags`: the channel's clip tags, each named in every interface language. */
export const getClipTags = (signal?: AbortSignal) => api.get('/clips/tags', { signal }).then((r) => r.data);

export const clipTagsQueryOptions = () =>
  queryOptions({ queryKey: clipsKeys.tags(), queryFn: ({ signal }) => getClipTags(signal), staleTime: 3_600_000 });

export const useClipTags = () => useQuery(clipTagsQueryOptions());
