import type { Language } from '@sideline/contract/constants';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useLanguage } from '@/hooks/use-language';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { CHANNEL_SCOPE } from '@/lib/query-client';

/** `GET /faq` in the fan's language (an entry without it is in the channel's). */
export const getFaq = (lang: Language) => api.get('/faq', { static: true, query: { lang } }).then((r) => r.data);

export const faqQueryOptions = (lang: Language = currentLanguage()) =>
  queryOptions({ queryKey: [CHANNEL_SCOPE, 'faq', lang], queryFn: () => getFaq(lang) });

/** The FAQ in the fan's language, asked again when the fan switches language. */
export const useFaq = () => useSuspenseQuery(faqQueryOptions(useLanguage())).data;
