import type { Language } from '@sideline/contract/constants';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { setLanguage } from '@/lib/i18n';
import { setTestChannel } from '@/test/channel-file';
import { mockedCall } from '@/test/mocked-api';
import { renderAccount } from '../testing/render-account';
import { RegistrationForm } from './registration-form';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const post = mockedCall(api.post);

beforeEach(() => setTestChannel());
afterEach(async () => {
  post.mockReset();
  await setLanguage('en');
});

const texts: Record<Language, { submit: string; messages: string[]; mismatch: string; firstName: string }> = {
  en: {
    submit: 'Create my account',
    firstName: 'First name',
    messages: [
      'Enter your first name',
      'Enter your last name',
      'A valid email address is required',
      'Password is too short',
      'Please accept the terms and conditions',
    ],
    mismatch: "PASSWORDS DON'T MATCH",
  },
  fr: {
    submit: 'Créer mon compte',
    firstName: 'Prénom',
    messages: [
      'Saisissez votre prénom',
      'Saisissez votre nom',
      'Une adresse e-mail valide est requise',
      'Le mot de passe est trop court',
      'Veuillez accepter les conditions générales',
    ],
    mismatch: 'LES MOTS DE PASSE NE CORRESPONDENT PAS',
  },
  bg: {
    submit: 'Създай профил',
    firstName: 'Име',
    messages: [
      'Въведете името си',
      'Въведете фамилията си',
      'Необходим е валиден имейл адрес',
      'Паролата е твърде кратка',
      'Моля, приемете общите условия',
    ],
    mismatch: 'ПАРОЛИТЕ НЕ СЪВПАДАТ',
  },
};

const errorTexts = () =>
  [...document.querySelectorAll('[id$="-error"]')].map((element) => element.textContent?.trim() ?? '');

describe.each(Object.entries(texts) as [Language, (typeof texts)['en']][])('registration form in %s', (lng, text) => {
  it('shows the spec messages, translated, tied to their fields, and focuses the first', async () => {
    await renderAccount(<RegistrationForm onRegistered={() => undefined} />, { lng });
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByText(text.messages[0] as string)).toBeInTheDocument();
    expect(errorTexts()).toEqual(text.messages);
    const firstName = screen.getByRole('textbox', { name: text.firstName });
    expect(firstName).toHaveFocus();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription(text.messages[0]);
    expect(post).not.toHaveBeenCalled();
  });

  it('says when the passwords differ', async () => {
    const { container } = await renderAccount(<RegistrationForm onRegistered={() => undefined} />, { lng });
    const [password, confirmation] = container.querySelectorAll('input[type="password"]');
    await userEvent.type(password as Element, 'long-enough-1');
    await userEvent.type(confirmation as Element, 'long-enough-2');
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByText(text.mismatch)).toBeInTheDocument();
  });
});

async function fillIn() {
  await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
  await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
  await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'Ada@Example.com ');
  const [password, confirmation] = document.querySelectorAll('input[type="password"]');
  await userEvent.type(password as Element, 'analytical-engine');
  await userEvent.type(confirmation as Element, 'analytical-engine');
  await userEvent.click(screen.getByRole('checkbox'));
}

describe('registration form', () => {
  it('sends the contract body with the interface language, and hands on the address', async () => {
    post.mockResolvedValue({ data: { email: 'ada@example.com', verification_sent: true } });
    const onRegistered = vi.fn();
    await renderAccount(<RegistrationForm onRegistered={onRegistered} />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledWith('ada@example.com'));
    expect(post).toHaveBeenCalledWith('/v2/auth/register', {
      body: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        password: 'analytical-engine',
        password_confirmation: 'analytical-engine',
        terms_accepted: true,
        language: 'en',
      },
    });
  });

  it('shows a taken address next to the e-mail field, and translates it when the language changes', async () => {
    post.mockRejectedValue(
      new ApiError({ status: 409, code: 'email_taken', message: 'email already registered', field: 'email', url: '' }),
    );
    await renderAccount(<RegistrationForm onRegistered={() => undefined} />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await vi.waitFor(() => expect(email).toHaveAccessibleDescription('Email already registered'));
    expect(email).toHaveFocus();
    await act(async () => {
      // The switch loads every namespace in use in French before it takes effect.
      await setLanguage('fr');
    });
    expect(await screen.findByText('Cette adresse e-mail est déjà enregistrée')).toBeInTheDocument();
  });
});
