import { useEffect, useState } from 'react';

/** Whole seconds until `until` (an ISO time), ticking every second; 0 once past, null without a time. */
export function useSecondsLeft(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  return Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
}

/** `9:05` for 545 seconds: how long a code still works. */
export const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
