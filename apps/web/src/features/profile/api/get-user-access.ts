import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

/** `GET /user/access`: what the fan may do, their counters with limits, and how many purchases they have. */
export const getUserAccess = () => api.get('/user/access').then((r) => r.data);

export const userAccessQueryOptions = () =>
  queryOptions({ queryKey: [SESSION_SCOPE, 'user-access'] as const, queryFn: getUserAccess });

export const useUserAccess = () => useQuery(userAccessQueryOptions());
