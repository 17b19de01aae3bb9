import { CHANNEL_SCOPE, SESSION_SCOPE } from '@/lib/query-client';

/**
 * Keys of everything cached about clips. The lists depend on who asks (a fan sees their own unfinished clips), so
 * they live in the session's scope; invalidating `all` reloads every list after a clip is made or deleted.
 */
export const clipsKeys = {
  all: [SESSION_SCOPE, 'clips'] as const,
  event: (eventId: number) => [...clipsKeys.all, 'event', eventId] as const,
  user: () => [...clipsKeys.all, 'user'] as const,
  moments: () => [...clipsKeys.all, 'moments'] as const,
  shared: (uuid: string) => [...clipsKeys.all, 'shared', uuid] as const,
  /** The channel's tag list: the same for every fan. */
  tags: () => [CHANNEL_SCOPE, 'clip-tags'] as const,
};
