import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_SCOPE } from '@/lib/query-client';

export const getColorSettings = () =>
  api
    .get('/color-settings/{client_interface}', { path: { client_interface: 'web' }, static: true })
    .then((r) => r.data);

export const colorSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [CHANNEL_SCOPE, 'color-settings', 'web'],
    queryFn: getColorSettings,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useColorSettings = () => useSuspenseQuery(colorSettingsQueryOptions()).data;
