import type { Cache } from '../../lib/cache';
import type { CatalogRepository } from './catalog.repository';

export function createCatalogService({ repo, cache }: { repo: CatalogRepository; cache: Cache }) {
  const cached = <T>(channelId: number, name: string, load: () => Promise<T>) =>
    cache.get(`ch:${channelId}:${name}`, load);
  return {
    categories: (channelId: number) => cached(channelId, 'categories', () => repo.categories(channelId)),
    locations: (channelId: number) => cached(channelId, 'locations', () => repo.locations(channelId)),
    groups: (channelId: number) => cached(channelId, 'groups', () => repo.groups(channelId)),
    participants: (channelId: number) => cached(channelId, 'participants', () => repo.participants(channelId)),
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
