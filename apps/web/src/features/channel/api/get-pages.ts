import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_SCOPE } from '@/lib/query-client';

export const getPages = () => api.get('/pages', { static: true }).then((r) => r.data);

export const pagesQueryOptions = () =>
  queryOptions({ queryKey: [CHANNEL_SCOPE, 'pages'], queryFn: getPages, staleTime: Number.POSITIVE_INFINITY });

export const usePages = () => useSuspenseQuery(pagesQueryOptions()).data;
