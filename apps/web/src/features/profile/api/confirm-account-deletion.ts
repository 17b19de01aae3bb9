import { api } from '@/lib/api-client';

const confirmations = new Map<string, Promise<void>>();

/**
 * `GET /delete-account-confirm?token=`: a static call (no key: the link may be opened on any device) that
 * deletes the account. A token works once, so a page asking twice (a remount) shares the first answer.
 */
export function confirmAccountDeletion(token: string): Promise<void> {
  let confirmation = confirmations.get(token);
  if (!confirmation) {
    confirmation = api
      .get('/delete-account-confirm', { static: true, query: { token }, quiet: [400, 404] })
      .then(() => undefined);
    confirmations.set(token, confirmation);
  }
  return confirmation;
}
