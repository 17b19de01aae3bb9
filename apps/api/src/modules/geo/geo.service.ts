import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type { Geo } from '@sideline/contract/geo';
import type { Channel } from '../channel';

const require = createRequire(import.meta.url);
type Lookup = (ip: string) => { country: string } | null;
let lookup: Lookup | null = null;
// The country database (geoip-country, refreshed with each release) loads on first use, not at start.
const geoip = () => {
  lookup ??= (require('geoip-country') as { lookup: Lookup }).lookup;
  return lookup;
};

/** Loopback and private addresses have no country: they are mapped to a configured one (tests play both sides). */
function isLocal(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a === 0;
  }
  return ip === '::1' || /^f[cd]/i.test(ip) || /^fe80/i.test(ip);
}

const names = new Intl.DisplayNames(['en'], { type: 'region' });

export function createGeoService({ localCountry }: { localCountry: string }) {
  const countryOf = (ip: string): string => {
    if (isLocal(ip)) return localCountry;
    return geoip()(ip)?.country ?? 'ZZ';
  };
  return {
    countryOf,
    /** The channel's rules: only the allowed countries when a list is set, never the blocked ones. */
    isBlocked(channel: Channel, code: string): boolean {
      const { allow, block } = channel.extras.geo;
      return (allow !== null && !allow.includes(code)) || block.includes(code);
    },
    locate(channel: Channel, ip: string): Geo {
      const code = countryOf(ip);
      return {
        country: code === 'ZZ' ? 'Unknown' : (names.of(code) ?? code),
        country_code: code,
        ip,
        is_geo_blocked: this.isBlocked(channel, code),
      };
    },
  };
}
export type GeoService = ReturnType<typeof createGeoService>;
