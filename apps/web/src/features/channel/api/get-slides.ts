import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_SCOPE } from '@/lib/query-client';

export const getSlides = (type: string) =>
  api
    .get('/slides/{client_interface}', { path: { client_interface: 'web' }, static: true, query: { type } })
    .then((r) => r.data);

export const slidesQueryOptions = (type = 'home') =>
  queryOptions({
    queryKey: [CHANNEL_SCOPE, 'slides', 'web', type],
    queryFn: () => getSlides(type),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSlides = (type = 'home') => useSuspenseQuery(slidesQueryOptions(type)).data;
