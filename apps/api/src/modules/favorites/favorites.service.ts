import type { AddFavoriteBody, Favorite } from '@sideline/contract/favorites';
import type { CatalogService } from '../catalog';
import type { Channel } from '../channel';
import type { AnyOf, EventsRepository } from '../events';
import { favoriteErrors } from './favorites.errors';
import type { FavoritesRepository } from './favorites.repository';

export function createFavoritesService({
  repo,
  catalog,
  events,
}: {
  repo: FavoritesRepository;
  catalog: CatalogService;
  events: EventsRepository;
}) {
  /** Whether the thing to follow exists on the user's channel. */
  async function exists(
    channel: Channel,
    { favoritable_type: type, favoritable_id: id }: AddFavoriteBody,
  ): Promise<boolean> {
    switch (type) {
      case 'participant':
        return (await catalog.participants(channel.id)).some((p) => p.id === id);
      case 'participant_group':
        return (await catalog.groups(channel.id)).some((g) => g.id === id);
      case 'event_category':
        return (await catalog.categories(channel.id)).some((c) => c.id === id);
      case 'event_location':
        return (await catalog.locations(channel.id)).some((l) => l.id === id);
      case 'favorite_event':
        return events.exists(channel.id, id);
    }
  }

  return {
    list: (userId: number) => repo.list(userId),
    async add(channel: Channel, userId: number, body: AddFavoriteBody) {
      if (!(await exists(channel, body))) throw favoriteErrors.targetNotFound();
      return repo.add(userId, body.favoritable_type, body.favoritable_id);
    },
    async remove(userId: number, id: number) {
      if (!(await repo.remove(userId, id))) throw favoriteErrors.notFound();
    },
    /** The user's favorites as listing filters: events matching any of them. */
    async anyOf(userId: number): Promise<AnyOf> {
      const list: Favorite[] = await repo.list(userId);
      const ids = (type: Favorite['favoritable_type']) =>
        list.filter((f) => f.favoritable_type === type).map((f) => f.favoritable_id);
      return {
        participantIds: ids('participant'),
        groupIds: ids('participant_group'),
        categoryIds: ids('event_category'),
        eventIds: ids('favorite_event'),
        locationIds: ids('event_location'),
      };
    },
  };
}
export type FavoritesService = ReturnType<typeof createFavoritesService>;
