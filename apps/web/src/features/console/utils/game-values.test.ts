import type { ConsoleGame } from '@sideline/contract/console';
import { describe, expect, it } from 'vitest';
import {
  centsToMajor,
  EMPTY_GAME,
  formatPrice,
  type GameFormValues,
  gameResolver,
  majorToCents,
  serverGameErrors,
  toGameFormValues,
  toGameUpdate,
  toNewGame,
} from './game-values';

const game: ConsoleGame = {
  id: 7,
  name: 'South @ North',
  description: null,
  starts_at: '2027-03-15T00:30:00.000Z',
  ends_at: '2027-03-15T02:30:00.000Z',
  starts_at_local: '2027-03-14T19:30',
  time_zone: 'America/Chicago',
  status: 'upcoming',
  access_type: 'ppv',
  price_cents: 1299,
  sport_id: 1,
  home_team_id: 2,
  away_team_id: 3,
  venue_id: null,
};

const filled: GameFormValues = {
  ...EMPTY_GAME,
  sport_id: '1',
  home_team_id: '2',
  away_team_id: '3',
  starts_at_local: '2027-03-14T19:30',
};

const resolve = (values: GameFormValues) =>
  gameResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('prices', () => {
  it('turns cents into the major units an input shows', () => {
    expect(centsToMajor(1299)).toBe('12.99');
    expect(centsToMajor(1500)).toBe('15.00');
    expect(centsToMajor(5)).toBe('0.05');
  });

  it('turns typed major units into cents exactly, with a dot or a comma', () => {
    expect(majorToCents('12.99')).toBe(1299);
    expect(majorToCents('0.29')).toBe(29);
    expect(majorToCents('12,5')).toBe(1250);
    expect(majorToCents(' 15 ')).toBe(1500);
    expect(majorToCents('15.')).toBe(1500);
  });

  it('refuses what is not a price', () => {
    for (const text of ['', 'abc', '12.999', '-1', '1e3']) expect(majorToCents(text)).toBeNaN();
  });

  it('formats a price in the channel currency', () => {
    expect(formatPrice(1299, 'USD', 'en')).toBe('$12.99');
    expect(formatPrice(1299, 'EUR', 'fr')).toMatch(/^12,99\s€$/);
  });
});

describe('the new game body', () => {
  it('sends ids and the duration as numbers, no name or venue when none is given, and 0 for a free game', () => {
    expect(toNewGame({ ...filled, price: '9.99' })).toEqual({
      sport_id: 1,
      home_team_id: 2,
      away_team_id: 3,
      starts_at_local: '2027-03-14T19:30',
      duration_minutes: 120,
      access_type: 'free',
      price_cents: 0,
    });
  });

  it('sends a pay-per-view price in cents, the venue and the name', () => {
    expect(
      toNewGame({
        ...filled,
        access_type: 'ppv',
        price: '12.99',
        venue_id: '4',
        name: ' Final ',
        duration_minutes: '90',
      }),
    ).toMatchObject({ access_type: 'ppv', price_cents: 1299, venue_id: 4, name: 'Final', duration_minutes: 90 });
  });

  it('is checked with the contract: two teams, a ppv price, a start', async () => {
    expect((await resolve(filled)).errors).toEqual({});
    const same = await resolve({ ...filled, away_team_id: '2' });
    expect(same.errors.away_team_id?.message).toBe('teams');
    const unpriced = await resolve({ ...filled, access_type: 'ppv', price: '' });
    expect(unpriced.errors.price?.message).toBe('price');
    const nothing = await resolve(EMPTY_GAME);
    expect(nothing.errors.sport_id?.message).toBe('required');
    expect(nothing.errors.home_team_id?.message).toBe('required');
    expect(nothing.errors.starts_at_local?.message).toBe('start');
  });
});

describe('the edit body', () => {
  it('reads a saved game into the form', () => {
    expect(toGameFormValues(game)).toEqual({
      name: 'South @ North',
      sport_id: '1',
      home_team_id: '2',
      away_team_id: '3',
      venue_id: '',
      starts_at_local: '2027-03-14T19:30',
      duration_minutes: '120',
      access_type: 'ppv',
      price: '12.99',
    });
  });

  it('sends only what changed', () => {
    const values = toGameFormValues(game);
    expect(toGameUpdate(game, values)).toEqual({});
    expect(toGameUpdate(game, { ...values, price: '15' })).toEqual({ price_cents: 1500 });
    expect(toGameUpdate(game, { ...values, venue_id: '4', starts_at_local: '2027-03-14T20:00' })).toEqual({
      venue_id: 4,
      starts_at_local: '2027-03-14T20:00',
    });
  });

  it('sends a price of 0 with a game no longer pay-per-view', () => {
    expect(toGameUpdate(game, { ...toGameFormValues(game), access_type: 'free' })).toEqual({
      access_type: 'free',
      price_cents: 0,
    });
  });
});

describe('server errors', () => {
  it('land on the form fields, the price on the price typed', () => {
    expect(
      serverGameErrors([
        { path: 'body.price_cents', message: 'a pay-per-view game needs a price above 0' },
        { path: 'body.away_team_id', message: 'a game needs two different teams' },
        { path: 'body.starts_at_local', message: 'a date and time like 2027-03-14T19:30' },
      ]),
    ).toEqual([
      { field: 'price', message: 'price' },
      { field: 'away_team_id', message: 'teams' },
      { field: 'starts_at_local', message: 'start' },
    ]);
  });
});
