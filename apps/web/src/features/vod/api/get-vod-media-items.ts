import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { vodKeys } from './vod-keys';

export type VodItemsQuery = { category_id: number; offset: number; limit: number };

/** `GET /vod-media-items`: one page of a category's videos, newest first (abortable: a new filter cancels it). */
export const getVodMediaItems = (query: VodItemsQuery, signal?: AbortSignal) =>
  api.get('/vod-media-items', { query, signal });

export const vodMediaItemsQueryOptions = (query: VodItemsQuery) =>
  queryOptions({ queryKey: vodKeys.items(query), queryFn: ({ signal }) => getVodMediaItems(query, signal) });

/** The page shown stays while the next one loads, so the pager does not jump. */
export const useVodMediaItems = (query: VodItemsQuery | null) =>
  useQuery({
    ...vodMediaItemsQueryOptions(query ?? { category_id: 0, offset: 0, limit: 0 }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
