import type { ConsoleGame, GamesImportResult, GameUpdate, NewGame } from '@sideline/contract/console';
import type { ConsoleSport, ConsoleTeam, ConsoleVenue } from '@sideline/contract/console-catalogue';
import type { IngestHealth, StreamKey } from '@sideline/contract/ingest';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { SESSION_SCOPE } from '@/lib/query-client';

export type GameStatus = ConsoleGame['status'];
export const GAMES_PAGE_SIZE = 20;
/** How often a live game's ingest health is asked for: the API samples it every 5 s. */
export const HEALTH_POLL_MS = 5_000;

const gamesKey = [SESSION_SCOPE, 'console', 'games'] as const;

/** `GET /console/events`, one page, latest start first; the page shown stays while the next one loads. */
export function useConsoleGames(status: GameStatus | undefined, offset: number) {
  return useQuery({
    queryKey: [...gamesKey, 'list', status ?? 'all', offset],
    queryFn: () =>
      api.get('/console/events', { query: { ...(status ? { status } : {}), offset, limit: GAMES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** One game (`GET /console/events/{id}`); null when the channel has no such game. */
export function useConsoleGame(id: number) {
  return useQuery({
    queryKey: [...gamesKey, 'one', id],
    queryFn: async ({ signal }): Promise<ConsoleGame | null> => {
      try {
        return (await api.get('/console/events/{id}', { path: { id }, signal, quiet: [404] })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    // An encoder may connect or the game end while the page is open (the operator copies the key, then starts OBS):
    // a game not finished is asked again as often as its ingest health, so the page turns live and shows "End now".
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'finished' ? HEALTH_POLL_MS : false),
  });
}

export type Catalogue = { sports: ConsoleSport[]; teams: ConsoleTeam[]; venues: ConsoleVenue[] };

/** The sports, teams and venues the game form chooses from. */
export function useCatalogue() {
  return useQuery({
    queryKey: [SESSION_SCOPE, 'console', 'catalogue'],
    queryFn: async (): Promise<Catalogue> => {
      const [sports, teams, venues] = await Promise.all([
        api.get('/console/sports'),
        api.get('/console/teams'),
        api.get('/console/venues'),
      ]);
      return { sports: sports.data, teams: teams.data, venues: venues.data };
    },
    staleTime: 60_000,
  });
}

/**
 * The schedule's writes. A 400 is the form's to show on its fields and a 409 the page's, so neither is reported.
 * (Plain calls rather than `useMutation`, as for branding: the mutation observer would join a fan chunk.)
 */
export function useScheduleWrites() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: gamesKey });
  return {
    create: async (body: NewGame) => {
      const { data } = await api.post('/console/events', { body, quiet: [400] });
      await refresh();
      return data;
    },
    update: async (id: number, body: GameUpdate) => {
      const { data } = await api.patch('/console/events/{id}', { path: { id }, body, quiet: [400, 409] });
      await refresh();
      return data;
    },
    remove: async (id: number) => {
      await api.delete('/console/events/{id}', { path: { id }, quiet: [409] });
      await refresh();
    },
    end: async (id: number) => {
      const { data } = await api.post('/console/events/{id}/end', { path: { id }, quiet: [409] });
      await refresh();
      return data;
    },
    importCsv: async (csv: string, dryRun: boolean): Promise<GamesImportResult> => {
      const { data } = await api.post('/console/events/import', { body: { csv, dry_run: dryRun }, quiet: [400] });
      if (!dryRun) await refresh();
      return data;
    },
  };
}

const streamKeyKey = (id: number) => [SESSION_SCOPE, 'console', 'stream-key', id] as const;

/** `GET /console/events/:id/stream-key` (write): only asked for by a role that may see it. */
export function useStreamKey(id: number, enabled: boolean) {
  return useQuery({
    queryKey: streamKeyKey(id),
    queryFn: async (): Promise<StreamKey> => (await api.get('/console/events/{id}/stream-key', { path: { id } })).data,
    enabled,
  });
}

/** `POST …/stream-key/rotate`: the new key replaces the cached one; the old one is refused from now on. */
export function useRotateStreamKey(id: number) {
  const queryClient = useQueryClient();
  return async () => {
    const { data } = await api.post('/console/events/{id}/stream-key/rotate', { path: { id } });
    queryClient.setQueryData(streamKeyKey(id), data);
    return data;
  };
}

/** `GET /console/events/:id/ingest-health`, asked again every 5 s while `live`. */
export function useIngestHealth(id: number, poll: boolean) {
  return useQuery({
    queryKey: [SESSION_SCOPE, 'console', 'ingest-health', id],
    queryFn: async (): Promise<IngestHealth> =>
      (await api.get('/console/events/{id}/ingest-health', { path: { id } })).data,
    refetchInterval: poll ? HEALTH_POLL_MS : false,
  });
}
