import type { PageDetail } from '@sideline/contract/channel';
import type { Language } from '@sideline/contract/constants';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { currentLanguage } from '@/lib/i18n';
import { CHANNEL_SCOPE } from '@/lib/query-client';

/**
 * `GET /pages/{url}`: one page of the channel with its (server-sanitized) HTML in the fan's language (else the
 * channel's), or null when it has none.
 */
export async function getPage(url: string, lang: Language): Promise<PageDetail | null> {
  try {
    const res = await api.get('/pages/{url}', {
      path: { url },
      query: { lang },
      static: true,
      quiet: [404],
    });
    return res.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const pageQueryOptions = (url: string, lang: Language = currentLanguage()) =>
  queryOptions({ queryKey: [CHANNEL_SCOPE, 'page', url, lang], queryFn: () => getPage(url, lang) });

/** The page in the fan's language, asked again when the fan switches language. */
export const usePage = (url: string) => useSuspenseQuery(pageQueryOptions(url, useLanguage())).data;
