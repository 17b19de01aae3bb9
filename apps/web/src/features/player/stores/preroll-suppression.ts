import { PREROLL_SUPPRESSION_MS } from '@sideline/contract/constants';
import { type AppStorage, storage as appStorage } from '@/lib/storage';

/** A signed-in fan by id, or everyone without an account on this browser. */
export type ViewerKey = number | 'guest';

const keyOf = (viewer: ViewerKey, eventId: number) => `preroll-seen:${viewer}:${eventId}`;

/**
 * Remembers that a fan watched an event's preroll to the end, so it is not shown again for that event for
 * `PREROLL_SUPPRESSION_MS` (spec: 1 hour). Stored with an expiry read from `Date.now`, in localStorage, so it
 * survives reloads and Playwright's clock can fast-forward past it.
 */
export function createPrerollSuppression(
  storage: AppStorage = appStorage,
  suppressionMs: number = PREROLL_SUPPRESSION_MS,
) {
  return {
    isSuppressed: (viewer: ViewerKey, eventId: number) => storage.getJson<number>(keyOf(viewer, eventId)) !== null,
    /** Called when a preroll has played to its end (not when it was left halfway). */
    markFinished: (viewer: ViewerKey, eventId: number, finishedAt: number) =>
      storage.setJson(keyOf(viewer, eventId), finishedAt, suppressionMs),
  };
}

export const prerollSuppression = createPrerollSuppression();
