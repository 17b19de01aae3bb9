import { api } from '@/lib/api-client';

/** `POST auth/password-reset-request`: mails a one-hour reset link; 404 'User not found' for an unknown address. */
export const requestPasswordReset = (email: string) =>
  api.post('/auth/password-reset-request', { body: { email }, quiet: [404] }).then(() => undefined);
