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
 * How long to wait before asking again whether an upcoming game has started. A game goes live when its encoder
 * starts publishing, which crews do up to an hour before kick-off: every 10 s in the last five minutes and after
 * the start, every 30 s in the hour before, and otherwise once the countdown reaches that hour, so a tab left open
 * for days does not poll all along.
 */
export function nextStartCheckMs(startMs: number, nowMs: number): number {
  const left = startMs - nowMs;
  if (left <= 5 * 60_000) return 10_000;
  const hour = 60 * 60_000;
  if (left <= hour) return 30_000;
  // Timers are capped (about 24.8 days); waking once a day is plenty.
  return Math.min(left - hour, 86_400_000);
}
