import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_SCOPE } from '@/lib/query-client';

export const getFaq = () => api.get('/faq', { static: true }).then((r) => r.data);

export const faqQueryOptions = () => queryOptions({ queryKey: [CHANNEL_SCOPE, 'faq'], queryFn: getFaq });

export const useFaq = () => useSuspenseQuery(faqQueryOptions()).data;
