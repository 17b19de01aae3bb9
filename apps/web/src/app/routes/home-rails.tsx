import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useUser } from '@/features/auth/api/get-profile';
import type { homepageEventsQueryOptions } from '@/features/events/api/get-homepage-events';
import { LISTING_REFRESH_MS } from '@/features/events/api/listing-refresh';
import { EventsError } from '@/features/events/components/events-error';
import { HomeEventRails } from '@/features/events/components/home-rails';
import { useFavorites } from '@/features/favorites/api/get-favorites';
import { useRenderFavorite } from './favorite-slot';

const RAILS_JUST_FETCHED_MS = 5_000;

/**
 * The home page's rails (features/events/components/home-rails.tsx) with the fan's favorites: their data and
 * stars. Its own chunk; the home route hands it the request it started, so the request's code stays in the home
 * route's chunk alone.
 */
export function HomeRails({ request }: { request: ReturnType<typeof homepageEventsQueryOptions> }) {
  const user = useUser();
  const queryClient = useQueryClient();
  // The rails change with the clock and with the fan's favorites: each visit refreshes them (cached ones show
  // meanwhile), and a star pressed here refreshes the favorites rail at once. Not when the route's loader has
  // just fetched them for this visit: the rails mount after their chunk, often after the answer. A page left open
  // asks again on the listings' beat, so a game its encoder puts on air shows live.
  const sections = useQuery({ ...request, staleTime: RAILS_JUST_FETCHED_MS, refetchInterval: LISTING_REFRESH_MS });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: request.queryKey }),
    [queryClient, request.queryKey],
  );
  const renderFavorite = useRenderFavorite(refresh);
  const follows = (useFavorites(!!user).data?.length ?? 0) > 0;

  if (sections.isError) {
    return <EventsError level={2} onRetry={() => void sections.refetch()} />;
  }
  return <HomeEventRails sections={sections.data} showFavorites={!!user && follows} renderFavorite={renderFavorite} />;
}
