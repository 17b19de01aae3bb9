import { matchPath } from 'react-router';
import { paths } from '@/config/paths';

/**
 * A fan who opens a game's address wants the stream first: its playback is asked for as soon as the api key is
 * known, while the rest of startup (settings, menu, session) and the player's code are still on their way. The
 * route's own prefetch finds the answer in the cache.
 */
export function prefetchForAddress(pathname: string) {
  for (const route of [paths.watch, paths.watchEmbed]) {
    const id = Number(matchPath(route.path, pathname)?.params.id);
    if (Number.isSafeInteger(id) && id > 0) {
      void import('./routes/watch-prefetch').then((m) => m.prefetchWatch(id)).catch(() => undefined);
    }
  }
}
