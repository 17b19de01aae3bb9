import type { User } from '@sideline/contract/auth';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { SESSION_SCOPE } from '@/lib/query-client';

/**
 * `GET /profile`: the signed-in fan, or null for a guest. A 401 here is the normal guest answer: it neither
 * resets anything nor gets reported. (404 too, while the profile endpoint is not served yet.)
 */
export async function getProfile(): Promise<User | null> {
  try {
    const res = await api.get('/profile', { quiet: [401, 404] });
    return res.data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

export const profileQueryKey = [SESSION_SCOPE, 'profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: Number.POSITIVE_INFINITY });

export const useUser = () => useSuspenseQuery(profileQueryOptions()).data;
