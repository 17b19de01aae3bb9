import { savedCardSchema } from '@sideline/contract/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SESSION_SCOPE } from '@/lib/query-client';
import { getData } from './call';

/** `GET stripe/list-cards`: the fan's saved cards. */
export const listCards = () => getData('/stripe/list-cards', z.array(savedCardSchema));

export const cardsQueryKey = [SESSION_SCOPE, 'commerce', 'cards'] as const;
export const cardsQueryOptions = () => queryOptions({ queryKey: cardsQueryKey, queryFn: listCards });
export const useSavedCards = (enabled = true) => useQuery({ ...cardsQueryOptions(), enabled });
