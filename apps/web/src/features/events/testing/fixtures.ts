import type { Event, Participant } from '@sideline/contract/events';

/** A team as the API sends it. */
export function team(overrides: Partial<Participant> = {}): Participant {
  return {
    id: 31,
    alias: 'pinecrest-volleyball-women',
    name: 'Pinecrest Pioneers',
    short_name: 'PC',
    images: { logo: '/media/crest-pinecrest.svg', banner: null },
    color: '#154734',
    participant_group_id: 7,
    event_category_id: 3,
    properties: { gender: 'women', sport: 'Volleyball' },
    ...overrides,
  };
}

/** A game as the API sends it: Pinecrest (away) at Summit State (home), 19:00 in Denver, free. */
export function event(overrides: Partial<Event> = {}): Event {
  return {
    id: 133,
    name: "Women's Volleyball: Pinecrest @ Summit State",
    description: null,
    type: 'free',
    participants: [
      team(),
      team({ id: 30, name: 'Summit State Peaks', short_name: 'SSU', color: '#2C2A29', participant_group_id: 6 }),
    ],
    home_team_id: 30,
    // 2026-01-15 02:00 UTC = 19:00 on the 14th in Denver (MST, standard time).
    event_utc_ts: Date.UTC(2026, 0, 15, 2, 0) / 1000,
    end_utc_ts: null,
    time_zone: 'America/Denver',
    stream_status: 'upcoming',
    location_id: 12,
    event_category_id: 3,
    gender: 'women',
    poster: '/media/banner.svg',
    base_price: 0,
    service_fee: 0,
    has_access: true,
    ...overrides,
  };
}
