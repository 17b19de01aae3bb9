import type { User } from '@sideline/contract/auth';
import { isBasicPassSelected } from '@sideline/contract/rules/basic-pass';
import { PASSES_FORM_ALIAS_NAME } from '@sideline/contract/rules/names';
import type { QueryClient } from '@tanstack/react-query';
import { customFormQueryKey, customFormQueryOptions } from './api/get-custom-form';
import { profileQueryKey, profileQueryOptions } from './api/get-profile';

export type SessionState = { user: User | null; basicPassSelected: boolean };

/**
 * What the navigation guards need, from the cache or fetched: the fan and whether they chose the basic pass.
 * The passes form only matters to a signed-in fan; if it cannot be read, the fan is let through (the guard
 * steers, it does not protect anything).
 */
export async function loadSession(queryClient: QueryClient): Promise<SessionState> {
  const user = await queryClient.ensureQueryData(profileQueryOptions());
  if (!user) return { user: null, basicPassSelected: true };
  const form = await queryClient.ensureQueryData(customFormQueryOptions(PASSES_FORM_ALIAS_NAME)).catch(() => null);
  return { user, basicPassSelected: isBasicPassSelected(form) };
}

/** After a 401 the session is gone: the fan is a guest again. */
export function resetUser(queryClient: QueryClient) {
  queryClient.setQueryData(profileQueryKey, null);
  queryClient.removeQueries({ queryKey: customFormQueryKey(PASSES_FORM_ALIAS_NAME) });
}
