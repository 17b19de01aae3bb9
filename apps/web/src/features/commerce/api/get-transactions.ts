import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

/** `GET transactions`: the fan's payments, renewals and refunds, newest first. */
export const getTransactions = async () => (await api.get('/transactions', { query: { no_limit: '1' } })).data;

export const transactionsQueryOptions = () =>
  queryOptions({ queryKey: [SESSION_SCOPE, 'commerce', 'transactions'] as const, queryFn: getTransactions });

export const useTransactions = () => useQuery(transactionsQueryOptions());
