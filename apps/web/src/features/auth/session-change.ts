import type { Session } from '@sideline/contract/auth';
import { PASSES_FORM_ALIAS_NAME } from '@sideline/contract/rules/names';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API_KEY_STORAGE_KEY } from '@/lib/api-key';
import { resetAppState } from '@/lib/app-reset';
import { CHANNEL_SCOPE, SESSION_SCOPE } from '@/lib/query-client';
import { storage } from '@/lib/storage';
import { customFormQueryKey } from './api/get-custom-form';
import { profileQueryKey } from './api/get-profile';
import { resetUser } from './session';

// Sign-in and sign-out, used by the account pages and menu only: kept apart from `session.ts`, which the first
// chunk carries for the guards.

/**
 * Signed in (password, social, e-mail link): the session's key replaces the old one, which the server revoked,
 * and the fan's forms are read again for them on the next navigation.
 */
export function startSession(queryClient: QueryClient, session: Session) {
  storeApiKey(session.api_key);
  // Answers asked with the guest's key (listings' has_access, the home rails) are not this fan's: they are asked
  // again with the session's key. The channel's data stays, and so do the fan's session queries set just below.
  void queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== CHANNEL_SCOPE && query.queryKey[0] !== SESSION_SCOPE,
  });
  queryClient.setQueryData(profileQueryKey, session.user);
  queryClient.removeQueries({ queryKey: customFormQueryKey(PASSES_FORM_ALIAS_NAME) });
}

/** A key the server handed over (sign-in, password change); the client reads the stored key on every call. */
export function storeApiKey(key: string) {
  storage.set(API_KEY_STORAGE_KEY, key);
}

/**
 * Signed out (logout, or the account is gone): a fresh guest key first, so whatever refetches after the reset
 * asks as a guest, then everything reset, and the fan known as a guest at once (no loading flash in the header).
 */
export async function endSession(queryClient: QueryClient) {
  await api.keys.replace();
  resetAppState(queryClient);
  resetUser(queryClient);
}
