import type { User } from '@sideline/contract/auth';
import type { Language } from '@sideline/contract/constants';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { loadTexts, setLanguage } from '@/lib/i18n';
import { fan } from '@/test/fan';
import type { SaveProfile } from '../types';
import { PasswordChangeForm } from './password-change-form';
import { ProfileDetailsForm } from './profile-details-form';

afterEach(async () => {
  await setLanguage('en');
});

const user: User = fan({ id: 4 });
const passwords = () => [...document.querySelectorAll<HTMLInputElement>('input[type="password"]')];

/**
 * What the app gives the forms in place of the auth feature's `updateProfile` (whose own test checks that it posts
 * the body, stores a new key and caches the answer): here, what the form sends is what `save` is called with.
 */
const saving = () => vi.fn<SaveProfile>();

/** A profile form in `lng`, with its texts loaded. */
async function renderForm(ui: ReactNode, { lng = 'en' as Language } = {}) {
  await setLanguage(lng);
  await loadTexts(['accounts']);
  return render(ui);
}

describe('password change form', () => {
  it('asks for the current password, and shows the server’s refusal next to it', async () => {
    const save = saving().mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'current_password_wrong',
        message: 'The current password is not right',
        field: 'current_password',
        url: '',
      }),
    );
    await renderForm(<PasswordChangeForm user={user} save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();

    const [current, next, confirmation] = passwords();
    await userEvent.type(current as HTMLInputElement, 'not-the-password');
    await userEvent.type(next as HTMLInputElement, 'a-new-password');
    await userEvent.type(confirmation as HTMLInputElement, 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() => expect(current).toHaveAccessibleDescription('The current password is not right'));
    expect(current).toHaveFocus();
    expect(save).toHaveBeenCalledWith({
      _method: 'patch',
      current_password: 'not-the-password',
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
  });

  it('lets a temporary-password fan set one without the current password, and saves the new one', async () => {
    const save = saving().mockResolvedValue({ ...user, temporary_password: false });
    const onChanged = vi.fn();
    await renderForm(
      <PasswordChangeForm user={{ ...user, temporary_password: true }} save={save} onChanged={onChanged} />,
      { lng: 'bg' },
    );
    expect(passwords()).toHaveLength(2);
    const [next, confirmation] = passwords();
    await userEvent.type(next as HTMLInputElement, 'нова-парола-1');
    await userEvent.type(confirmation as HTMLInputElement, 'нова-парола-1');
    await userEvent.click(screen.getByRole('button', { name: 'Смени паролата' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({
      _method: 'patch',
      password: 'нова-парола-1',
      password_confirmation: 'нова-парола-1',
    });
  });
});

describe('profile details form', () => {
  it('checks the phone the contract’s way, and clears an emptied phone', async () => {
    const save = saving().mockResolvedValue(user);
    await renderForm(<ProfileDetailsForm user={{ ...user, phone: '+1 312 555 0142' }} save={save} />);
    const phone = screen.getByRole('textbox', { name: 'Phone (optional)' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '12-34');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() =>
      expect(phone).toHaveAccessibleDescription('10 to 14 digits Enter a phone number of 10 to 14 digits'),
    );
    expect(save).not.toHaveBeenCalled();
    await userEvent.clear(phone);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        _method: 'patch',
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: null,
        language: 'en',
      }),
    );
    expect(save).toHaveBeenCalledTimes(1);
  });
});
