import { dateTimeFormat } from './intl-formats';

/**
 * The spec's time-zone abbreviation map for the US, Australia, NZ and Europe: [standard, daylight] per zone.
 * Browsers print `GMT+1` for most of these in English, so the product keeps its own map.
 */
const ABBREVIATIONS: Record<string, readonly [string, string]> = {
  'America/New_York': ['EST', 'EDT'],
  'America/Detroit': ['EST', 'EDT'],
  'America/Indiana/Indianapolis': ['EST', 'EDT'],
  'America/Kentucky/Louisville': ['EST', 'EDT'],
  'America/Chicago': ['CST', 'CDT'],
  'America/Denver': ['MST', 'MDT'],
  'America/Boise': ['MST', 'MDT'],
  'America/Phoenix': ['MST', 'MST'],
  'America/Los_Angeles': ['PST', 'PDT'],
  'America/Anchorage': ['AKST', 'AKDT'],
  'Pacific/Honolulu': ['HST', 'HST'],
  'Australia/Sydney': ['AEST', 'AEDT'],
  'Australia/Melbourne': ['AEST', 'AEDT'],
  'Australia/Hobart': ['AEST', 'AEDT'],
  'Australia/Brisbane': ['AEST', 'AEST'],
  'Australia/Adelaide': ['ACST', 'ACDT'],
  'Australia/Darwin': ['ACST', 'ACST'],
  'Australia/Perth': ['AWST', 'AWST'],
  'Pacific/Auckland': ['NZST', 'NZDT'],
  'Europe/London': ['GMT', 'BST'],
  'Europe/Dublin': ['GMT', 'IST'],
  'Europe/Lisbon': ['WET', 'WEST'],
  'Europe/Paris': ['CET', 'CEST'],
  'Europe/Berlin': ['CET', 'CEST'],
  'Europe/Madrid': ['CET', 'CEST'],
  'Europe/Rome': ['CET', 'CEST'],
  'Europe/Amsterdam': ['CET', 'CEST'],
  'Europe/Brussels': ['CET', 'CEST'],
  'Europe/Vienna': ['CET', 'CEST'],
  'Europe/Zurich': ['CET', 'CEST'],
  'Europe/Stockholm': ['CET', 'CEST'],
  'Europe/Oslo': ['CET', 'CEST'],
  'Europe/Copenhagen': ['CET', 'CEST'],
  'Europe/Warsaw': ['CET', 'CEST'],
  'Europe/Prague': ['CET', 'CEST'],
  'Europe/Budapest': ['CET', 'CEST'],
  'Europe/Belgrade': ['CET', 'CEST'],
  'Europe/Sofia': ['EET', 'EEST'],
  'Europe/Athens': ['EET', 'EEST'],
  'Europe/Bucharest': ['EET', 'EEST'],
  'Europe/Helsinki': ['EET', 'EEST'],
  'Europe/Kiev': ['EET', 'EEST'],
  'Europe/Kyiv': ['EET', 'EEST'],
  'Europe/Istanbul': ['TRT', 'TRT'],
  'Europe/Moscow': ['MSK', 'MSK'],
};

/** Offset of a zone from UTC in minutes at a moment. */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The abbreviation of a zone at a moment, e.g. `EDT`; `null` when the zone is outside the map. */
export function timeZoneAbbreviation(timeZone: string, at: Date): string | null {
  const pair = ABBREVIATIONS[timeZone];
  if (!pair) return null;
  if (pair[0] === pair[1]) return pair[0];
  const year = at.getUTCFullYear();
  const standard = Math.min(
    offsetMinutes(timeZone, new Date(Date.UTC(year, 0, 1))),
    offsetMinutes(timeZone, new Date(Date.UTC(year, 6, 1))),
  );
  return offsetMinutes(timeZone, at) > standard ? pair[1] : pair[0];
}

export const KNOWN_TIME_ZONES = Object.keys(ABBREVIATIONS);
