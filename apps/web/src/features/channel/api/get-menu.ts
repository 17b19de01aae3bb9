import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_SCOPE } from '@/lib/query-client';

export const getMenu = () => api.get('/menu', { static: true }).then((r) => r.data);

export const menuQueryOptions = () =>
  queryOptions({ queryKey: [CHANNEL_SCOPE, 'menu'], queryFn: getMenu, staleTime: Number.POSITIVE_INFINITY });

export const useMenu = () => useSuspenseQuery(menuQueryOptions()).data;
