import { QueryClient } from '@tanstack/react-query';

/**
 * One cache for the app. No automatic retries: the API client already retries what the spec says to retry (key
 * errors, once) and 429 must not be retried. That includes the retry TanStack Query makes when a view mounts on
 * a query its route's loader has just seen fail (`retryOnMount`): the next visit's loader asks again. Channel data
 * does not change while a fan browses.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, retryOnMount: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}

/** First part of the query key of the channel's own data (settings, menu, pages…), which a reset keeps. */
export const CHANNEL_SCOPE = 'channel';
/** First part of the query key of the fan's session data (profile, forms), which a reset clears. */
export const SESSION_SCOPE = 'session';

/** The app's cache: startup, route loaders and components share it. */
export const queryClient = createQueryClient();
