import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { fan } from '@/test/fan';
import { mockedCall } from '@/test/mocked-api';
import { getProfile } from './get-profile';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const get = mockedCall(api.get);
const isGuest = vi.mocked(api.keys.isGuest);
const markGuest = vi.mocked(api.keys.markGuest);

afterEach(() => {
  get.mockReset();
  isGuest.mockReset().mockReturnValue(false);
  markGuest.mockReset();
});

describe('getProfile', () => {
  it('answers a guest’s key with no fan, without asking (the call could only answer 401)', async () => {
    isGuest.mockReturnValue(true);
    await expect(getProfile()).resolves.toBeNull();
    expect(get).not.toHaveBeenCalled();
  });

  it('asks for the fan of a session’s key', async () => {
    const user = fan({ id: 3 });
    get.mockResolvedValue({ data: user });
    await expect(getProfile()).resolves.toEqual(user);
    expect(get).toHaveBeenCalledWith('/profile', { quiet: [401, 404] });
  });

  it('takes a 401 as a guest, and marks the key so the next pages do not ask again', async () => {
    get.mockRejectedValue(new ApiError({ status: 401, code: 'login_required', message: 'Sign in', url: '/profile' }));
    await expect(getProfile()).resolves.toBeNull();
    expect(markGuest).toHaveBeenCalledOnce();
  });
});
