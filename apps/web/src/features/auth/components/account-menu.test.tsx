import type { User } from '@sideline/contract/auth';
import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { onAppReset } from '@/lib/app-reset';
import { CHANNEL_SCOPE } from '@/lib/query-client';
import { toast, toastStore } from '@/lib/toast';
import { mockedCall } from '@/test/mocked-api';
import { customFormQueryKey } from '../api/get-custom-form';
import { profileQueryKey } from '../api/get-profile';
import { renderAccount } from '../testing/render-account';
import { AccountMenu } from './account-menu';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const post = mockedCall(api.post);

afterEach(() => {
  vi.clearAllMocks();
  act(() => toast.clear());
});

const user = { id: 1, email: 'ada@example.com', first_name: 'Ada', temporary_password: false } as User;

function session(basicPass: number) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(profileQueryKey, user);
  queryClient.setQueryData(customFormQueryKey('passes'), {
    alias: 'passes',
    fields: [{ name: 'basic_pass', label: 'Basic pass', type: 'checkbox', value: basicPass }],
  });
  return queryClient;
}

describe('account menu', () => {
  it('opens with the fan’s address, and closes on Escape back on its button', async () => {
    await renderAccount(<AccountMenu user={user} />, { queryClient: session(1) });
    const toggle = screen.getByRole('button', { name: 'Account menu' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('ada@example.com')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes once the fan follows one of its links', async () => {
    await renderAccount(<AccountMenu user={user} />, { queryClient: session(1) });
    const toggle = screen.getByRole('button', { name: 'Account menu' });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('link', { name: 'Edit profile' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('refuses to sign out before the basic pass is chosen, and says why', async () => {
    await renderAccount(<AccountMenu user={user} />, { queryClient: session(0) });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    expect(signOut).toHaveAttribute('aria-disabled', 'true');
    expect(signOut).toHaveAccessibleDescription('Choose your basic pass before you sign out.');
    await userEvent.click(signOut);
    expect(post).not.toHaveBeenCalled();
    expect(toastStore.get()).toEqual([
      expect.objectContaining({ type: 'info', message: 'Choose your basic pass before you sign out.' }),
    ]);
  });

  it('signs out: the key is revoked, a guest key fetched, everything reset, the fan a guest', async () => {
    // A feature's store, registered as stores are: signing out must clear it.
    const reset = vi.fn();
    const off = onAppReset(reset);
    post.mockResolvedValue({ data: { ok: true } });
    const queryClient = session(1);
    // The fan's cached data goes; the channel's own stays.
    queryClient.setQueryData(['favorites', 'list'], [7]);
    queryClient.setQueryData([CHANNEL_SCOPE, 'menu'], ['home']);
    await renderAccount(<AccountMenu user={user} />, { queryClient });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(queryClient.getQueryData(profileQueryKey)).toBeNull());
    expect(post).toHaveBeenCalledWith('/auth/logout', { quiet: [401] });
    expect(api.keys.replace).toHaveBeenCalled();
    expect(reset).toHaveBeenCalledOnce();
    off();
    expect(queryClient.getQueryData(['favorites', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData([CHANNEL_SCOPE, 'menu'])).toEqual(['home']);
    expect(vi.mocked(api.keys.replace).mock.invocationCallOrder[0]).toBeLessThan(
      reset.mock.invocationCallOrder[0] ?? 0,
    );
    await vi.waitFor(() =>
      expect(toastStore.get()).toEqual([expect.objectContaining({ message: 'You are signed out. See you soon!' })]),
    );
  });
});
