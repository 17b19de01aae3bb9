import type { CustomForm } from '@sideline/contract/custom-forms';
import { type QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { SESSION_SCOPE } from '@/lib/query-client';

/** `GET /custom-forms/{alias}`: a per-fan form, or null when the channel has none (404 is tolerated). */
export async function getCustomForm(alias: string): Promise<CustomForm | null> {
  try {
    const res = await api.get('/custom-forms/{alias}', { path: { alias }, quiet: [404] });
    return res.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const customFormQueryKey = (alias: string) => [SESSION_SCOPE, 'custom-form', alias] as const;

export const customFormQueryOptions = (alias: string) =>
  queryOptions({
    queryKey: customFormQueryKey(alias),
    queryFn: () => getCustomForm(alias),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCustomForm = (alias: string) => useSuspenseQuery(customFormQueryOptions(alias)).data;

/**
 * Reads a fan's form again after it changed (the basic-pass choice), awaited whether or not a screen shows it:
 * the guards read it on the next navigation.
 */
export async function refreshCustomForm(queryClient: QueryClient, alias: string): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: customFormQueryKey(alias), refetchType: 'all' });
}
