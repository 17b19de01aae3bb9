import type { Session } from '@sideline/contract/auth';
import { api } from '@/lib/api-client';

const verifications = new Map<string, Promise<Session>>();

/**
 * `POST auth/email-verify`: confirms the address with the mailed token and signs the account in. A token works
 * once, so a page that asks twice (a remount) shares the first answer.
 */
export function verifyEmail(token: string): Promise<Session> {
  let verification = verifications.get(token);
  if (!verification) {
    verification = api.post('/auth/email-verify', { body: { token } }).then((r) => r.data);
    verifications.set(token, verification);
  }
  return verification;
}
