import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

/** `GET stripe/list-cards`: the fan's saved cards. */
export const listCards = async () => (await api.get('/stripe/list-cards')).data;

export const cardsQueryKey = [SESSION_SCOPE, 'commerce', 'cards'] as const;
export const cardsQueryOptions = () => queryOptions({ queryKey: cardsQueryKey, queryFn: listCards });
export const useSavedCards = (enabled = true) => useQuery({ ...cardsQueryOptions(), enabled });
