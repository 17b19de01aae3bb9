/** Viewing-time beats are sent for every 30 s actually watched (spec: video viewing time). */
export const VIEWING_BEAT_MS = 30_000;

/**
 * Counts the time a fan actually watches: it runs between `start` (the picture moves) and `stop` (pause, stall,
 * end, page hidden), and hands out one beat for every full `beatMs` watched. `flush` returns what is left when
 * the viewing ends, so a 70 s watch reports 30 + 30 + 10 s. Times are milliseconds from any one clock.
 */
export function createViewingClock(beatMs: number = VIEWING_BEAT_MS) {
  let banked = 0;
  let since: number | null = null;

  /** Moves the running time into the bank and takes out the full beats, in whole seconds. */
  function settle(now: number): number[] {
    if (since !== null) {
      banked += Math.max(0, now - since);
      since = now;
    }
    const beats: number[] = [];
    while (banked >= beatMs) {
      banked -= beatMs;
      beats.push(Math.round(beatMs / 1000));
    }
    return beats;
  }

  return {
    get running() {
      return since !== null;
    },
    start(now: number) {
      if (since === null) since = now;
    },
    /** Stops counting; returns the beats completed meanwhile. */
    stop(now: number): number[] {
      const beats = settle(now);
      since = null;
      return beats;
    },
    /** Called on a timer while watching: the beats completed since the last call. */
    tick: (now: number): number[] => settle(now),
    /** The end of the viewing: the full beats plus the rest (whole seconds, if any). */
    flush(now: number): number[] {
      const beats = settle(now);
      since = null;
      const rest = Math.floor(banked / 1000);
      banked = 0;
      return rest > 0 ? [...beats, rest] : beats;
    },
  };
}
export type ViewingClock = ReturnType<typeof createViewingClock>;
