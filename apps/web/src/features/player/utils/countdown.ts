export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

/** The time left until `startMs`, in whole units, never negative (a game past its start shows zeros). */
export function countdownParts(startMs: number, nowMs: number): CountdownParts {
  const total = Math.max(0, Math.ceil((startMs - nowMs) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** Two digits for the clock-like units (hours, minutes, seconds). */
export const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * How long to wait before asking again whether an upcoming game has started: every 10 s in its last minutes
 * (the server moves games live on a 20 s sweep), and otherwise just before the countdown reaches its last
 * minutes, so a tab left open for hours does not poll all along.
 */
export function nextStartCheckMs(startMs: number, nowMs: number): number {
  const left = startMs - nowMs;
  const near = 5 * 60_000;
  if (left <= near) return 10_000;
  // Timers are capped (about 24.8 days); waking once a day is plenty.
  return Math.min(left - near, 86_400_000);
}
