import type {
  CatalogueKind,
  ConsoleSchool,
  ConsoleSport,
  ConsoleTeam,
  ConsoleVenue,
} from '@sideline/contract/console-catalogue';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_SCOPE } from '@/lib/query-client';

/** One row of each kind, as `GET /console/<kind>` lists it. */
export type CatalogueRows = {
  sports: ConsoleSport;
  schools: ConsoleSchool;
  teams: ConsoleTeam;
  venues: ConsoleVenue;
};
export type CatalogueRow = CatalogueRows[CatalogueKind];

/** The schedule's catalogue query (`api/schedule.ts`) shares this prefix: a change here refreshes its choices too. */
const catalogueKey = [SESSION_SCOPE, 'console', 'catalogue'] as const;

async function listOf<K extends CatalogueKind>(kind: K): Promise<CatalogueRows[K][]> {
  const { data } = await api.get(`/console/${kind}` as `/console/${CatalogueKind}`);
  return data as CatalogueRows[K][];
}

/** `GET /console/<kind>`: the channel's rows of one kind, oldest first. */
export function useCatalogueList<K extends CatalogueKind>(kind: K) {
  return useQuery({ queryKey: [...catalogueKey, kind], queryFn: () => listOf(kind) });
}

/** The schools and sports a team names, for the teams' form and table. */
export function useTeamChoices(enabled: boolean) {
  const schools = useQuery({ queryKey: [...catalogueKey, 'schools'], queryFn: () => listOf('schools'), enabled });
  const sports = useQuery({ queryKey: [...catalogueKey, 'sports'], queryFn: () => listOf('sports'), enabled });
  return { schools, sports };
}

/**
 * The catalogue's writes for one kind. A 400 is the form's to show on its fields and a 409 the page's (an alias
 * taken, a row in use), so neither is reported. (Plain calls rather than `useMutation`, as for the schedule.)
 */
export function useCatalogueWrites(kind: CatalogueKind) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogueKey });
  const path = `/console/${kind}` as `/console/${CatalogueKind}`;
  const one = `/console/${kind}/{id}` as `/console/${CatalogueKind}/{id}`;
  return {
    create: async (body: Record<string, unknown>): Promise<CatalogueRow> => {
      const { data } = await api.post(path, { body: body as never, quiet: [400, 409] });
      await refresh();
      return data as CatalogueRow;
    },
    update: async (id: number, body: Record<string, unknown>): Promise<CatalogueRow> => {
      const { data } = await api.patch(one, { path: { id }, body: body as never, quiet: [400, 409] });
      await refresh();
      return data as CatalogueRow;
    },
    remove: async (id: number) => {
      await api.delete(one, { path: { id }, quiet: [409] });
      await refresh();
    },
  };
}
