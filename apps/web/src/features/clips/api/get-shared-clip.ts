import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { clipsKeys } from './clip-keys';

/**
 * `GET /shared-clip/{uuid}`: a ready clip by its share id, for anyone holding the link (no key). A deleted clip
 * is a 404, the page's normal "gone" answer: null here, not an error to report.
 */
export async function getSharedClip(uuid: string, signal?: AbortSignal) {
  try {
    return (await api.get('/shared-clip/{id}', { path: { id: uuid }, static: true, quiet: [404], signal })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const sharedClipQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: clipsKeys.shared(uuid), queryFn: ({ signal }) => getSharedClip(uuid, signal) });

export const useSharedClip = (uuid: string) => useQuery(sharedClipQueryOptions(uuid));
