import path from 'node:path';
import type { Config } from '../../config/env';
import type { ServiceHost } from '../../lib/service-host';
import { encoderPids } from './ffmpeg/encoder-pids';
import { createLiveController, type LiveController } from './live-controller';
import { createLivePublisher } from './live-publisher';
import { createLiveEncoder, liveAssetOf, SIMULATE_FEED, SIMULATE_GAME } from './live-simulator';
import type { MediaRepository } from './media.repository';
import type { MediaPaths } from './media-paths';

/**
 * The live side of a process: its encoders (started on a fan's demand, or all of them in a cluster's encoder
 * process), the encoders a crashed server left behind, and the clock that moves games to live and finished and
 * stops the encoders of games that ended.
 */
export function setUpLive(
  host: ServiceHost,
  {
    config,
    paths,
    ffmpeg,
    mediaRepo,
    sweepStatuses,
    isIngested = () => false,
    demoIngest,
  }: {
    config: Config;
    paths: MediaPaths;
    ffmpeg: string;
    mediaRepo: MediaRepository;
    /** Moves event statuses on with the clock (the events service). */
    sweepStatuses: () => Promise<unknown>;
    /** Whether an encoder publishes the game (the RTMP ingest): its feed is never simulated. */
    isIngested?: (eventId: number) => boolean;
    /**
     * This process's ingest, when it runs here: the demo's live games are then pushed into it by an encoder of
     * their own (live-publisher.ts) instead of written straight to their folders.
     */
    demoIngest?: { listening(): boolean; publishUrl(eventId: number): Promise<string | null> };
  },
): LiveController {
  const encodesHere = config.LIVE_SIMULATOR && config.LIVE_ENCODERS !== 'elsewhere';
  const pids = encoderPids(path.join(config.dataDir, 'run'));
  const live = createLiveController({
    createEncoder: (key, game) => {
      const eventId = Number(/^live\/e(\d+)$/.exec(key)?.[1] ?? Number.NaN);
      if (demoIngest?.listening() && Number.isInteger(eventId)) {
        return createLivePublisher(key, eventId, game, {
          paths,
          ffmpeg,
          publishUrl: demoIngest.publishUrl,
          log: host.log,
        });
      }
      return createLiveEncoder(key, game, { paths, ffmpeg, pids, log: host.log });
    },
    maxEncoders: config.LIVE_MAX_ENCODERS,
    log: host.log,
  });

  /** The encoder process of a cluster: every game live now (up to the cap) and the test feed, watched or not. */
  async function keepLiveFeedsRunning() {
    live.demand(SIMULATE_FEED, SIMULATE_GAME);
    const games = (await mediaRepo.liveEvents()).slice(0, Math.max(0, config.LIVE_MAX_ENCODERS - 1));
    for (const game of games.filter((g) => !isIngested(g.id))) {
      const teams = await mediaRepo.teamNames(game.homeTeamId, game.awayTeamId);
      live.demand(liveAssetOf(game.id), { ...teams, caption: 'Live', seed: game.id });
    }
  }

  if (config.EVENT_STATUS_SWEEP_MS > 0) {
    let timer: NodeJS.Timeout | undefined;
    host.onReady(() => {
      timer = setInterval(() => {
        sweepStatuses()
          .then(async () => {
            if (!encodesHere) return;
            if (config.LIVE_ENCODERS === 'always') await keepLiveFeedsRunning();
            await live.check(Date.now(), new Set((await mediaRepo.liveEventIds()).map(liveAssetOf)));
          })
          .catch((err) => host.log.error({ err }, 'event status sweep failed'));
      }, config.EVENT_STATUS_SWEEP_MS);
      timer.unref();
    });
    host.onClose(() => clearInterval(timer));
  }
  host.onClose(() => live.stop());
  // Encoders a crashed server left behind (where no parent-death signal could be set) end before any new one. Only
  // in a process that encodes: in a cluster the API processes share the folder with the encoder process's own.
  host.onReady(async () => {
    if (!encodesHere) return;
    const killed = await pids.killAllStale(config.mediaDir);
    if (killed.length) host.log.warn({ pids: killed }, 'ended stale live encoders');
  });
  // After the stale encoders are ended, or it would end its own new ones.
  if (config.LIVE_SIMULATOR && config.LIVE_ENCODERS === 'always') {
    host.onReady(() => void keepLiveFeedsRunning().catch((err) => host.log.error({ err }, 'live feeds')));
  }
  return live;
}
