import type { QueryClient } from '@tanstack/react-query';
import { setAppReset } from '@/features/auth/session';
import { runAppResetListeners } from '@/lib/app-reset';
import { CHANNEL_SCOPE } from '@/lib/query-client';

/**
 * Back to a fresh visit after logout or a key reset: everything cached for the old key goes (the fan's data,
 * the stores); the channel's own data stays. Requests in flight are left alone: they are retrying with the new
 * key, and cancelling them would fail whoever waits for them.
 */
export function resetAppState(queryClient: QueryClient) {
  void queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== CHANNEL_SCOPE && query.state.fetchStatus !== 'fetching',
  });
  runAppResetListeners();
}

// Signing out happens inside the auth feature (the header's account menu, account deletion), which cannot
// import the app layer: it is handed the full reset here, where the app is put together.
setAppReset(resetAppState);
