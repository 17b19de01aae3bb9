import { describe, expect, it } from 'vitest';
import type { Channel } from '../channel';
import { createGeoService } from './geo.service';

const channel = (geo: { allow: string[] | null; block: string[] }) => ({ extras: { geo } }) as unknown as Channel;

describe('geo', () => {
  const geo = createGeoService({ localCountry: 'BG' });

  it('looks countries up in the GeoIP database and maps local addresses to the configured country', () => {
    expect(geo.countryOf('8.8.8.8')).toBe('US');
    expect(geo.countryOf('127.0.0.1')).toBe('BG');
    expect(geo.countryOf('::ffff:192.168.1.10')).toBe('BG');
    expect(geo.countryOf('::1')).toBe('BG');
  });

  it("applies the channel's allow and block lists", () => {
    expect(geo.isBlocked(channel({ allow: ['US', 'CA'], block: [] }), 'US')).toBe(false);
    expect(geo.isBlocked(channel({ allow: ['US', 'CA'], block: [] }), 'FR')).toBe(true);
    expect(geo.isBlocked(channel({ allow: null, block: ['RU'] }), 'RU')).toBe(true);
    expect(geo.isBlocked(channel({ allow: null, block: [] }), 'ZZ')).toBe(false);
    expect(geo.locate(channel({ allow: ['US'], block: [] }), '127.0.0.1')).toEqual({
      country: 'Bulgaria',
      country_code: 'BG',
      ip: '127.0.0.1',
      is_geo_blocked: true,
    });
  });
});
