import { loadSession } from '@/features/auth/session';
import { eventQueryOptions } from '@/features/events/api/get-event';
import { playbackQueryOptions } from '@/features/player/api/get-playback';
import { warmStream } from '@/features/player/hooks/warm-stream';
import { firstSource } from '@/features/player/utils/first-source';
import { queryClient } from '@/lib/query-client';
import { heldOffGames, storedGuardHold } from '../guard-hold';

/**
 * Asks for a game and where to play it as soon as the address is known, while the player's code is still on
 * its way: the two answers are often in by the time the page renders. Then the stream the player will start
 * with (the preroll or the game, as for this fan) starts loading, so its first segment is in when the player is.
 */
export function prefetchWatch(eventId: number) {
  // A fan the guards send elsewhere: nothing of the game is asked for, nor started in the splash.
  if (storedGuardHold()) return;
  void queryClient.prefetchQuery(eventQueryOptions(eventId));
  void Promise.all([queryClient.fetchQuery(playbackQueryOptions(eventId)), loadSession(queryClient)])
    .then(([playback, session]) => {
      if (!heldOffGames(session)) warmStream(firstSource(playback, session.user?.id ?? 'guest').url);
    })
    .catch(() => undefined);
}
