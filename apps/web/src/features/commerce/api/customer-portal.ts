import { customerPortalSchema } from '@sideline/contract/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_SCOPE } from '@/lib/query-client';
import { getData } from './call';

/** `GET /stripe/customer-portal`: where the fan manages their payment methods. */
export const getCustomerPortal = () => getData('/stripe/customer-portal', customerPortalSchema, { quiet: [404] });

export const customerPortalQueryOptions = () =>
  queryOptions({
    queryKey: [SESSION_SCOPE, 'commerce', 'customer-portal'] as const,
    queryFn: getCustomerPortal,
    retry: false,
  });

export const useCustomerPortal = () => useQuery(customerPortalQueryOptions());
