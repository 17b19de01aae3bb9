import { describe, expect, it } from 'vitest';
import {
  catalogueResolver,
  changedCatalogueFields,
  emptyValues,
  listNames,
  serverCatalogueErrors,
  toCatalogueBody,
  toCatalogueFormValues,
  usedByOf,
} from './catalogue-values';

const team = {
  id: 7,
  name: 'North Eagles',
  short_name: 'North',
  alias: 'north-eagles',
  school_id: 2,
  sport_id: 1,
  color: '#112233',
  gender: null,
  logo: null,
};

const resolve = (kind: Parameters<typeof catalogueResolver>[0], values: Record<string, string>) =>
  catalogueResolver(kind)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('catalogue values', () => {
  it('reads an in-use refusal’s details as the teams and the games that use the row, each name once', () => {
    expect(
      usedByOf([
        { path: 'teams.4', message: 'North Eagles' },
        { path: 'games.12', message: 'South @ North' },
        { path: 'teams.5', message: 'North Hawks' },
        { path: 'teams.6', message: 'North Eagles' },
        { path: 'games.13', message: 'East @ North' },
      ]),
    ).toEqual({ teams: ['North Eagles', 'North Hawks'], games: ['South @ North', 'East @ North'] });
    expect(usedByOf(undefined)).toEqual({ teams: [], games: [] });
    expect(usedByOf([{ path: 'other', message: 'x' }])).toEqual({ teams: [], games: [] });
  });

  it('lists names as a phrase of the language', () => {
    expect(listNames(['A', 'B', 'C'], 'en')).toBe('A, B, and C');
    expect(listNames(['A', 'B'], 'fr')).toBe('A et B');
    expect(listNames(['A'], 'bg')).toBe('A');
  });

  it('makes a team’s body with numbers for its ids and null for an empty optional field', () => {
    const values = toCatalogueFormValues('teams', team);
    expect(values).toMatchObject({ school_id: '2', sport_id: '1', gender: '', logo: '' });
    expect(toCatalogueBody('teams', { ...values, name: '  North Eagles ' })).toEqual({
      name: 'North Eagles',
      short_name: 'North',
      alias: 'north-eagles',
      school_id: 2,
      sport_id: 1,
      color: '#112233',
      gender: null,
      logo: null,
    });
  });

  it('sends only the fields that changed', () => {
    const values = { ...toCatalogueFormValues('teams', team), name: 'North Owls', gender: 'women', sport_id: '3' };
    expect(changedCatalogueFields('teams', team, values)).toEqual({ name: 'North Owls', gender: 'women', sport_id: 3 });
    expect(changedCatalogueFields('teams', team, toCatalogueFormValues('teams', team))).toEqual({});
  });

  it('starts a venue in the channel’s time zone and a sport at the first place', () => {
    expect(emptyValues('venues', 'Europe/Sofia')).toMatchObject({ country: 'US', time_zone: 'Europe/Sofia' });
    expect(emptyValues('sports')).toEqual({ name: '', alias: '', position: '0', image: '' });
  });

  it('refuses what the contract refuses, with the console’s words on each field', async () => {
    const result = await resolve('teams', {
      ...emptyValues('teams'),
      name: 'New team',
      short_name: 'New',
      alias: 'Not An Alias!',
      color: 'red',
    });
    expect(result.errors).toMatchObject({
      alias: { message: 'alias' },
      color: { message: 'color' },
      school_id: { message: 'required' },
      sport_id: { message: 'required' },
    });
    expect(result.errors.name).toBeUndefined();
    const ok = await resolve('sports', { name: 'Lacrosse', alias: 'lacrosse', position: '3', image: '' });
    expect(ok.errors).toEqual({});
    const venue = await resolve('venues', {
      ...emptyValues('venues'),
      name: 'Gym',
      country: 'usa',
      time_zone: 'Mars/Base',
    });
    expect(venue.errors).toMatchObject({ country: { message: 'country' }, time_zone: { message: 'timeZone' } });
  });

  it('puts the server’s field errors on their fields', () => {
    expect(
      serverCatalogueErrors([
        { path: 'body.school_id', message: 'is not one of this channel’s' },
        { path: 'body.alias', message: 'bad' },
      ]),
    ).toEqual([
      { field: 'school_id', message: 'required' },
      { field: 'alias', message: 'alias' },
    ]);
  });
});
