import { api } from '@/lib/api-client';

/**
 * `POST auth/password-reset-request`: mails a one-hour reset link when the address has an account. The answer is
 * the same for an unknown address, so nobody learns from it which addresses have an account.
 */
export const requestPasswordReset = (email: string) =>
  api.post('/auth/password-reset-request', { body: { email } }).then(() => undefined);
