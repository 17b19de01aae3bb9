import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clipsKeys } from './clip-keys';

const MOMENTS_LIMIT = 50;

/** `GET /clips/moments`: the channel's latest ready clips, newest first, each with its game. */
export const getMoments = (signal?: AbortSignal) =>
  api.get('/clips/moments', { query: { limit: MOMENTS_LIMIT }, signal }).then((r) => r.data);

export const momentsQueryOptions = () =>
  queryOptions({ queryKey: clipsKeys.moments(), queryFn: ({ signal }) => getMoments(signal) });

export const useMoments = () => useQuery(momentsQueryOptions());
