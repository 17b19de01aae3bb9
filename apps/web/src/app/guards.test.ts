import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guards';

const fan = { temporary_password: false };
const guest = null;
const go = (to: string, over: Partial<Parameters<typeof guardRedirect>[0]> = {}) =>
  guardRedirect({ to, from: '/', user: fan, basicPassSelected: true, ...over });

describe('guard: temporary password', () => {
  const locked = { temporary_password: true };
  it('locks the fan to /profile/edit, wherever they go', () => {
    for (const to of ['/', '/packages', '/profile', '/login', '/privacy_policy', '/watch/3']) {
      expect(go(to, { user: locked })).toBe('/profile/edit');
    }
  });
  it('lets them stay on /profile/edit', () => {
    expect(go('/profile/edit', { user: locked })).toBeNull();
    expect(go('/profile/edit/', { user: locked })).toBeNull();
  });
});

describe('guard: signed-in fan on guest-only pages', () => {
  it.each(['/login', '/registration', '/password-reset-request', '/password-reset', '/login/'])(
    '%s goes home',
    (to) => {
      expect(go(to)).toBe('/');
    },
  );
  it('a guest may open them', () => {
    expect(go('/login', { user: guest })).toBeNull();
    expect(go('/password-reset', { user: guest })).toBeNull();
  });
});

describe('guard: basic pass not chosen', () => {
  it('sends a signed-in fan to /packages', () => {
    for (const to of ['/', '/schedule', '/profile', '/watch/4', '/about']) {
      expect(go(to, { basicPassSelected: false })).toBe('/packages');
    }
  });
  it.each(['/privacy_policy', '/terms_conditions', '/packages', '/buy', '/select-package/7'])('allows %s', (to) => {
    expect(go(to, { basicPassSelected: false })).toBeNull();
  });
  it('lets staff (who need no pass) into the console, and nowhere else by that path', () => {
    for (const to of ['/console', '/console/branding', '/console/audit/']) {
      expect(go(to, { basicPassSelected: false })).toBeNull();
    }
    expect(go('/consoles', { basicPassSelected: false })).toBe('/packages');
  });
  it('does not apply to guests or to fans who chose it', () => {
    expect(go('/schedule', { user: guest, basicPassSelected: false })).toBeNull();
    expect(go('/schedule', { basicPassSelected: true })).toBeNull();
  });
});

describe('guard: guest opening checkout from the sign-in pages', () => {
  it('goes back to the sign-in page they came from, with its query', () => {
    expect(go('/buy', { user: guest, from: '/login?next=1' })).toBe('/login?next=1');
    expect(go('/buy', { user: guest, from: '/registration' })).toBe('/registration');
  });
  it('lets them through from anywhere else, or on a first page', () => {
    expect(go('/buy', { user: guest, from: '/packages' })).toBeNull();
    expect(go('/buy', { user: guest, from: null })).toBeNull();
  });
  it('does not apply to signed-in fans', () => {
    expect(go('/buy', { from: '/login' })).toBeNull();
  });
});
