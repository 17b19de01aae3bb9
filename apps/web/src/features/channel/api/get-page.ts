import type { PageDetail } from '@sideline/contract/channel';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { CHANNEL_SCOPE } from '@/lib/query-client';

/** `GET /pages/{url}`: one page of the channel with its (server-sanitized) HTML, or null when it has none. */
export async function getPage(url: string): Promise<PageDetail | null> {
  try {
    const res = await api.get('/pages/{url}', {
      path: { url },
      static: true,
      quiet: [404],
    });
    return res.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const pageQueryOptions = (url: string) =>
  queryOptions({ queryKey: [CHANNEL_SCOPE, 'page', url], queryFn: () => getPage(url) });

export const usePage = (url: string) => useSuspenseQuery(pageQueryOptions(url)).data;
