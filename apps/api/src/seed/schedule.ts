import type { AccessType, Gender, StreamStatus } from '@sideline/contract/enums';
import { zonedDate, zonedTimeToUtc } from '@sideline/contract/rules/time-zone';
import { toCents } from '../lib/money';
import type { events } from '../modules/events/events.table';
import type { Random } from './random';
import type { ChannelSeed, SchoolSeed, SportSeed } from './types';

export type TeamRef = {
  id: number;
  groupId: number;
  school: SchoolSeed;
  sport: SportSeed;
  categoryId: number;
  gender: Gender;
};
export type EventInsert = typeof events.$inferInsert;

type ScheduleInput = {
  channelId: number;
  seed: ChannelSeed;
  teams: TeamRef[];
  venues: Map<string, { stadiumId: number; arenaId: number }>;
  anchor: Date;
  count: number;
  random: Random;
  /** The packaged game a finished event plays: one of its sport if the channel has one. */
  vodKeyFor: (sport: string, index: number) => string | null;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A season around the anchor: a few games live now, about 55% finished over the past weeks and the rest
 * coming up, each between two teams of one sport and gender from different schools, at the home venue, at a
 * local start time. Dense enough at large counts (up to ~10 years) for scale tests.
 */
export function* generateSchedule(input: ScheduleInput): Generator<EventInsert> {
  const { seed, random, anchor } = input;
  const now = anchor.getTime();
  const leagues = new Map<string, TeamRef[]>();
  for (const t of input.teams) {
    const key = `${t.sport.alias}:${t.gender}`;
    leagues.set(key, [...(leagues.get(key) ?? []), t]);
  }
  const playable = [...leagues.values()].filter((l) => l.length >= 2).map((l) => [l, l.length] as const);
  if (playable.length === 0) return;

  const liveCount = Math.min(seed.events.liveCount, input.count);
  const rest = input.count - liveCount;
  const finishedCount = Math.round(rest * 0.55);
  const perDay = Math.max(4, Math.ceil(input.count / 3650));

  const make = (kind: 'live' | 'finished' | 'upcoming', index: number): EventInsert => {
    const league = random.weighted(playable);
    const home = random.pick(league);
    const others = league.filter((t) => t.school.alias !== home.school.alias);
    const away = random.pick(others.length ? others : league.filter((t) => t !== home));
    const sport = home.sport;
    const duration = sport.durationMinutes * 60_000;
    let startsAt: number;
    if (kind === 'live') {
      startsAt = now - (10 + index * 20) * 60_000;
    } else {
      const dayOffset = kind === 'finished' ? -(1 + Math.floor(index / perDay)) : Math.floor(index / perDay);
      const [y, m, d] = zonedDate(home.school.timeZone, now + dayOffset * DAY);
      const [h, min] = random.pick(seed.events.startTimes);
      startsAt = zonedTimeToUtc(home.school.timeZone, y, m, d, h, min).getTime();
      // Keep "now" for the games marked live: shift any other game that would overlap it by a day.
      if (kind === 'upcoming' && startsAt <= now) startsAt += DAY;
      if (kind === 'finished' && startsAt + duration > now) startsAt -= DAY;
    }
    const status: StreamStatus = kind === 'live' ? 'live' : kind === 'finished' ? 'finished' : 'upcoming';
    const access: AccessType =
      kind === 'live'
        ? ((['free', 'register', 'paid'] as const)[index % 3] ?? 'free')
        : random.weighted(seed.events.access);
    const price =
      access === 'paid'
        ? random.pick(seed.events.paidPrices)
        : access === 'ppv'
          ? random.pick(seed.events.ppvPrices)
          : 0;
    const venue = input.venues.get(home.school.alias);
    const sportLabel = `${seed.genderLabels[home.gender]} ${sport.name}`;
    return {
      channelId: input.channelId,
      // A live game plays its own live feed (`live/e<id>`, by its id); a finished one its packaged game.
      mediaKey: status === 'finished' ? input.vodKeyFor(sport.alias, index) : null,
      name: seed.eventName(sportLabel, away.school.shortName, home.school.shortName),
      description: `${sportLabel} · ${away.school.name} @ ${home.school.name}`,
      accessType: access,
      startsAt: new Date(startsAt),
      endsAt: new Date(startsAt + duration),
      timeZone: home.school.timeZone,
      streamStatus: status,
      locationId: venue ? (sport.indoor ? venue.arenaId : venue.stadiumId) : null,
      eventCategoryId: home.categoryId,
      homeTeamId: home.id,
      awayTeamId: away.id,
      homeGroupId: home.groupId,
      awayGroupId: away.groupId,
      gender: home.gender,
      poster: null,
      basePriceCents: toCents(price),
      serviceFeeCents: access === 'ppv' ? toCents(seed.events.ppvServiceFee) : 0,
    };
  };

  for (let i = 0; i < liveCount; i++) yield make('live', i);
  for (let i = 0; i < finishedCount; i++) yield make('finished', i);
  for (let i = 0; i < rest - finishedCount; i++) yield make('upcoming', i);
}
