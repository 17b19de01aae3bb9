import type { User } from '@sideline/contract/auth';
import type { ChannelFile } from '@sideline/contract/channel';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setChannelFile } from '@/config/channel';
import { paths } from '@/config/paths';
import { profileQueryKey } from '@/features/auth/api/get-profile';
import { api } from '@/lib/api-client';
import { API_KEY_STORAGE_KEY } from '@/lib/api-key';
import { storage } from '@/lib/storage';
import { fan } from '@/test/fan';
import { mockedCall } from '@/test/mocked-api';
import { ProfileEditView } from './profile-edit';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const post = mockedCall(api.post);
const get = mockedCall(api.get);

beforeEach(() => setChannelFile({ name: 'Test Channel' } as ChannelFile));
afterEach(() => {
  post.mockReset();
  get.mockReset();
  storage.remove(API_KEY_STORAGE_KEY);
});

const user: User = fan({ id: 4, temporary_password: true });
const passwords = () => [...document.querySelectorAll<HTMLInputElement>('input[type="password"]')];

describe('profile edit view', () => {
  it('saves a temporary-password fan’s new password through the session: the new key is stored, the profile cached, then home', async () => {
    // The account summary's counters, once the fan may see the whole page: not needed here.
    get.mockReturnValue(new Promise(() => undefined));
    post.mockResolvedValue({ data: { user: { ...user, temporary_password: false }, api_key: 'fresh-key' } });
    const queryClient = new QueryClient();
    queryClient.setQueryData(profileQueryKey, user);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[paths.profileEdit.href()]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path={paths.profileEdit.path} element={<ProfileEditView />} />
              <Route path={paths.home.path} element={<p>Home page</p>} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );

    expect(passwords()).toHaveLength(2);
    const [next, confirmation] = passwords();
    await userEvent.type(next as HTMLInputElement, 'a-new-password');
    await userEvent.type(confirmation as HTMLInputElement, 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/profile', {
      body: { _method: 'patch', password: 'a-new-password', password_confirmation: 'a-new-password' },
    });
    expect(storage.get(API_KEY_STORAGE_KEY)).toBe('fresh-key');
    expect(queryClient.getQueryData(profileQueryKey)).toEqual({ ...user, temporary_password: false });
  });
});
