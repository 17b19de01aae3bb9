import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_SCOPE } from '@/lib/query-client';

export const getSettings = () => api.get('/settings', { static: true }).then((r) => r.data);

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: [CHANNEL_SCOPE, 'settings'], queryFn: getSettings, staleTime: Number.POSITIVE_INFINITY });

export const useSettings = () => useSuspenseQuery(settingsQueryOptions()).data;
