import type { User } from '@sideline/contract/auth';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { API_KEY_STORAGE_KEY } from '@/lib/api-key';
import { setLanguage } from '@/lib/i18n';
import { storage } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { fan } from '@/test/fan';
import { mockedCall } from '@/test/mocked-api';
import { profileQueryKey } from '../../api/get-profile';
import { renderAccount } from '../../testing/render-account';
import { CodeSignIn } from './code-sign-in';
import { minutesAndSeconds } from './use-seconds-left';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const post = mockedCall(api.post);

afterEach(async () => {
  post.mockReset();
  act(() => toast.clear());
  await setLanguage('en');
});

const user: User = fan();

async function sendCode(
  code: string,
  labels: { open: RegExp; field: RegExp; submit: string } = {
    open: /another device/,
    field: /other device/,
    submit: 'Sign in with the code',
  },
) {
  await userEvent.click(screen.getByRole('button', { name: labels.open }));
  await userEvent.type(screen.getByRole('textbox', { name: labels.field }), code);
  await userEvent.click(screen.getByRole('button', { name: labels.submit }));
}

describe('signing in with a code from another device', () => {
  it('keeps the form folded until asked for', async () => {
    await renderAccount(<CodeSignIn onSignedIn={() => undefined} />);
    const toggle = screen.getByRole('button', { name: 'Have a code from another device?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Code from your other device' })).toBeVisible();
  });

  it('stores the session the code gives, as a login does, then hands on', async () => {
    post.mockResolvedValue({ data: { api_key: 'device-key', user } });
    const onSignedIn = vi.fn();
    const { queryClient } = await renderAccount(<CodeSignIn onSignedIn={onSignedIn} />);
    await sendCode('7kq2m-x9d4t');
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(post).toHaveBeenCalledWith('/auth/add_session', { body: { code: '7kq2m-x9d4t' }, quiet: [401] });
    expect(storage.get(API_KEY_STORAGE_KEY)).toBe('device-key');
    expect(queryClient.getQueryData(profileQueryKey)).toEqual(user);
  });

  it('says beside the field, in Bulgarian, that a used or expired code is refused', async () => {
    post.mockRejectedValue(new ApiError({ status: 401, code: 'wrong_auth_data', message: 'Wrong auth data', url: '' }));
    const onSignedIn = vi.fn();
    await renderAccount(<CodeSignIn onSignedIn={onSignedIn} />, { lng: 'bg' });
    await sendCode('7KQ2M-X9D4T', { open: /друго устройство\?/, field: /Код от/, submit: 'Вход с кода' });
    const field = screen.getByRole('textbox', { name: 'Код от другото ви устройство' });
    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Кодът е грешен, вече използван или изтекъл.'));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('checks the length before asking the server, in French', async () => {
    await renderAccount(<CodeSignIn onSignedIn={() => undefined} />, { lng: 'fr' });
    await sendCode('7KQ2M', { open: /autre appareil \?/, field: /Code de/, submit: 'Se connecter avec le code' });
    const field = screen.getByRole('textbox', { name: 'Code de votre autre appareil' });
    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(post).not.toHaveBeenCalled();
  });
});

describe('a code’s time left', () => {
  it('reads as minutes and seconds', () => {
    expect(minutesAndSeconds(600)).toBe('10:00');
    expect(minutesAndSeconds(545)).toBe('9:05');
    expect(minutesAndSeconds(0)).toBe('0:00');
  });
});
