import type { Gender } from '@sideline/contract/enums';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_SCOPE } from '@/lib/query-client';

/** The server's narrowing of the team list; absent fields do not narrow. */
export type ParticipantsFilter = { participant_group_id?: number; event_category_id?: number; gender?: Gender };

/** `GET /participants`: the channel's teams, narrowed by school, sport and gender. Static (no key). */
export const getParticipants = (filter: ParticipantsFilter = {}) =>
  api.get('/participants', { static: true, query: filter }).then((r) => r.data);

export const participantsQueryOptions = (filter: ParticipantsFilter = {}) =>
  queryOptions({
    queryKey: [CHANNEL_SCOPE, 'participants', filter],
    queryFn: () => getParticipants(filter),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** While a narrower list loads, the previous one stays in the picker instead of emptying it. */
export const useParticipants = (filter?: ParticipantsFilter) =>
  useQuery({ ...participantsQueryOptions(filter), placeholderData: keepPreviousData });
