import { orderSchema } from '@sideline/contract/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SESSION_SCOPE } from '@/lib/query-client';
import { getData } from './call';

/** `GET orders/{order_id}`: one of the fan's orders (the poller reads its status). */
export const getOrder = (orderId: number) => getData(`/orders/${orderId}`, orderSchema);

/** `GET orders` (every row, `no_limit=1`), or only those giving access now with `active=1`. */
export const getOrders = (active: boolean) =>
  getData('/orders', z.array(orderSchema), { query: { no_limit: '1', ...(active ? { active: '1' } : {}) } });

export const ordersQueryKey = [SESSION_SCOPE, 'commerce', 'orders'] as const;
export const ordersQueryOptions = (active: boolean) =>
  queryOptions({ queryKey: [...ordersQueryKey, active ? 'active' : 'all'] as const, queryFn: () => getOrders(active) });

export const useOrders = (active: boolean) => useQuery(ordersQueryOptions(active));
