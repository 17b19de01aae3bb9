import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY_STORAGE_KEY } from '@/lib/api-key';
import { CHANNEL_SCOPE } from '@/lib/query-client';
import { storage } from '@/lib/storage';
import { fan } from '@/test/fan';
import { profileQueryKey } from './api/get-profile';
import { startSession } from './session-change';

afterEach(() => storage.remove(API_KEY_STORAGE_KEY));

describe('startSession', () => {
  it('drops what was asked with the guest’s key (a listing’s has_access), keeps the channel’s data', () => {
    const queryClient = new QueryClient();
    const listing = ['events', 'list', {}];
    queryClient.setQueryData(listing, { data: [{ id: 1, has_access: false }] });
    queryClient.setQueryData([CHANNEL_SCOPE, 'menu'], [{ id: 1 }]);
    const user = fan({ id: 5 });

    startSession(queryClient, { api_key: 'session-key', user });

    expect(storage.get(API_KEY_STORAGE_KEY)).toBe('session-key');
    expect(queryClient.getQueryData(listing)).toBeUndefined();
    expect(queryClient.getQueryData([CHANNEL_SCOPE, 'menu'])).toEqual([{ id: 1 }]);
    expect(queryClient.getQueryData(profileQueryKey)).toEqual(user);
  });
});
