import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { refusalOf } from './refusal';

const refused = (status: number, code: ConstructorParameters<typeof ApiError>[0]['code']) =>
  new ApiError({ status, code, message: code, url: '/vod-media-items/1/playback' });

describe('refusalOf', () => {
  it('asks a guest to sign in and a fan without library access to see the passes', () => {
    expect(refusalOf(refused(401, 'login_required'))).toBe('signIn');
    expect(refusalOf(refused(403, 'capability_missing'))).toBe('noAccess');
  });

  it('names a blocked region and a video still being prepared', () => {
    expect(refusalOf(refused(403, 'geo_blocked'))).toBe('geo');
    expect(refusalOf(refused(503, 'media_unavailable'))).toBe('preparing');
  });

  it('offers Retry for anything else, including network failures', () => {
    expect(refusalOf(refused(404, 'not_found'))).toBe('error');
    expect(refusalOf(new TypeError('Failed to fetch'))).toBe('error');
  });
});
