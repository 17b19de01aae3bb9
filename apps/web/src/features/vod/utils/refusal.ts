import { ApiError } from '@/lib/api-error';

export type Refusal = 'signIn' | 'noAccess' | 'geo' | 'preparing' | 'error';

/**
 * Which screen a refused library playback shows: a guest signs in (401), a fan without `vod_media_access` sees the
 * passes, a blocked region says so, a video still packaging is "being prepared"; anything else offers Retry.
 */
export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError)) return 'error';
  if (error.status === 401) return 'signIn';
  if (error.code === 'capability_missing') return 'noAccess';
  if (error.code === 'geo_blocked') return 'geo';
  if (error.code === 'media_unavailable') return 'preparing';
  return 'error';
}
