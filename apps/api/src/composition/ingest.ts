import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import type { ServiceHost } from '../lib/service-host';
import type { ChannelService } from '../modules/channel';
import type { EventsRepository, EventsService } from '../modules/events';
import {
  createIngestHealth,
  createIngestHealthRepository,
  createIngestService,
  DEMO_APP,
  type StreamKeysService,
  setUpRtmpIngest,
} from '../modules/ingest';
import { createIngestMedia, encoderPids, type MediaPaths, type MediaRepository } from '../modules/media';
import { ownRecordingKey } from '../modules/media/game-recording';
import type { Metrics } from '../plugins/metrics';

const isLoopbackIp = (ip: string) => /^(::ffff:)?127\.|^::1$/.test(ip);

/** An ingested game stays live past its scheduled end while its encoder runs; the ingest ends it. */
const PUBLISHING_HOLDS_MS = 6 * 3600_000;

/**
 * The RTMP ingest of this process (docs/decisions/0016-rtmp-ingest.md): a publish with a game's key makes the game
 * live and its transcoder writes the game's live folder; after the encoder stays away `LIVE_GRACE_S`, the game ends
 * and its recording is its replay.
 */
export function setUpIngest(
  host: ServiceHost,
  deps: {
    config: Config;
    paths: MediaPaths;
    ffmpeg: string;
    mediaRepo: MediaRepository;
    eventsRepo: EventsRepository;
    events: Pick<EventsService, 'invalidate'>;
    channels: Pick<ChannelService, 'byId'>;
    streamKeys: StreamKeysService;
    db: Db;
    metrics: Metrics;
    /** Stops the game's simulated feed, if one runs, before its transcoder takes the folder. */
    stopSimulated: (eventId: number) => Promise<void>;
    /** Queues the MP4 of a replay (its download). */
    queueReplayMp4: (key: string) => Promise<unknown>;
  },
) {
  const { config, eventsRepo, events } = deps;
  let rtmpPort = config.RTMP_PORT;
  let listening = false;
  // The demo's own encoders say who they are with this process's secret (live-publisher.ts): no channel's can.
  const demoSecret = randomBytes(16).toString('hex');
  const media = createIngestMedia({
    ffmpeg: deps.ffmpeg,
    paths: deps.paths,
    media: deps.mediaRepo,
    rtmpPort: () => rtmpPort,
    pids: encoderPids(path.join(config.dataDir, 'run')),
  });
  // The ingest's health, sampled every INGEST_HEALTH_SAMPLE_S per ingested game (`ingest` below exists by then).
  const health = createIngestHealth({
    repo: createIngestHealthRepository({ db: deps.db }),
    log: host.log,
    sampleMs: config.INGEST_HEALTH_SAMPLE_S * 1000,
    counters: deps.metrics.ingest,
    isIngested: (eventId) => ingest.has(eventId),
    isConnected: (eventId) => ingest.connected(eventId),
  });
  const ingest = createIngestService({
    health,
    resolve: (key) => deps.streamKeys.resolve(key),
    games: {
      status: async (g) => (await eventsRepo.byId(g.channelId, g.eventId))?.streamStatus,
      async goLive(g) {
        await eventsRepo.markPublishing(g.channelId, g.eventId, new Date(Date.now() + PUBLISHING_HOLDS_MS));
        events.invalidate(g.channelId);
      },
      async end(g) {
        await eventsRepo.markEnded(g.channelId, g.eventId, new Date());
        events.invalidate(g.channelId);
      },
    },
    media: {
      async transcode(g, streamPath, source, resume, sent, simulated) {
        return media.transcode(g.eventId, streamPath, source, resume, sent, simulated);
      },
      async finish(g) {
        const channel = await deps.channels.byId(g.channelId);
        const event = await eventsRepo.byId(g.channelId, g.eventId);
        if (!channel) throw new Error(`channel ${g.channelId} of event ${g.eventId} missing`);
        const replay = ownRecordingKey(channel.slug, g.eventId);
        await media.finish(g.eventId, replay, event?.name ?? `Game ${g.eventId}`);
        await deps
          .queueReplayMp4(replay)
          .catch((err) => host.log.error({ err, asset: replay }, 'replay MP4 not queued'));
      },
    },
    graceMs: config.LIVE_GRACE_S * 1000,
    log: host.log,
    isSimulation: (p) => p.ip !== undefined && isLoopbackIp(p.ip) && p.streamQuery?.demo === demoSecret,
    stopSimulation: (g) => deps.stopSimulated(g.eventId),
    // A paused demo game ends with its schedule, checked at the status sweep's pace.
    pauseCheckMs: config.EVENT_STATUS_SWEEP_MS || 20_000,
  });
  /** Games left live with an ingest folder (a stop or a crash mid-game): adopted, so they resume or end. */
  async function settleLeftovers() {
    const pids = encoderPids(path.join(config.dataDir, 'run'));
    const killed = await pids.killAllStale(config.mediaDir);
    if (killed.length) host.log.warn({ pids: killed }, 'ended stale ingest transcoders');
    for (const game of await deps.mediaRepo.liveEvents()) {
      const source = await media.leftover(game.id);
      if (source) ingest.adopt({ channelId: game.channelId, eventId: game.id }, source);
    }
  }
  // In a cluster the encoder process ingests; an API process (`LIVE_ENCODERS=elsewhere`) never touches media bytes.
  if (config.INGEST_ENABLED && config.LIVE_ENCODERS !== 'elsewhere') {
    setUpRtmpIngest(host, {
      port: config.RTMP_PORT,
      ingest,
      onListening: (port) => {
        rtmpPort = port;
        listening = true;
      },
      settleLeftovers,
    });
  }
  deps.metrics.ingest.countPublishers(() => ingest.publishers());
  // A rotated key stops an encoder still using the old one here (in a cluster: the encoder process, which rotates
  // through its own command socket or API; an API process's rotation reaches it at the encoder's next reconnect).
  deps.streamKeys.onRotated((eventId) => ingest.letGoOfKey(eventId));
  return {
    service: ingest,
    health,
    rtmpPort: () => rtmpPort,
    settleLeftovers,
    /** Whether this process takes encoders now. */
    listening: () => listening,
    /** Where the demo's encoder pushes a game: its key, marked as the demo's own. */
    demoPublishUrl: (key: string) => `rtmp://127.0.0.1:${rtmpPort}/${DEMO_APP}/${key}?demo=${demoSecret}`,
  };
}
export type Ingest = ReturnType<typeof setUpIngest>;
