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

/** A zone's wall clock to the minute: `formatToParts` of it gives the calendar date and time there. */
const wallClock = (timeZone: string) =>
  dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });

/** The calendar date and time (month from 0) of a moment in a zone. */
function wallTime(timeZone: string, at: Date | number) {
  const parts = wallClock(timeZone).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { y: get('year'), m: get('month') - 1, d: get('day'), h: get('hour'), min: get('minute') };
}

/** Offset of a zone from UTC in minutes at a moment. */
export function offsetMinutes(timeZone: string, at: Date | number): number {
  const { y, m, d, h, min } = wallTime(timeZone, at);
  return Math.round((Date.UTC(y, m, d, h, min) - Math.floor(Number(at) / 60_000) * 60_000) / 60_000);
}

/** The calendar date (year, month from 0, day) of a moment in a zone. */
export function zonedDate(timeZone: string, at: Date | number): [number, number, number] {
  const { y, m, d } = wallTime(timeZone, at);
  return [y, m, d];
}

/** The UTC instant of a wall-clock time in a zone (e.g. 19:00 in America/Chicago on a date; month from 0). */
export function zonedTimeToUtc(timeZone: string, y: number, m: number, d: number, h: number, min: number): Date {
  const guess = Date.UTC(y, m, d, h, min);
  const first = guess - offsetMinutes(timeZone, guess) * 60_000;
  return new Date(guess - offsetMinutes(timeZone, first) * 60_000);
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
