import type { User } from '@sideline/contract/auth';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { customFormQueryKey } from '@/features/auth/api/get-custom-form';
import { profileQueryKey } from '@/features/auth/api/get-profile';
import { calendarStore, initialCalendar, setListRange } from '@/features/events/stores/calendar-store';
import { ApiError } from '@/lib/api-error';
import { toast, toastStore } from '@/lib/toast';
import { apiHooks } from './api-hooks';

const user = { id: 1, email: 'a@b.c', temporary_password: false } as User;
const error = (status: number) => new ApiError({ status, code: 'login_required', message: 'x', url: '/api/x' });

function seeded() {
  const client = new QueryClient();
  client.setQueryData(profileQueryKey, user);
  client.setQueryData(customFormQueryKey('passes'), { alias: 'passes', fields: [] });
  client.setQueryData(['channel', 'menu'], [{ id: 1 }]);
  client.setQueryData(['session', 'orders'], [{ id: 9 }]);
  return client;
}

afterEach(() => toast.clear());

describe('how the app answers the API client', () => {
  it('a 401 makes the fan a guest', () => {
    const client = seeded();
    apiHooks(client).onUnauthorized?.(error(401));
    expect(client.getQueryData(profileQueryKey)).toBeNull();
    expect(client.getQueryData(customFormQueryKey('passes'))).toBeUndefined();
  });

  it('a burst of 429s shows one translated error notice', () => {
    const hooks = apiHooks(seeded());
    for (let i = 0; i < 3; i++) hooks.onRateLimited?.(error(429));
    expect(toastStore.get()).toEqual([
      expect.objectContaining({ type: 'error', message: 'Too many requests. Please wait a moment and try again' }),
    ]);
  });

  it('a key reset clears everything the old key cached, and the stores, but keeps the channel data', () => {
    const client = seeded();
    setListRange(1, 2);
    apiHooks(client).onKeyReset?.();
    expect(client.getQueryData(profileQueryKey)).toBeUndefined();
    expect(client.getQueryData(['session', 'orders'])).toBeUndefined();
    expect(client.getQueryData(['channel', 'menu'])).toEqual([{ id: 1 }]);
    expect(calendarStore.get()).toEqual(initialCalendar());
  });
});
