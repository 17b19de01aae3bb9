import type { User } from '@sideline/contract/auth';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { SESSION_SCOPE } from '@/lib/query-client';

/**
 * `GET /profile`: the signed-in fan, or null for a guest. A key known to be a guest's (fetched as one, or answered
 * 401 here before) is not asked about: the call could only fail, and the browser would log its 401 on every page.
 * A 401 is still the normal answer for a key whose session ended: it neither resets anything nor gets reported,
 * and marks the key a guest's. (404 too, while the profile endpoint is not served yet.)
 */
export async function getProfile(): Promise<User | null> {
  if (api.keys.isGuest()) return null;
  try {
    const res = await api.get('/profile', { quiet: [401, 404] });
    return res.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) api.keys.markGuest();
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

export const profileQueryKey = [SESSION_SCOPE, 'profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: Number.POSITIVE_INFINITY });

export const useUser = () => useSuspenseQuery(profileQueryOptions()).data;
