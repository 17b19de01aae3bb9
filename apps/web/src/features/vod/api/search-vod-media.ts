import { VOD_SEARCH_PAGE_SIZE } from '@sideline/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { vodKeys } from './vod-keys';

export type VodSearchQuery = { title: string; offset: number };

/** `GET /vod-media/search`: a page of 10 videos whose title contains the text, newest first. */
export const searchVodMedia = ({ title, offset }: VodSearchQuery, signal?: AbortSignal) =>
  api.get('/vod-media/search', {
    query: { title, offset, limit: VOD_SEARCH_PAGE_SIZE, sort_field: 'date' },
    signal,
  });

export const searchVodMediaQueryOptions = (query: VodSearchQuery) =>
  queryOptions({ queryKey: vodKeys.search(query), queryFn: ({ signal }) => searchVodMedia(query, signal) });

/** Asks only once there is something to look for; the page shown stays while the next one loads. */
export const useSearchVodMedia = (query: VodSearchQuery) =>
  useQuery({
    ...searchVodMediaQueryOptions(query),
    enabled: query.title.length > 0,
    placeholderData: keepPreviousData,
  });
