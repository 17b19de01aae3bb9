import type { ConsoleMe } from '@sideline/contract/console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { SESSION_SCOPE } from '@/lib/query-client';

/** Who may use the console: the staff member, or `no-role` for a fan or another channel's account. */
export type ConsoleAccess = { kind: 'staff'; me: ConsoleMe } | { kind: 'no-role' };

/** `GET /console/me`. A 403 `console_role_required` is an answer here, not a failure: it is neither reported nor retried. */
export async function getConsoleAccess(): Promise<ConsoleAccess> {
  try {
    const res = await api.get('/console/me', { quiet: [403] });
    return { kind: 'staff', me: res.data };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'console_role_required') return { kind: 'no-role' };
    throw error;
  }
}

export const consoleMeQueryOptions = () =>
  queryOptions({ queryKey: [SESSION_SCOPE, 'console', 'me'], queryFn: getConsoleAccess, staleTime: 60_000 });

export const useConsoleAccess = (enabled: boolean) => useQuery({ ...consoleMeQueryOptions(), enabled });
