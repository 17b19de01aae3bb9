import type { Config } from '../config/env';
import type { DemoGame } from '../modules/media/ffmpeg/demo-game';
import { ingestPlaylistsHold } from '../modules/media/ingest-transcoder';
import type { setUpLive } from '../modules/media/live-setup';
import { livePlaylistsOnDisk } from '../modules/media/live-simulator';
import type { MediaPaths } from '../modules/media/media-paths';
import type { Ingest } from './ingest';

/** Polls `ready` every 100 ms for up to `timeoutMs`. */
async function waitFor(ready: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  for (const until = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 100))) {
    if (await ready()) return true;
    if (Date.now() >= until) return false;
  }
}

/**
 * Whether a live game's feed has playlists a fan can start on, waiting up to LIVE_START_WAIT_MS: an encoder's
 * transcoder output here, another process's in the shared media folder (a cluster), or the demo's own encoder,
 * started on this demand.
 */
export function liveFeedOf(deps: {
  config: Config;
  paths: MediaPaths;
  ingest: Ingest;
  live: ReturnType<typeof setUpLive>;
}) {
  const { config, paths, ingest, live } = deps;
  return async (key: string, game: DemoGame): Promise<boolean> => {
    // A game an encoder publishes plays its transcoder's output, never a simulated feed.
    const eventId = Number(/^live\/e(\d+)$/.exec(key)?.[1] ?? Number.NaN);
    if (ingest.service.has(eventId) && !ingest.service.simulated(eventId)) {
      return waitFor(() => ingestPlaylistsHold(paths.hlsDir(key), 2), config.LIVE_START_WAIT_MS);
    }
    // Another process encodes (a cluster's encoder process): its playlists in the shared media folder say it runs.
    // An ingested game's folder has the rungs of its source (ingest-transcoder.ts), not the simulator's ladder.
    if (config.LIVE_ENCODERS === 'elsewhere') {
      return waitFor(
        async () => (await livePlaylistsOnDisk(paths, key, 0)) || (await ingestPlaylistsHold(paths.hlsDir(key), 2)),
        config.LIVE_START_WAIT_MS,
      );
    }
    const encoder = config.LIVE_SIMULATOR ? live.demand(key, game) : null;
    return encoder !== null && (await live.waitForPlaylists(encoder, config.LIVE_START_WAIT_MS));
  };
}
