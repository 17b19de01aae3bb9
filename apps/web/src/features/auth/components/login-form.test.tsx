import type { User } from '@sideline/contract/auth';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { API_KEY_STORAGE_KEY } from '@/lib/api-key';
import { setLanguage } from '@/lib/i18n';
import { storage } from '@/lib/storage';
import { toast, toastStore } from '@/lib/toast';
import { fan } from '@/test/fan';
import { mockedCall } from '@/test/mocked-api';
import { profileQueryKey } from '../api/get-profile';
import { renderAccount } from '../testing/render-account';
import { LoginForm } from './login-form';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const post = mockedCall(api.post);

afterEach(async () => {
  post.mockReset();
  act(() => toast.clear());
  await setLanguage('en');
});

const user: User = fan();

async function signIn(email: string, password: string) {
  await userEvent.type(screen.getByRole('textbox', { name: /mail|Имейл/ }), email);
  await userEvent.type(document.querySelector('input[type="password"]') as Element, password);
  await userEvent.click(screen.getByRole('button', { name: /Sign in|Se connecter|Вход/ }));
}

describe('login form', () => {
  it('validates with the contract schema in the fan’s language', async () => {
    await renderAccount(<LoginForm onSignedIn={() => undefined} />, { lng: 'bg' });
    await userEvent.click(screen.getByRole('button', { name: 'Вход' }));
    expect(await screen.findByText('Необходим е валиден имейл адрес')).toBeInTheDocument();
    expect(screen.getByText('Това поле е задължително')).toBeInTheDocument();
  });

  it('stores the new key and the fan, then hands on', async () => {
    post.mockResolvedValue({ data: { api_key: 'user-key', user } });
    const onSignedIn = vi.fn();
    const { queryClient } = await renderAccount(<LoginForm onSignedIn={onSignedIn} />);
    await signIn(' Ada@example.com', 'secret-password');
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(post).toHaveBeenCalledWith('/v2/auth/login', {
      body: { email: 'ada@example.com', password: 'secret-password' },
      quiet: [401, 403],
    });
    expect(storage.get(API_KEY_STORAGE_KEY)).toBe('user-key');
    expect(queryClient.getQueryData(profileQueryKey)).toEqual(user);
  });

  it('shows a refused sign-in as an error toast in French', async () => {
    post.mockRejectedValue(
      new ApiError({
        status: 401,
        code: 'invalid_credentials',
        message: 'Invalid email or password. Please try again',
        url: '',
      }),
    );
    await renderAccount(<LoginForm onSignedIn={() => undefined} />, { lng: 'fr' });
    await signIn('ada@example.com', 'wrong-password');
    await vi.waitFor(() =>
      expect(toastStore.get()).toEqual([
        expect.objectContaining({ type: 'error', message: 'E-mail ou mot de passe invalide. Veuillez réessayer' }),
      ]),
    );
  });
});
