import type { QueryClient } from '@tanstack/react-query';
import { CHANNEL_SCOPE } from './query-client';

const listeners = new Set<() => void>();

/**
 * Client state of one visit (stores of the features) registers its reset here; logout and a key reset run them
 * all. The app layer need not import every store, so a store's code loads only with the views that use it.
 */
export function onAppReset(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Back to a fresh visit after logout or a key reset: everything cached for the old key goes (the fan's data,
 * the stores); the channel's own data stays. Requests in flight are left alone: they are retrying with the new
 * key, and cancelling them would fail whoever waits for them.
 */
export function resetAppState(queryClient: QueryClient) {
  void queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== CHANNEL_SCOPE && query.state.fetchStatus !== 'fetching',
  });
  for (const listener of listeners) listener();
}
