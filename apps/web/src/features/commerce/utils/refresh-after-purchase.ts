import type { QueryClient } from '@tanstack/react-query';
import { CHANNEL_SCOPE } from '@/lib/query-client';

/**
 * A purchase changes what the fan's key sees: the games (`has_access`), the profile and its capabilities, the
 * access counters, the playback of a game bought, the passes' `purchased`, the orders. Everything but the
 * channel's own data is marked stale; what is on screen refetches now, the rest when shown, so access shows
 * without a reload. The checkout's own summary is left alone (it would be asked about a thing now owned).
 */
export function refreshAfterPurchase(queryClient: QueryClient) {
  void queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] !== CHANNEL_SCOPE &&
      !(query.queryKey[1] === 'commerce' && query.queryKey[2] === 'invoice-preview'),
  });
}
