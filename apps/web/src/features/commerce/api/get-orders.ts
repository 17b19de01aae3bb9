import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

/** `GET orders/{order_id}`: one of the fan's orders (the poller reads its status). */
export const getOrder = async (orderId: number) =>
  (await api.get('/orders/{order_id}', { path: { order_id: orderId } })).data;

/** `GET orders` (every row, `no_limit=1`), or only those giving access now with `active=1`. */
export const getOrders = async (active: boolean) =>
  (await api.get('/orders', { query: { no_limit: '1', ...(active ? { active: '1' } : {}) } })).data;

export const ordersQueryKey = [SESSION_SCOPE, 'commerce', 'orders'] as const;
export const ordersQueryOptions = (active: boolean) =>
  queryOptions({ queryKey: [...ordersQueryKey, active ? 'active' : 'all'] as const, queryFn: () => getOrders(active) });

export const useOrders = (active: boolean) => useQuery(ordersQueryOptions(active));
