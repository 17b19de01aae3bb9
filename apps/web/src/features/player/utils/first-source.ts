import type { Playback } from '@sideline/contract/media';
import { prerollSuppression, type ViewerKey } from '../stores/preroll-suppression';
import type { PlayerSource } from '../types';

/** The preroll first, unless there is none (no_ads) or this viewer finished it for this game within the hour. */
export function firstSource(playback: Playback, viewer: ViewerKey): PlayerSource {
  if (playback.preroll && !prerollSuppression.isSuppressed(viewer, playback.event_id))
    return { url: playback.preroll.url, kind: 'ad' };
  return gameSource(playback);
}
export const gameSource = (playback: Playback): PlayerSource => ({
  url: playback.url,
  kind: playback.kind,
  liveWindowS: playback.live_window_s,
});
