import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { vodKeys } from './vod-keys';

/** `GET /vod-media-categories`: the library's sections, in their order. */
export const getVodCategories = (signal?: AbortSignal) =>
  api.get('/vod-media-categories', { signal }).then((r) => r.data);

export const vodCategoriesQueryOptions = () =>
  queryOptions({ queryKey: vodKeys.categories(), queryFn: ({ signal }) => getVodCategories(signal) });

export const useVodCategories = () => useQuery(vodCategoriesQueryOptions());
