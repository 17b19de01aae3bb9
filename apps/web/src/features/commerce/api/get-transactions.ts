import { transactionSchema } from '@sideline/contract/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SESSION_SCOPE } from '@/lib/query-client';
import { getData } from './call';

/** `GET transactions`: the fan's payments, renewals and refunds, newest first. */
export const getTransactions = () => getData('/transactions', z.array(transactionSchema), { query: { no_limit: '1' } });

export const transactionsQueryOptions = () =>
  queryOptions({ queryKey: [SESSION_SCOPE, 'commerce', 'transactions'] as const, queryFn: getTransactions });

export const useTransactions = () => useQuery(transactionsQueryOptions());
