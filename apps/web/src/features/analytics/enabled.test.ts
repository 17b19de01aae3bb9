import { afterEach, expect, it } from 'vitest';
import { analyticsEnabled } from './enabled';

afterEach(() => localStorage.clear());

it('is off on local hosts and on for channel hosts', () => {
  for (const host of ['localhost', 'sofia.localhost', '127.0.0.1', '[::1]']) expect(analyticsEnabled(host)).toBe(false);
  expect(analyticsEnabled('watch.heartland.example')).toBe(true);
});

it('can be switched on (tests) or off explicitly', () => {
  localStorage.setItem('sideline:analytics', 'on');
  expect(analyticsEnabled('localhost')).toBe(true);
  localStorage.setItem('sideline:analytics', 'off');
  expect(analyticsEnabled('watch.heartland.example')).toBe(false);
});
