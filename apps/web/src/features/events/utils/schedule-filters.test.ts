import { describe, expect, it } from 'vitest';
import {
  dayToUnix,
  eventsQueryOf,
  filtersFromSearch,
  filtersToSearch,
  listingHref,
  NO_FILTERS,
  pickDay,
  withFilter,
} from './schedule-filters';

const read = (query: string) => filtersFromSearch(new URLSearchParams(query));

describe('filters in the address', () => {
  it('reads every filter from the query', () => {
    expect(read('sport=3&school=6&team=31&gender=women&location=12&from=2026-11-22&to=2026-11-28')).toEqual({
      sport: 3,
      school: 6,
      team: 31,
      gender: 'women',
      location: 12,
      from: '2026-11-22',
      to: '2026-11-28',
    });
  });

  it('ignores what it cannot read, rather than sending it to the server', () => {
    expect(read('sport=abc&school=-1&team=0&gender=mixed&location=1.5&from=2026-02-30&to=yesterday')).toEqual(
      NO_FILTERS,
    );
    expect(read('sport=99999999999').sport).toBeNull();
  });

  it('puts dates in order, and a lone start date means that day', () => {
    expect(read('from=2026-11-28&to=2026-11-22')).toMatchObject({ from: '2026-11-22', to: '2026-11-28' });
    expect(read('from=2026-11-22')).toMatchObject({ from: '2026-11-22', to: '2026-11-22' });
  });

  it('writes the filters back, dropping empty ones and keeping other parameters (trk)', () => {
    const current = new URLSearchParams('trk=spring-promo&sport=1&team=4');
    const next = filtersToSearch({ ...NO_FILTERS, sport: 3, school: 6 }, current);
    expect(next.toString()).toBe('trk=spring-promo&sport=3&school=6');
  });

  it('round-trips: what is written reads back the same', () => {
    const filters = { ...NO_FILTERS, school: 2, gender: 'men' as const, from: '2026-12-01', to: '2026-12-07' };
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters);
  });

  it('forgets the team when the sport, school or gender changes', () => {
    const filters = { ...NO_FILTERS, sport: 3, team: 31 };
    expect(withFilter(filters, 'school', 6)).toMatchObject({ sport: 3, school: 6, team: null });
    expect(withFilter(filters, 'location', 12)).toMatchObject({ team: 31, location: 12 });
  });

  it('builds links to a filtered listing', () => {
    expect(listingHref('/upcoming', { school: 6 })).toBe('/upcoming?school=6');
    expect(listingHref('/upcoming', {})).toBe('/upcoming');
  });
});

describe('the events query of each listing', () => {
  it('presets the stream status by route: /vod finished newest first, /schedule live then upcoming', () => {
    expect(eventsQueryOf('upcoming', NO_FILTERS)).toEqual({
      stream_status: 'upcoming',
      sort_field: 'event_utc_ts',
      sort_direction: 'asc',
    });
    expect(eventsQueryOf('live', NO_FILTERS).stream_status).toBe('live');
    expect(eventsQueryOf('vod', NO_FILTERS)).toMatchObject({ stream_status: 'finished', sort_direction: 'desc' });
    expect(eventsQueryOf('schedule', NO_FILTERS)).toMatchObject({ stream_status: 'live,upcoming' });
  });

  it('sends only the fields the server accepts, with the local day range in Unix seconds', () => {
    const query = eventsQueryOf('upcoming', {
      sport: 3,
      school: 6,
      team: 31,
      gender: 'women',
      location: 12,
      from: '2026-11-22',
      to: '2026-11-23',
    });
    expect(Object.keys(query).sort()).toEqual(
      [
        'end_date',
        'event_category_id',
        'gender',
        'location_id',
        'participant_group_id',
        'participant_id',
        'sort_direction',
        'sort_field',
        'start_date',
        'stream_status',
      ].sort(),
    );
    expect(query).toMatchObject({ event_category_id: '3', participant_group_id: '6', participant_id: '31' });
    expect(query.start_date).toBe(new Date(2026, 10, 22).getTime() / 1000);
    expect(query.end_date).toBe(new Date(2026, 10, 23, 23, 59, 59).getTime() / 1000);
    expect(dayToUnix('2026-11-23', true) - dayToUnix('2026-11-23')).toBe(86_399);
  });
});

describe('picking days on the calendar', () => {
  const none = { from: null, to: null };
  it('picks a day, then a later day makes a range', () => {
    const day = pickDay(none, '2026-11-24');
    expect(day).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(pickDay(day, '2026-11-27')).toEqual({ from: '2026-11-24', to: '2026-11-27' });
  });

  it('starts over on an earlier day or after a range, and the single day again clears it', () => {
    expect(pickDay({ from: '2026-11-24', to: '2026-11-24' }, '2026-11-20')).toEqual({
      from: '2026-11-20',
      to: '2026-11-20',
    });
    expect(pickDay({ from: '2026-11-24', to: '2026-11-27' }, '2026-11-30')).toEqual({
      from: '2026-11-30',
      to: '2026-11-30',
    });
    expect(pickDay({ from: '2026-11-24', to: '2026-11-24' }, '2026-11-24')).toEqual(none);
  });
});
