import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_SCOPE } from '@/lib/query-client';

/** `GET /participant-groups`: the channel's schools. Static (no key) and unchanging while a fan browses. */
export const getParticipantGroups = () => api.get('/participant-groups', { static: true }).then((r) => r.data);

export const participantGroupsQueryOptions = () =>
  queryOptions({
    queryKey: [CHANNEL_SCOPE, 'participant-groups'],
    queryFn: getParticipantGroups,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useParticipantGroups = () => useQuery(participantGroupsQueryOptions());
