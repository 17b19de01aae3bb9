import type { Favorite } from '@sideline/contract/favorites';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-profile';
import { eventQueryOptions } from '@/features/events/api/get-event';
import { useEventCategories } from '@/features/events/api/get-event-categories';
import { useEventLocations } from '@/features/events/api/get-event-locations';
import { useParticipantGroups } from '@/features/events/api/get-participant-groups';
import { participantsQueryOptions } from '@/features/events/api/get-participants';
import { EventRail } from '@/features/events/components/event-rail';
import { matchup, sportLabel } from '@/features/events/utils/event-text';
import { listingHref } from '@/features/events/utils/schedule-filters';
import { useFavoriteEvents } from '@/features/favorites/api/get-favorite-events';
import { useFavorites } from '@/features/favorites/api/get-favorites';
import type { FavoriteDetails } from '@/features/favorites/components/favorites-list';
import { FavoritesPage } from '@/features/favorites/components/favorites-page';
import { useRenderFavorite } from './favorite-slot';

const NEXT_GAMES = { stream_status: 'upcoming', limit: 12, sort_field: 'event_utc_ts', sort_direction: 'asc' } as const;
const upcoming = paths.upcoming.href();

/** Names, pictures and links of a fan's favorites, from the channel's catalogue and, for games, the events. */
function useFavoriteDetails(favorites: Favorite[]): (favorite: Favorite) => FavoriteDetails | undefined {
  const { t } = useTranslation('browse');
  const teams = useQuery(participantsQueryOptions()).data;
  const schools = useParticipantGroups().data;
  const sports = useEventCategories().data;
  const venues = useEventLocations().data;
  const gameIds = favorites.filter((f) => f.favoritable_type === 'favorite_event').map((f) => f.favoritable_id);
  const games = useQueries({ queries: gameIds.map((id) => eventQueryOptions(id)) });

  return ({ favoritable_type: type, favoritable_id: id }) => {
    if (type === 'participant') {
      const team = teams?.find((p) => p.id === id);
      if (!team) return undefined;
      const sport = sportLabel({ participants: [team], gender: team.properties.gender }, t);
      return {
        name: sport ? t('filters.teamOption', { team: team.name, sport }) : team.name,
        image: team.images.logo,
        href: listingHref(upcoming, { team: id }),
      };
    }
    if (type === 'participant_group') {
      const school = schools?.find((g) => g.id === id);
      return school && { name: school.name, image: school.image, href: listingHref(upcoming, { school: id }) };
    }
    if (type === 'event_category') {
      const sport = sports?.find((c) => c.id === id);
      return sport && { name: sport.name, image: sport.image, href: listingHref(upcoming, { sport: id }) };
    }
    if (type === 'event_location') {
      const venue = venues?.find((l) => l.id === id);
      return venue && { name: venue.name, href: listingHref(upcoming, { location: id }) };
    }
    const game = games[gameIds.indexOf(id)]?.data;
    return game ? { name: matchup(game, t), image: game.poster, href: paths.watch.href(id) } : undefined;
  };
}

/** `/profile/favorites`: the next games of what the fan follows, then their favorites by kind, with remove buttons. */
export function FavoritesView() {
  const { t } = useTranslation('browse');
  const signedIn = !!useUser();
  const favorites = useFavorites(signedIn);
  const next = useFavoriteEvents(NEXT_GAMES, signedIn);
  const renderFavorite = useRenderFavorite();
  const details = useFavoriteDetails(favorites.data ?? []);
  return (
    <FavoritesPage signedIn={signedIn} favorites={favorites.data} busy={favorites.isPending} details={details}>
      <EventRail
        title={t('favorites.nextGames')}
        headingLevel={3}
        events={next.data}
        empty={t('favorites.noNextGames')}
        renderFavorite={renderFavorite}
      />
    </FavoritesPage>
  );
}
