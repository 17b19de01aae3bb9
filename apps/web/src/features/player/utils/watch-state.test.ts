import { describe, expect, it } from 'vitest';
import { refusalScreen, waitsForStart } from './watch-state';

describe('refusal screens', () => {
  it.each([
    ['not_started', 'not_started'],
    ['login_required', 'login_required'],
    ['purchase_required', 'purchase_required'],
    ['geo_blocked', 'geo_blocked'],
    ['capability_missing', 'capability_missing'],
    ['media_unavailable', 'media_unavailable'],
    ['not_found', 'not_found'],
    ['event_not_found', 'not_found'],
  ])('%s shows the %s screen', (code, screen) => {
    expect(refusalScreen(code)).toBe(screen);
  });

  it('shows the stream error for anything else', () => {
    for (const code of ['internal_error', 'network_error', 'timeout', 'rate_limited', undefined, ''])
      expect(refusalScreen(code)).toBe('error');
  });

  it('keeps waiting only on an upcoming game', () => {
    expect(waitsForStart('not_started')).toBe(true);
    expect(waitsForStart('purchase_required')).toBe(false);
  });
});
