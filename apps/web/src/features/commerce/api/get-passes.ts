import type { Pass } from '@sideline/contract/commerce';
import { sortByWeight } from '@sideline/contract/rules/passes';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

/**
 * `GET packages` and `GET subscriptions` with `no_limit=1`, as one list sorted by weight, heaviest first. Sent
 * with the fan's key, so the server fills `purchased`, `disabledCategories`, `disabledParticipants` for them:
 * the list belongs to the session (a sign-in or a purchase changes it).
 */
export async function getPasses(): Promise<Pass[]> {
  const query = { no_limit: '1' } as const;
  const [packages, subscriptions] = await Promise.all([
    api.get('/packages', { query }),
    api.get('/subscriptions', { query }),
  ]);
  return sortByWeight([...packages.data, ...subscriptions.data]);
}

export const passesQueryKey = [SESSION_SCOPE, 'commerce', 'passes'] as const;

export const passesQueryOptions = () =>
  queryOptions({ queryKey: passesQueryKey, queryFn: getPasses, staleTime: 60_000 });

export const usePasses = () => useSuspenseQuery(passesQueryOptions()).data;
