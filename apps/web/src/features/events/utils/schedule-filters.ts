import type { Gender } from '@sideline/contract/enums';
import { type ListingKind, listingQuery } from '@sideline/contract/listings';
import type { EventsQuery } from '../api/get-events';

/**
 * The listing's filters as they live in the address, so a filtered view can be shared: `?sport=3&school=6&team=31
 * &gender=women&location=12&from=2026-11-22&to=2026-11-28`. Ids are the catalogue's; dates are the fan's local
 * days. Anything unreadable is ignored rather than sent (the server refuses what it does not know).
 */
export type ScheduleFilters = {
  sport: number | null;
  school: number | null;
  team: number | null;
  gender: Gender | null;
  location: number | null;
  from: string | null;
  to: string | null;
};

export const FILTER_PARAMS = ['sport', 'school', 'team', 'gender', 'location', 'from', 'to'] as const;
type IdFilter = 'sport' | 'school' | 'team' | 'location';

export const NO_FILTERS: ScheduleFilters = {
  sport: null,
  school: null,
  team: null,
  gender: null,
  location: null,
  from: null,
  to: null,
};

const MAX_ID = 2_147_483_647;
const readId = (value: string | null): number | null =>
  value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : null;
const readGender = (value: string | null): Gender | null => (value === 'men' || value === 'women' ? value : null);

/** A real calendar day written `YYYY-MM-DD`, or null. */
export function readDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y = 0, m = 0, d = 0] = value.split('-').map(Number);
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d && y >= 2000 ? value : null;
}

export function filtersFromSearch(search: URLSearchParams): ScheduleFilters {
  let from = readDay(search.get('from'));
  let to = readDay(search.get('to'));
  if (from && to && to < from) [from, to] = [to, from];
  return {
    sport: readId(search.get('sport')),
    school: readId(search.get('school')),
    team: readId(search.get('team')),
    gender: readGender(search.get('gender')),
    location: readId(search.get('location')),
    from,
    to: to ?? (from ? from : null),
  };
}

/** The address's query for `filters`; parameters that are not filters (`trk`, for one) are kept as they were. */
export function filtersToSearch(filters: ScheduleFilters, current = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of FILTER_PARAMS) {
    const value = filters[key];
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

export const activeFilterCount = (filters: ScheduleFilters) =>
  FILTER_PARAMS.filter((key) => key !== 'to' && filters[key] !== null).length;

/** Changing the sport, school or gender forgets a team that may no longer fit them. */
export function withFilter<K extends keyof ScheduleFilters>(
  filters: ScheduleFilters,
  key: K,
  value: ScheduleFilters[K],
): ScheduleFilters {
  const next = { ...filters, [key]: value };
  if (key === 'sport' || key === 'school' || key === 'gender') next.team = null;
  return next;
}

/** A local day as Unix seconds: its first second, or its last with `end`. */
export function dayToUnix(day: string, end = false): number {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const date = end ? new Date(y, m - 1, d, 23, 59, 59) : new Date(y, m - 1, d);
  return Math.floor(date.getTime() / 1000);
}

/** `YYYY-MM-DD` of the local day holding a Unix second. */
export function unixToDay(seconds: number): string {
  const date = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Which games a listing route shows: /upcoming, /live, /vod (finished, newest first), /schedule (live, then upcoming). */
export type { ListingKind };

/** The `GET /events` query of a listing with its filters: only fields the server accepts, none left empty. */
export function eventsQueryOf(kind: ListingKind, filters: ScheduleFilters): EventsQuery {
  const query: EventsQuery = listingQuery(kind);
  const ids: [IdFilter, keyof EventsQuery][] = [
    ['sport', 'event_category_id'],
    ['school', 'participant_group_id'],
    ['team', 'participant_id'],
    ['location', 'location_id'],
  ];
  for (const [filter, field] of ids) {
    const id = filters[filter];
    if (id !== null) Object.assign(query, { [field]: String(id) });
  }
  if (filters.gender) query.gender = filters.gender;
  if (filters.from) query.start_date = dayToUnix(filters.from);
  if (filters.to ?? filters.from) query.end_date = dayToUnix((filters.to ?? filters.from) as string, true);
  return query;
}

/** A link to a listing with some filters set, e.g. the school's games from a slide or a favorite. */
export function listingHref(path: string, filters: Partial<ScheduleFilters>): string {
  const query = filtersToSearch({ ...NO_FILTERS, ...filters }).toString();
  return query ? `${path}?${query}` : path;
}

/** A day picked on the calendar: a first day, then a later one makes a range; the single day again clears it. */
export function pickDay(
  range: Pick<ScheduleFilters, 'from' | 'to'>,
  day: string,
): Pick<ScheduleFilters, 'from' | 'to'> {
  const single = range.from !== null && range.from === range.to;
  if (single && day === range.from) return { from: null, to: null };
  if (single && range.from !== null && day > range.from) return { from: range.from, to: day };
  return { from: day, to: day };
}
