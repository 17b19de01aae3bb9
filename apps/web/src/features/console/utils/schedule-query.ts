import type { GameStatus } from '../api/schedule';

export type ScheduleSearch = { status: GameStatus | undefined; offset: number };
const STATUSES: readonly GameStatus[] = ['upcoming', 'live', 'finished'];

/** The schedule's filter and page, from the address (`?status=live&offset=20`); anything else is ignored. */
export function readScheduleSearch(params: URLSearchParams): ScheduleSearch {
  const status = params.get('status');
  const offset = Number(params.get('offset'));
  return {
    status: STATUSES.includes(status as GameStatus) ? (status as GameStatus) : undefined,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
}

export function writeScheduleSearch(search: ScheduleSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.status) params.set('status', search.status);
  if (search.offset > 0) params.set('offset', String(search.offset));
  return params;
}

/** Which schedule page an address names below `/console/schedule`: the list, a new game, the import, or a game. */
export type SchedulePage = { kind: 'list' } | { kind: 'new' } | { kind: 'import' } | { kind: 'game'; id: number };

export function schedulePageOf(rest: string): SchedulePage | null {
  const part = rest.replace(/^\/+|\/+$/g, '');
  if (part === '') return { kind: 'list' };
  if (part === 'new') return { kind: 'new' };
  if (part === 'import') return { kind: 'import' };
  if (/^[1-9]\d{0,15}$/.test(part)) return { kind: 'game', id: Number(part) };
  return null;
}
