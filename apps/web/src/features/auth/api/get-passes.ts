import type { Pass } from '@sideline/contract/commerce';
import { sortByWeight } from '@sideline/contract/rules/passes';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_SCOPE } from '@/lib/query-client';

/**
 * `GET packages` and `GET subscriptions` (static calls; every row, as the spec's listing asks with `no_limit=1`),
 * as one list sorted by weight, heaviest first. The channel's catalogue: kept across sign-in and sign-out.
 */
export async function getPasses(): Promise<Pass[]> {
  const query = { no_limit: '1' } as const;
  const [packages, subscriptions] = await Promise.all([
    api.get('/packages', { static: true, query }),
    api.get('/subscriptions', { static: true, query }),
  ]);
  return sortByWeight([...packages.data, ...subscriptions.data]);
}

export const passesQueryOptions = () =>
  queryOptions({ queryKey: [CHANNEL_SCOPE, 'passes'] as const, queryFn: getPasses, staleTime: 5 * 60_000 });

export const usePasses = () => useSuspenseQuery(passesQueryOptions()).data;
