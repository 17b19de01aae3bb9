import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { clipErrorText } from './error-text';

const failure = (code: ConstructorParameters<typeof ApiError>[0]['code'], status = 403) =>
  new ApiError({ status, code, message: 'English from the server', url: '/clip' });

describe('clip errors', () => {
  it('are read by their code, never by the server’s English', () => {
    expect(clipErrorText(failure('capability_missing'))).toBe('clips.errors.capabilityMissing');
    expect(clipErrorText(failure('limit_reached'))).toBe('clips.errors.limitReached');
    expect(clipErrorText(failure('login_required', 401))).toBe('clips.errors.loginRequired');
    expect(clipErrorText(failure('clip_not_found', 404))).toBe('clips.errors.notFound');
  });

  it('fall back to the general failure for other codes and non-API errors', () => {
    expect(clipErrorText(failure('internal_error', 500))).toBe('clips.errors.generic');
    expect(clipErrorText(new Error('boom'))).toBe('clips.errors.generic');
  });
});
