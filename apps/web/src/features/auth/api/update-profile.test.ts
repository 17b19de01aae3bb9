import type { User } from '@sideline/contract/auth';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { API_KEY_STORAGE_KEY } from '@/lib/api-key';
import { storage } from '@/lib/storage';
import { fan } from '@/test/fan';
import { mockedCall } from '@/test/mocked-api';
import { profileQueryKey } from './get-profile';
import { updateProfile } from './update-profile';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const post = mockedCall(api.post);

afterEach(() => {
  post.mockReset();
  storage.remove(API_KEY_STORAGE_KEY);
});

const user: User = fan({ id: 4 });

describe('updateProfile', () => {
  it('stores the new key a password change brings, and caches the profile it answers', async () => {
    storage.set(API_KEY_STORAGE_KEY, 'old-key');
    post.mockResolvedValue({ data: { user, api_key: 'fresh-key' } });
    const queryClient = new QueryClient();
    queryClient.setQueryData(profileQueryKey, { ...user, temporary_password: true });
    const body = { _method: 'patch', password: 'нова-парола-1', password_confirmation: 'нова-парола-1' } as const;

    await expect(updateProfile(queryClient, body)).resolves.toEqual(user);
    expect(post).toHaveBeenCalledWith('/profile', { body });
    expect(storage.get(API_KEY_STORAGE_KEY)).toBe('fresh-key');
    expect(queryClient.getQueryData(profileQueryKey)).toEqual(user);
  });

  it('keeps the stored key when the answer brings none (a change of details)', async () => {
    storage.set(API_KEY_STORAGE_KEY, 'the-key');
    const updated = { ...user, phone: '+1 312 555 0142' };
    post.mockResolvedValue({ data: { user: updated, api_key: null } });
    const queryClient = new QueryClient();
    const body = { _method: 'patch', first_name: 'Ada', last_name: 'Lovelace', phone: '+1 312 555 0142' } as const;

    await updateProfile(queryClient, body);
    expect(post).toHaveBeenCalledWith('/profile', { body });
    expect(storage.get(API_KEY_STORAGE_KEY)).toBe('the-key');
    expect(queryClient.getQueryData(profileQueryKey)).toEqual(updated);
  });
});
