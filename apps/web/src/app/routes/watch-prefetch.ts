import { eventQueryOptions } from '@/features/events/api/get-event';
import { playbackQueryOptions } from '@/features/player/api/get-playback';
import { queryClient } from '@/lib/query-client';

/**
 * Asks for a game and where to play it as soon as the address is known, while the player's code is still on
 * its way: the two answers are often in by the time the page renders, and the stream starts that much sooner.
 */
export function prefetchWatch(eventId: number) {
  void queryClient.prefetchQuery(eventQueryOptions(eventId));
  void queryClient.prefetchQuery(playbackQueryOptions(eventId));
}
