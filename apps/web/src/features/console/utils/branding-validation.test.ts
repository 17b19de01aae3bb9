import type { Branding } from '@sideline/contract/console';
import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { brandingResolver, fieldOf, messageText, serverFieldErrors } from './branding-validation';
import { type BrandingFormValues, toFormValues } from './branding-values';

const saved = {
  name: 'Heartland',
  short_name: 'HL',
  description: '',
  logo: null,
  language: 'en',
  currency: 'USD',
  time_zone: 'America/Chicago',
  colors: {
    'header-background': '#0B1F3A',
    'header-text-color': '#FFFFFF',
    'body-background': '#FFFFFF',
    'body-text-color': '#111827',
    'footer-background': '#0B1F3A',
    'footer-text-color': '#FFFFFF',
    'primary-color': '#C8102E',
    'primary-text-color': '#FFFFFF',
    'live-color': '#DC2626',
  },
  google_tag: null,
  yare_analytics_key: null,
  sentry_dsn: null,
  geo: { allow: null, block: [] },
} satisfies Branding;

const errorsOf = async (values: BrandingFormValues) =>
  (await brandingResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false })).errors as FieldErrors<
    Record<string, unknown>
  > &
    Record<string, { message?: string } & Record<string, { message?: string }>>;

describe('the branding form’s checks (the contract’s PATCH schema)', () => {
  it('pass the saved branding', async () => {
    expect(await errorsOf(toFormValues(saved))).toEqual({});
  });

  it('name each wrong field with the console’s message for it', async () => {
    const values = {
      ...toFormValues(saved),
      name: '  ',
      short_name: 'x'.repeat(41),
      currency: 'usd',
      time_zone: 'Mars/Olympus',
      sentry_dsn: 'not a url',
      geo_allow: 'US, USA',
    };
    values.colors['primary-color'] = 'red';
    const errors = await errorsOf(values);
    expect(errors.name?.message).toBe('required');
    expect(errors.short_name?.message).toBe('tooLong:40');
    expect(errors.currency?.message).toBe('currency');
    expect(errors.time_zone?.message).toBe('timeZone');
    expect(errors.sentry_dsn?.message).toBe('url');
    expect(errors.geo_allow?.message).toBe('countryCodes');
    expect(errors.colors?.['primary-color']?.message).toBe('color');
  });

  it('read as console texts, a length limit with its number', () => {
    expect(messageText('tooLong:40')).toEqual({ key: 'consoleValidation.tooLong', values: { number: 40 } });
    expect(messageText('color')).toEqual({ key: 'consoleValidation.color', values: {} });
    expect(messageText('something else')).toEqual({ key: 'consoleValidation.invalid', values: {} });
  });
});

describe('the server’s validation details', () => {
  it('land on the form’s fields', () => {
    expect(
      serverFieldErrors([
        { path: 'body.colors.live-color', message: 'a colour like #1a2b3c' },
        { path: 'body.geo.block.2', message: 'a two-letter country code like US' },
        { path: 'body.time_zone', message: 'a time zone like Europe/Sofia' },
      ]),
    ).toEqual([
      { field: 'colors.live-color', message: 'color' },
      { field: 'geo_block', message: 'countryCodes' },
      { field: 'time_zone', message: 'timeZone' },
    ]);
    expect(fieldOf(['geo', 'allow'])).toBe('geo_allow');
  });
});
