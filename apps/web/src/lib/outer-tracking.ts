import { OUTER_TRACKING_PARAM, OUTER_TRACKING_TTL_MS } from '@sideline/contract/constants';
import { storage } from './storage';

const KEY = 'outer-tracking';

/** The `trk` value a fan arrived with, while it is kept (3 h from when it was first seen). */
export function outerTracking(): string | null {
  return storage.getJson<string>(KEY);
}

/**
 * Remembers a `trk` from the address. The same value seen again does not extend it: links carry it on every
 * navigation, so refreshing it would keep it forever.
 */
export function rememberOuterTracking(value: string) {
  if (outerTracking() !== value) storage.setJson(KEY, value, OUTER_TRACKING_TTL_MS);
}

/** `href` with the kept `trk` added, or null when there is nothing to add. */
export function withOuterTracking(href: string): string | null {
  const kept = outerTracking();
  if (!kept) return null;
  const url = new URL(href, 'http://x');
  if (url.searchParams.get(OUTER_TRACKING_PARAM) === kept) return null;
  url.searchParams.set(OUTER_TRACKING_PARAM, kept);
  return url.pathname + url.search + url.hash;
}
