import type { User } from '@sideline/contract/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { API_KEY_STORAGE_KEY } from '@/lib/api-key';
import { setLanguage } from '@/lib/i18n';
import { storage } from '@/lib/storage';
import { mockedCall } from '@/test/mocked-api';
import { renderAccount } from '../testing/render-account';
import { PasswordChangeForm } from './password-change-form';
import { PasswordResetForm } from './password-reset-form';
import { PasswordResetRequestForm } from './password-reset-request-form';
import { ProfileDetailsForm } from './profile-details-form';

vi.mock('@/lib/api-client', () => ({ api: { post: vi.fn(), get: vi.fn() } }));
const post = mockedCall(api.post);

afterEach(async () => {
  post.mockReset();
  await setLanguage('en');
});

const user: User = {
  id: 4,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: null,
  email_verified: true,
  temporary_password: false,
  trial_period_used: false,
  capabilities: ['watch'],
  featureCount: { clips: 0, downloads: 0 },
  is_geo_blocked: false,
};
const passwords = () => [...document.querySelectorAll<HTMLInputElement>('input[type="password"]')];

describe('password reset form', () => {
  it('says, in French, that the new password is too short and that the two differ', async () => {
    await renderAccount(<PasswordResetForm token="reset-token-123456" onDone={() => undefined} />, { lng: 'fr' });
    const [password, confirmation] = passwords();
    await userEvent.type(password as HTMLInputElement, 'court');
    await userEvent.type(confirmation as HTMLInputElement, 'autre');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }));
    expect(await screen.findByText('Le mot de passe est trop court')).toBeInTheDocument();
    expect(screen.getByText('LES MOTS DE PASSE NE CORRESPONDENT PAS')).toBeInTheDocument();
  });
});

describe('password reset request form', () => {
  it('answers every address with the same notice: the server no longer says which have an account', async () => {
    post.mockResolvedValue({ data: { ok: true } });
    await renderAccount(<PasswordResetRequestForm />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'nobody@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If nobody@example.org belongs to an account, we have sent it a link. It works for one hour.',
    );
    expect(post).toHaveBeenCalledWith('/auth/password-reset-request', { body: { email: 'nobody@example.org' } });
  });
});

describe('password change form', () => {
  it('asks for the current password, and shows the server’s refusal next to it', async () => {
    post.mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'current_password_wrong',
        message: 'The current password is not right',
        field: 'current_password',
        url: '',
      }),
    );
    await renderAccount(<PasswordChangeForm user={user} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    const [current, next, confirmation] = passwords();
    await userEvent.type(current as HTMLInputElement, 'not-the-password');
    await userEvent.type(next as HTMLInputElement, 'a-new-password');
    await userEvent.type(confirmation as HTMLInputElement, 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() => expect(current).toHaveAccessibleDescription('The current password is not right'));
    expect(current).toHaveFocus();
  });

  it('lets a temporary-password fan set one without the current password, and stores the new key', async () => {
    post.mockResolvedValue({ data: { user: { ...user, temporary_password: false }, api_key: 'fresh-key' } });
    const onChanged = vi.fn();
    await renderAccount(<PasswordChangeForm user={{ ...user, temporary_password: true }} onChanged={onChanged} />, {
      lng: 'bg',
    });
    expect(passwords()).toHaveLength(2);
    const [next, confirmation] = passwords();
    await userEvent.type(next as HTMLInputElement, 'нова-парола-1');
    await userEvent.type(confirmation as HTMLInputElement, 'нова-парола-1');
    await userEvent.click(screen.getByRole('button', { name: 'Смени паролата' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/profile', {
      body: { _method: 'patch', password: 'нова-парола-1', password_confirmation: 'нова-парола-1' },
    });
    expect(storage.get(API_KEY_STORAGE_KEY)).toBe('fresh-key');
  });
});

describe('profile details form', () => {
  it('checks the phone the contract’s way, and clears an emptied phone', async () => {
    post.mockResolvedValue({ data: { user, api_key: null } });
    await renderAccount(<ProfileDetailsForm user={{ ...user, phone: '+1 312 555 0142' }} />);
    const phone = screen.getByRole('textbox', { name: 'Phone (optional)' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '12-34');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() =>
      expect(phone).toHaveAccessibleDescription('10 to 14 digits Enter a phone number of 10 to 14 digits'),
    );
    await userEvent.clear(phone);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() =>
      expect(post).toHaveBeenCalledWith('/profile', {
        body: { _method: 'patch', first_name: 'Ada', last_name: 'Lovelace', phone: null, language: 'en' },
      }),
    );
  });
});
