import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

/** `GET /stripe/customer-portal`: where the fan manages their payment methods. */
export const getCustomerPortal = async () => (await api.get('/stripe/customer-portal', { quiet: [404] })).data;

export const customerPortalQueryOptions = () =>
  queryOptions({
    queryKey: [SESSION_SCOPE, 'commerce', 'customer-portal'] as const,
    queryFn: getCustomerPortal,
    retry: false,
  });

export const useCustomerPortal = () => useQuery(customerPortalQueryOptions());
