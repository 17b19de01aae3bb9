import type { User } from '@sideline/contract/auth';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type DataRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customFormQueryKey } from '@/features/auth/api/get-custom-form';
import { profileQueryKey } from '@/features/auth/api/get-profile';
import { fan } from '@/test/fan';
import { createGuardLoader } from './guard-loader';
import { lastPage } from './last-page';
import { navigationHistory } from './navigation-history';
import { trackNavigations } from './navigation-tracking';

const user: User = fan({ id: 1, email: 'fan@example.com', last_name: 'Fan' });
const passesForm = (value: number) => ({
  alias: 'passes',
  fields: [{ name: 'basic_pass', label: 'Basic pass', type: 'checkbox' as const, value }],
});

const Blank = () => null;
const page = { Component: Blank };

let router: DataRouter;
let pageViews: [string, string | null][];

/** A router with the app's root guard and plain pages, tracked like the app tracks its navigations. */
async function start(initial: string, session: { user: User | null; basicPass?: number }) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(profileQueryKey, session.user);
  if (session.basicPass !== undefined)
    queryClient.setQueryData(customFormQueryKey('passes'), passesForm(session.basicPass));
  router = createMemoryRouter(
    [
      {
        path: '/',
        loader: createGuardLoader(queryClient),
        shouldRevalidate: () => true,
        children: [
          { index: true, ...page },
          ...['login', 'registration', 'buy', 'packages', 'profile/edit', 'schedule', 'watch/:id'].map((path) => ({
            path,
            ...page,
          })),
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  pageViews = [];
  trackNavigations(router, (p, prev) => pageViews.push([p, prev]));
  await settle();
}
const settle = () => vi.waitFor(() => expect(router.state.initialized && router.state.navigation.state).toBe('idle'));
const where = () => router.state.location.pathname + router.state.location.search;
async function navigate(to: string | number) {
  await router.navigate(to as string);
  await settle();
}

beforeEach(() => {
  localStorage.clear();
  navigationHistory.reset();
});
afterEach(() => router?.dispose());

describe('guards on real navigations', () => {
  it('locks a temporary-password fan to /profile/edit', async () => {
    await start('/schedule', { user: { ...user, temporary_password: true } });
    expect(where()).toBe('/profile/edit');
    await navigate('/packages');
    expect(where()).toBe('/profile/edit');
  });

  it('sends a fan without the basic pass to /packages', async () => {
    await start('/', { user, basicPass: 0 });
    expect(where()).toBe('/packages');
    await navigate('/buy');
    expect(where()).toBe('/buy');
  });

  it('treats a missing passes form as the basic pass chosen', async () => {
    await start('/schedule', { user, basicPass: 1 });
    expect(where()).toBe('/schedule');
  });

  it('sends a signed-in fan away from the sign-in page', async () => {
    await start('/schedule', { user, basicPass: 1 });
    await navigate('/login');
    expect(where()).toBe('/');
  });

  it('sends a guest who goes from sign-in to checkout back to sign-in', async () => {
    await start('/login?from=packages', { user: null });
    await navigate('/buy');
    expect(where()).toBe('/login?from=packages');
    await navigate('/packages');
    await navigate('/buy');
    expect(where()).toBe('/buy');
  });
});

describe('the hold the early start reads (sideline:guard-hold)', () => {
  const hold = () => localStorage.getItem('sideline:guard-hold');

  it("is the stored key while the guards keep its fan off the games' pages, and goes when they stop", async () => {
    localStorage.setItem('sideline:api-key', 'fan-key');
    await start('/', { user, basicPass: 0 });
    expect(hold()).toBe('fan-key');
    await start('/schedule', { user: { ...user, temporary_password: true } });
    expect(hold()).toBe('fan-key');
    await start('/', { user, basicPass: 1 });
    expect(hold()).toBeNull();
  });

  it('is never kept for a guest', async () => {
    localStorage.setItem('sideline:api-key', 'guest-key');
    localStorage.setItem('sideline:guard-hold', 'guest-key');
    await start('/watch/3', { user: null });
    expect(hold()).toBeNull();
  });
});

describe('navigation records', () => {
  it('records the previous page for each page view', async () => {
    await start('/', { user: null });
    await navigate('/schedule?day=2');
    await navigate('/watch/5');
    expect(pageViews).toEqual([
      ['/', null],
      ['/schedule?day=2', '/'],
      ['/watch/5', '/schedule?day=2'],
    ]);
    expect(navigationHistory.get()).toEqual({ current: '/watch/5', previous: '/schedule?day=2' });
  });

  it('stores the last page with its query and params, but not sign-in pages', async () => {
    await start('/watch/12?t=30', { user: null });
    await navigate('/login');
    expect(lastPage()).toEqual({
      href: '/watch/12?t=30',
      pathname: '/watch/12',
      search: '?t=30',
      params: { id: '12' },
    });
  });

  it('keeps the trk parameter and carries it onto every navigation for 3 hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await start('/?trk=spring-promo', { user: null });
    await navigate('/schedule');
    expect(where()).toBe('/schedule?trk=spring-promo');
    await navigate('/watch/3?t=1');
    expect(where()).toBe('/watch/3?t=1&trk=spring-promo');
    vi.setSystemTime(Date.now() + 3 * 60 * 60 * 1000 + 1);
    await navigate('/packages');
    expect(where()).toBe('/packages');
    vi.useRealTimers();
  });
});
