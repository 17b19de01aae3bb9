import { VOD_RAIL_SCROLL_MS } from '@sideline/contract/constants';
import type { HomepageSection } from '@sideline/contract/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-profile';
import type { homepageEventsQueryOptions } from '@/features/events/api/get-homepage-events';
import { EventRail } from '@/features/events/components/event-rail';
import { EventsError } from '@/features/events/components/events-error';
import { useFavorites } from '@/features/favorites/api/get-favorites';
import { useRenderFavorite } from './favorite-slot';
import styles from './home-rails.module.css';

type Key = HomepageSection['key'];
const RAILS_JUST_FETCHED_MS = 5_000;
const ORDER: readonly Key[] = ['favorites', 'live', 'upcoming', 'recent'];
const SEE_ALL: Record<Key, string> = {
  favorites: paths.profileFavorites.href(),
  live: paths.live.href(),
  upcoming: paths.upcoming.href(),
  recent: paths.vod.href(),
};

/**
 * The home page's rails, from `GET /events-for-homepage`: the fan's favorites (only for a signed-in fan who
 * follows something), live now, coming up and the latest replays, each with a "see all" link. Its own chunk;
 * the home route hands it the request it started, so the request's code stays in the home route's chunk alone.
 */
export function HomeRails({ request }: { request: ReturnType<typeof homepageEventsQueryOptions> }) {
  const { t } = useTranslation('browse');
  const user = useUser();
  const queryClient = useQueryClient();
  // The rails change with the clock and with the fan's favorites: each visit refreshes them (cached ones show
  // meanwhile), and a star pressed here refreshes the favorites rail at once. Not when the route's loader has
  // just fetched them for this visit: the rails mount after their chunk, often after the answer.
  const sections = useQuery({ ...request, staleTime: RAILS_JUST_FETCHED_MS });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: request.queryKey }),
    [queryClient, request.queryKey],
  );
  const renderFavorite = useRenderFavorite(refresh);
  const follows = (useFavorites(!!user).data?.length ?? 0) > 0;
  // The rails' cards come in a render of their own, after the page around them (the hero, the fan's largest
  // first picture) is on screen: one render of every card first held the hero back by half a second on a phone.
  // An answer that comes later renders in the background too (a query's answer is otherwise one blocking render).
  const listed = useDeferredValue(sections.data ?? null, null);

  if (sections.isError) {
    return <EventsError level={2} onRetry={() => void sections.refetch()} />;
  }

  const events = new Map(listed?.map((section) => [section.key, section.events]));
  const shown = ORDER.filter((key) => key !== 'favorites' || (user && follows && events.has('favorites')));
  return (
    <div className={styles.rails}>
      {shown.map((key) => (
        <EventRail
          key={key}
          title={t(`events.rails.${key}`)}
          events={listed ? (events.get(key) ?? []) : undefined}
          empty={t(`events.railEmpty.${key}`)}
          seeAll={{
            href: SEE_ALL[key],
            ...(key === 'favorites' ? { label: t('events.manageFavorites') } : {}),
          }}
          scrollMs={key === 'recent' ? VOD_RAIL_SCROLL_MS : undefined}
          renderFavorite={renderFavorite}
        />
      ))}
    </div>
  );
}
