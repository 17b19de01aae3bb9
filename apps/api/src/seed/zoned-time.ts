const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Minutes a zone is ahead of UTC at an instant. */
function offsetMinutes(timeZone: string, at: number): number {
  const parts = formatter(timeZone).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** The UTC instant of a wall-clock time in a zone (e.g. 19:00 in America/Chicago on a date). */
export function zonedTimeToUtc(timeZone: string, y: number, m: number, d: number, h: number, min: number): Date {
  const guess = Date.UTC(y, m, d, h, min);
  const first = guess - offsetMinutes(timeZone, guess) * 60_000;
  return new Date(guess - offsetMinutes(timeZone, first) * 60_000);
}

/** The calendar date (y, m, d) of an instant in a zone. */
export function zonedDate(timeZone: string, at: number): [number, number, number] {
  const parts = formatter(timeZone).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return [get('year'), get('month') - 1, get('day')];
}
