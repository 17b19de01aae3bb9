import type { Branding, BrandingUpdate } from '@sideline/contract/console';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

const brandingQueryKey = [SESSION_SCOPE, 'console', 'branding'] as const;

export const brandingQueryOptions = () =>
  queryOptions({
    queryKey: brandingQueryKey,
    queryFn: async (): Promise<Branding> => (await api.get('/console/branding')).data,
  });

export const useBranding = () => useQuery(brandingQueryOptions());

/**
 * `PATCH /console/branding` with the changed fields only; the answer (the whole branding) replaces the cached one.
 * A 400 is the form's to show on its fields, so it is not reported. (A plain call rather than `useMutation`: the
 * form tracks its own submitting state, and the mutation observer would join a chunk fans' pages load.)
 */
export function useUpdateBranding() {
  const queryClient = useQueryClient();
  return async (body: Omit<BrandingUpdate, 'api_key'>) => {
    const { data } = await api.patch('/console/branding', { body, quiet: [400] });
    queryClient.setQueryData(brandingQueryKey, data);
    return data;
  };
}
