import type { ParseKeys } from 'i18next';
import { ApiError } from '@/lib/api-error';

type ClipsKey = ParseKeys<'clips'>;

/** A failed clip call as the fan reads it, by its error code (the server's English is never shown). */
export function clipErrorText(error: unknown): ClipsKey {
  if (!(error instanceof ApiError)) return 'clips.errors.generic';
  switch (error.code) {
    case 'capability_missing':
      return 'clips.errors.capabilityMissing';
    case 'limit_reached':
      return 'clips.errors.limitReached';
    case 'login_required':
      return 'clips.errors.loginRequired';
    case 'clip_not_found':
    case 'not_found':
      return 'clips.errors.notFound';
    case 'clip_not_ready':
      return 'clips.errors.notReady';
    case 'media_unavailable':
    case 'not_started':
      return 'clips.errors.mediaUnavailable';
    case 'rate_limited':
      return 'clips.errors.rateLimited';
    default:
      return 'clips.errors.generic';
  }
}
