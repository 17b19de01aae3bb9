import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { setLanguage } from '@/lib/i18n';
import { mockedCall } from '@/test/mocked-api';
import { renderAccount } from '../testing/render-account';
import { PasswordResetForm } from './password-reset-form';
import { PasswordResetRequestForm } from './password-reset-request-form';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const post = mockedCall(api.post);

afterEach(async () => {
  post.mockReset();
  await setLanguage('en');
});

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
