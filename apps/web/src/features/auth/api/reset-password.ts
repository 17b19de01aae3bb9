import { api } from '@/lib/api-client';

export type PasswordResetInput = { token: string; password: string; password_confirmation: string };

/** `POST auth/password-reset` with the mailed token: the password changes and every session of the account ends. */
export const resetPassword = (body: PasswordResetInput) =>
  api.post('/auth/password-reset', { body }).then(() => undefined);
