import type { Branding } from '@sideline/contract/console';
import { describe, expect, it } from 'vitest';
import { changedFields, parseCountryCodes, toFormValues } from './branding-values';

const saved: Branding = {
  name: 'Heartland Sports',
  short_name: 'Heartland',
  description: 'Games of the heartland',
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
  yare_analytics_key: 'yare-123',
  sentry_dsn: null,
  geo: { allow: null, block: ['RU'] },
};

describe('the branding PATCH body', () => {
  it('is empty when nothing changed, colours compared case-blind', () => {
    const values = toFormValues(saved);
    values.colors['primary-color'] = '#c8102e';
    expect(changedFields(saved, values)).toEqual({});
  });

  it('holds only the changed fields, and only the changed colours', () => {
    const values = { ...toFormValues(saved), name: '  Heartland TV ' };
    values.colors['primary-color'] = '#123456';
    expect(changedFields(saved, values)).toEqual({ name: 'Heartland TV', colors: { 'primary-color': '#123456' } });
  });

  it('sends an emptied key as null and a filled one as text', () => {
    const values = { ...toFormValues(saved), yare_analytics_key: ' ', google_tag: 'G-ABC' };
    expect(changedFields(saved, values)).toEqual({ yare_analytics_key: null, google_tag: 'G-ABC' });
  });

  it('sends the geo lists together when either changed; an empty allow list is every country', () => {
    const values = { ...toFormValues(saved), geo_block: 'ru, by' };
    expect(changedFields(saved, values)).toEqual({ geo: { allow: null, block: ['RU', 'BY'] } });
    expect(changedFields(saved, { ...toFormValues(saved), geo_allow: 'us,ca' })).toEqual({
      geo: { allow: ['US', 'CA'], block: ['RU'] },
    });
  });
});

describe('country code lists', () => {
  it('are split on commas, trimmed, upper-cased, empties dropped', () => {
    expect(parseCountryCodes(' us, ca ,, gb ')).toEqual(['US', 'CA', 'GB']);
    expect(parseCountryCodes('')).toEqual([]);
  });
});
