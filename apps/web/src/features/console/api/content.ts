import type {
  ConsoleFaq,
  ConsoleMenuItem,
  ConsolePage,
  ConsoleSlide,
  ContentKind,
} from '@sideline/contract/console-content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_SCOPE, SESSION_SCOPE } from '@/lib/query-client';

/** One row of each kind, as `GET /console/<kind>` lists it. */
export type ContentRows = {
  'menu-items': ConsoleMenuItem;
  pages: ConsolePage;
  faqs: ConsoleFaq;
  slides: ConsoleSlide;
};
export type ContentRow = ContentRows[ContentKind];

const contentKey = [SESSION_SCOPE, 'console', 'content'] as const;

/** `GET /console/<kind>`: the channel's rows of one kind, in order. */
export function useContentList<K extends ContentKind>(kind: K) {
  return useQuery({
    queryKey: [...contentKey, kind],
    queryFn: async () => {
      const { data } = await api.get(`/console/${kind}` as `/console/${ContentKind}`);
      return data as ContentRows[K][];
    },
  });
}

/**
 * The content's writes for one kind. A 400 is the form's to show on its fields and a 409 the form's too (a page
 * address taken), so neither is reported. After each, the console's list and the fan app's own answers (menu, pages,
 * FAQ, slides in this tab) are fetched again.
 */
export function useContentWrites(kind: ContentKind) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contentKey }),
      queryClient.invalidateQueries({ queryKey: [CHANNEL_SCOPE] }),
    ]);
  const path = `/console/${kind}` as `/console/${ContentKind}`;
  const one = `/console/${kind}/{id}` as `/console/${ContentKind}/{id}`;
  return {
    create: async (body: Record<string, unknown>): Promise<ContentRow> => {
      const { data } = await api.post(path, { body: body as never, quiet: [400, 409] });
      await refresh();
      return data as ContentRow;
    },
    update: async (id: number, body: Record<string, unknown>, refreshAfter = true): Promise<ContentRow> => {
      const { data } = await api.patch(one, { path: { id }, body: body as never, quiet: [400, 409] });
      if (refreshAfter) await refresh();
      return data as ContentRow;
    },
    remove: async (id: number) => {
      await api.delete(one, { path: { id } });
      await refresh();
    },
    refresh,
  };
}
