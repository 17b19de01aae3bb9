import type { ApiErrorCode } from '@/lib/api-error';

/**
 * What the watch page shows when it cannot play. Each refusal of `GET /events/{id}/playback` has a screen of
 * its own; anything else (a network failure, a server error, a fatal player error) is the stream-error screen,
 * whose Retry asks again.
 */
export type RefusalScreen =
  | 'not_started'
  | 'login_required'
  | 'purchase_required'
  | 'geo_blocked'
  | 'capability_missing'
  | 'media_unavailable'
  | 'not_found'
  | 'error';

const SCREENS: Partial<Record<ApiErrorCode, RefusalScreen>> = {
  not_started: 'not_started',
  login_required: 'login_required',
  purchase_required: 'purchase_required',
  geo_blocked: 'geo_blocked',
  capability_missing: 'capability_missing',
  media_unavailable: 'media_unavailable',
  not_found: 'not_found',
  event_not_found: 'not_found',
};

/** The screen for an error `code` from the API (or for no code at all). */
export const refusalScreen = (code: string | undefined): RefusalScreen =>
  (code && SCREENS[code as ApiErrorCode]) || 'error';

/** Screens that may turn into a playing game by themselves, so the page keeps asking. */
export const waitsForStart = (screen: RefusalScreen) => screen === 'not_started';
