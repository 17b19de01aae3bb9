import { CHANNEL_SCOPE, SESSION_SCOPE } from '@/lib/query-client';

/** Keys of everything cached about the library: the listings are the channel's, playback the session's. */
export const vodKeys = {
  all: [CHANNEL_SCOPE, 'vod'] as const,
  rails: () => [...vodKeys.all, 'rails'] as const,
  categories: () => [...vodKeys.all, 'categories'] as const,
  items: (query: object) => [...vodKeys.all, 'items', query] as const,
  item: (id: number) => [...vodKeys.all, 'item', id] as const,
  search: (query: object) => [...vodKeys.all, 'search', query] as const,
  playback: (id: number) => [SESSION_SCOPE, 'vod-playback', id] as const,
};
