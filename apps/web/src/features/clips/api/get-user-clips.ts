import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clipPollInterval } from '../utils/clip-state';
import { clipsKeys } from './clip-keys';

const USER_CLIPS_LIMIT = 100;

/** `GET /clips/user`: the signed-in fan's clips in every state, newest first, each with its game. */
export const getUserClips = (signal?: AbortSignal) =>
  api.get('/clips/user', { query: { limit: USER_CLIPS_LIMIT }, signal }).then((r) => r.data);

export const userClipsQueryOptions = () =>
  queryOptions({
    queryKey: clipsKeys.user(),
    queryFn: ({ signal }) => getUserClips(signal),
    refetchInterval: (query) => clipPollInterval(query.state.data),
  });

export const useUserClips = () => useQuery(userClipsQueryOptions());
