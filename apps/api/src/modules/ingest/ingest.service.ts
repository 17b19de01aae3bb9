import type { FastifyBaseLogger } from 'fastify';
import {
  audioOnly,
  type Game,
  type PublishedSource,
  type StreamView,
  sourceOf,
  type Transcoding,
} from './ingest-stream';
import { keyTag, type RtmpPublisher, redact } from './rtmp-server';

export type { Game, PublishedSource, Transcoding };
export type IngestDeps = {
  /** The game a key names, or nothing (streamKeys.resolve). */
  resolve: (key: string) => Promise<Game | undefined>;
  games: {
    status(game: Game): Promise<'upcoming' | 'live' | 'finished' | undefined>;
    /** The game is live now (its listings follow). */
    goLive(game: Game): Promise<void>;
    /** The game ended (its listings follow). */
    end(game: Game): Promise<void>;
  };
  media: {
    /**
     * Starts the game's transcoder on the publish at `streamPath` (`live/<key>`); `resume` continues the same recording. `source` is the
     * game's first publish's (its renditions); `sent` what this publisher sends, which a reconnect may have changed;
     * `simulated` says the publisher is the demo's own encoder.
     */
    transcode(
      game: Game,
      streamPath: string,
      source: PublishedSource,
      resume: boolean,
      sent: PublishedSource,
      simulated: boolean,
    ): Promise<Transcoding>;
    /** Turns the game's recording into its replay (ENDLIST, a ready VOD asset). */
    finish(game: Game): Promise<void>;
  };
  graceMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Whether a publisher is the demo's own encoder of a game (live-publisher.ts), not a channel's. */
  isSimulation?: (p: RtmpPublisher) => boolean;
  /** Stops the demo's encoder of a game (or the simulator writing its folder): a channel's encoder takes over. */
  stopSimulation?: (game: Game) => Promise<void>;
  /** How often a game whose demo encoder paused checks whether it is still live by its schedule. */
  pauseCheckMs?: number;
  /** How long an accepted publish waits for its metadata (codecs, size) before its transcoder starts anyway. */
  metadataWaitMs?: number;
  /** Ingest health: each ingested game's stream handed to `sample` every `sampleMs`; `forget` at the game's end. */
  health?: { sample(view: StreamView): Promise<void>; forget(eventId: number): void; sampleMs: number };
};

type Stream = Game & {
  publisher: RtmpPublisher | null;
  transcoding: Transcoding | null;
  /** The first publish's source: a reconnect keeps its ladder, so the recording has one set of renditions. */
  source: PublishedSource | null;
  graceTimer?: NodeJS.Timeout;
  /** A transcoder is being started (one at a time). */
  starting?: boolean;
  /** The previous transcoder's stop, which a new one waits for. */
  stopping?: Promise<void>;
  ending: boolean;
  /** The ingest health's timer. */
  sampler?: NodeJS.Timeout;
  /** Transcoders of the current publisher that died soon after their start, in a row. */
  quickDeaths?: number;
  /** Drops the current publisher's connection. */
  drop?: () => void;
  /** The last accepted publisher was the demo's own encoder. */
  simulated?: boolean;
  /** While the demo's encoder is paused (no fan watches): checks the game's schedule. */
  pauseTimer?: NodeJS.Timeout;
};

/** The RTMP application the demo's own encoders publish to (`demo/<key>`); encoders of channels use `live`. */
export const DEMO_APP = 'demo';

/** A transcoder that dies this soon after its start, this many times in a row, is not started again. */
const QUICK_DEATH_MS = 10_000;
const MAX_QUICK_DEATHS = 3;

/**
 * The games' publishes: a key is checked before anything runs, one publisher per game, a transcoder per publish, a
 * grace period after a disconnect within which the same game's stream continues, then the end and the replay.
 */
export function createIngestService(deps: IngestDeps) {
  const { log } = deps;
  const streams = new Map<number, Stream>();
  /** Publishers that left while their key was being checked. */
  const gone = new Set<string>();
  let closed = false;

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** Samples the stream's health every period while it is ingested here (publishing, or waiting for its encoder). */
  function watch(stream: Stream) {
    const health = deps.health;
    if (!health || stream.sampler) return;
    let busy = false;
    stream.sampler = setInterval(() => {
      if (busy || stream.ending) return;
      busy = true;
      const view = {
        game: { channelId: stream.channelId, eventId: stream.eventId },
        publisher: stream.publisher,
        transcoding: stream.transcoding,
        source: stream.source,
      };
      health
        .sample(view)
        .catch((err) => log.error({ err, eventId: stream.eventId }, 'ingest health sample failed'))
        .finally(() => {
          busy = false;
        });
    }, health.sampleMs);
    stream.sampler.unref();
  }
  function unwatch(stream: Stream) {
    clearInterval(stream.sampler);
    stream.sampler = undefined;
    deps.health?.forget(stream.eventId);
  }

  async function waitForMetadata(p: RtmpPublisher) {
    for (const until = Date.now() + (deps.metadataWaitMs ?? 3000); Date.now() < until; await sleep(50)) {
      if (Number(p.videoHeight) > 0 || gone.has(p.id)) return;
    }
  }

  async function accept(p: RtmpPublisher, refuse: () => void) {
    const key = p.streamName;
    const who = { key: keyTag(key), ip: p.ip };
    const no = (why: string) => {
      refuse();
      log.warn({ ...who, why }, 'rtmp publish refused');
    };
    if (closed) return no('closing');
    // The demo's own encoders publish under an application of their own, so a channel's encoder can take a game
    // over while the demo's still publishes (the library keeps one publisher per path).
    const sim = deps.isSimulation?.(p) ?? false;
    if (p.streamApp !== (sim ? DEMO_APP : 'live')) return no('not the live application');
    const game = await deps.resolve(key);
    if (!game) return no('unknown or rotated key');
    const status = await deps.games.status(game);
    // Everything checked again after the awaits: two publishers may have raced to here.
    let current = streams.get(game.eventId);
    if (current?.publisher && current.simulated && !sim) {
      // A channel's encoder takes a demo game over from the demo's own: that one stops, and the recording goes on.
      const demo = current;
      log.info({ ...who, eventId: game.eventId }, 'an encoder takes over from the demo encoder');
      await deps.stopSimulation?.(game);
      for (const until = Date.now() + 5_000; demo.publisher && Date.now() < until; ) await sleep(50);
      current = streams.get(game.eventId);
    }
    if (current?.publisher) return no('the game already has a publisher');
    if (current?.ending) return no('the game is ending');
    if (!current && status !== 'upcoming' && status !== 'live') return no('the game is over');
    if (gone.has(p.id) || closed) return;
    // The library keeps one publisher per path; one it refused (the path busy) is refused here too.
    if (!p.isPublisher) return no('the stream path already has a publisher');
    // A simulator writing the game's folder by itself stops before a channel's transcoder takes it.
    if (!sim) await deps.stopSimulation?.(game);
    if (gone.has(p.id) || closed) return;
    if (streams.get(game.eventId)?.publisher) return no('the game already has a publisher');
    const stream: Stream = current ?? { ...game, publisher: null, transcoding: null, source: null, ending: false };
    clearTimeout(stream.graceTimer);
    clearInterval(stream.pauseTimer);
    stream.publisher = p;
    stream.drop = refuse;
    stream.simulated = sim;
    streams.set(game.eventId, stream);
    watch(stream);
    const resume = current !== undefined;
    // What the encoder sends is known before the game goes live: a stream fans could not watch never opens it.
    await waitForMetadata(p);
    if (stream.publisher !== p) return;
    if (audioOnly(p)) {
      // A game that was waiting for its encoder goes on waiting (the disconnect restarts its grace period); one
      // this publish opened is left as it was, never live.
      if (!current) {
        stream.publisher = null;
        unwatch(stream);
        streams.delete(game.eventId);
      }
      return no('the stream has no video');
    }
    log.info({ ...who, eventId: game.eventId, resume }, 'rtmp publish accepted');
    if (status !== 'live') await deps.games.goLive(game);
    if (stream.publisher !== p) return;
    stream.source ??= sourceOf(p);
    await startTranscoder(stream, p, resume);
  }

  /** Runs the transcoder of publisher `p` of the stream; one at a time, and only while `p` is its publisher. */
  async function startTranscoder(stream: Stream, p: RtmpPublisher, resume: boolean) {
    if (stream.transcoding || stream.starting) return;
    const source = stream.source ?? { video: 'unknown', audio: 'unknown', height: 0 };
    stream.starting = true;
    let t: Transcoding;
    try {
      // The previous publish's transcoder writes its last segment first: one writer per folder.
      await stream.stopping;
      const streamPath = `${p.streamApp}/${p.streamName}`;
      t = await deps.media.transcode(stream, streamPath, source, resume, sourceOf(p), stream.simulated ?? false);
    } finally {
      stream.starting = false;
    }
    if (stream.publisher !== p || closed) {
      // The publisher left while its transcoder was starting; a newer one (back already) gets its own.
      await t.stop();
      const next = stream.publisher;
      if (next && !closed) await startTranscoder(stream, next, true);
      return;
    }
    stream.transcoding = t;
    const startedAt = Date.now();
    log.info({ eventId: stream.eventId, source, resume }, 'ingest transcoder started');
    void t.exited.then((err) => {
      if (stream.transcoding !== t) return;
      stream.transcoding = null;
      if (stream.publisher !== p || closed) return;
      // ffmpeg's error names its input, the key: logged redacted.
      const error = redact(String(err));
      stream.quickDeaths = Date.now() - startedAt < QUICK_DEATH_MS ? (stream.quickDeaths ?? 0) + 1 : 1;
      if (stream.quickDeaths >= MAX_QUICK_DEATHS) {
        // What this encoder sends cannot be transcoded: it is dropped (its software shows the disconnect), and the
        // game waits for it as after any disconnect, instead of a transcoder started again every second.
        log.error(
          { error, eventId: stream.eventId, deaths: stream.quickDeaths },
          'ingest transcoder keeps failing on this stream; the encoder is dropped',
        );
        stream.drop?.();
        return;
      }
      // ffmpeg died under a publisher still sending: run it again on the same recording.
      log.error({ error, eventId: stream.eventId }, 'ingest transcoder died; restarting');
      setTimeout(() => {
        if (stream.publisher === p && !closed) {
          startTranscoder(stream, p, true).catch((e) =>
            log.error({ error: redact(String(e)), eventId: stream.eventId }, 'ingest transcoder restart failed'),
          );
        }
      }, 1000).unref();
    });
  }

  async function end(stream: Stream) {
    stream.ending = true;
    try {
      await deps.media.finish(stream);
      await deps.games.end(stream);
      log.info({ eventId: stream.eventId }, 'game ended: its encoder stayed away; the replay is ready');
    } catch (err) {
      log.error({ err, eventId: stream.eventId }, 'ending an ingested game failed');
    } finally {
      unwatch(stream);
      streams.delete(stream.eventId);
    }
  }

  async function disconnected(p: RtmpPublisher) {
    gone.add(p.id);
    setTimeout(() => gone.delete(p.id), 60_000).unref();
    const stream = [...streams.values()].find((s) => s.publisher === p);
    if (!stream) return;
    stream.publisher = null;
    stream.quickDeaths = 0;
    const t = stream.transcoding;
    stream.transcoding = null;
    stream.stopping = t?.stop().catch((err: unknown) => {
      // The grace period and the end must follow whatever went wrong here, or the game stays live for good.
      log.error({ error: redact(String(err)), eventId: stream.eventId }, 'stopping an ingest transcoder failed');
    });
    await stream.stopping;
    if (closed || stream.publisher) return;
    if (deps.isSimulation?.(p) && (await deps.games.status(stream)) === 'live') {
      // The demo's encoder stops when no fan watches: its game stays live by its schedule, and the next fan's
      // demand continues the same recording. Its schedule's end ends it.
      log.info({ eventId: stream.eventId }, 'demo encoder paused; the game stays live');
      clearInterval(stream.pauseTimer);
      stream.pauseTimer = setInterval(() => {
        if (stream.publisher || closed || stream.ending) return clearInterval(stream.pauseTimer);
        void deps.games.status(stream).then((status) => {
          if (status !== 'live' && !stream.publisher && !closed && !stream.ending) {
            clearInterval(stream.pauseTimer);
            void end(stream);
          }
        });
      }, deps.pauseCheckMs ?? 30_000);
      stream.pauseTimer.unref();
      return;
    }
    log.info({ eventId: stream.eventId, graceMs: deps.graceMs }, 'encoder disconnected; waiting for it');
    stream.graceTimer = setTimeout(() => {
      if (!stream.publisher && !closed) void end(stream);
    }, deps.graceMs);
    stream.graceTimer.unref();
  }

  return {
    /** A publish began (RTMP `publish`): accepted, or refused before any transcoder starts. */
    onPublish(p: RtmpPublisher, refuse: () => void) {
      accept(p, refuse).catch((err) => {
        refuse();
        log.error({ error: redact(String(err)), key: keyTag(p.streamName) }, 'rtmp publish failed; refused');
      });
    },
    onUnpublish(p: RtmpPublisher) {
      disconnected(p).catch((err) => log.error({ err }, 'rtmp unpublish'));
    },
    /**
     * A game left live by a process that stopped or died while its encoder published: its encoder gets the grace
     * period to come back (continuing the same recording), else the game ends and its recording is the replay.
     */
    adopt(game: Game, source: PublishedSource) {
      if (closed || streams.has(game.eventId)) return;
      const stream: Stream = { ...game, publisher: null, transcoding: null, source, ending: false };
      streams.set(game.eventId, stream);
      watch(stream);
      log.info(
        { eventId: game.eventId, graceMs: deps.graceMs },
        'a live game from before this start; waiting for its encoder',
      );
      stream.graceTimer = setTimeout(() => {
        if (!stream.publisher && !closed) void end(stream);
      }, deps.graceMs);
      stream.graceTimer.unref();
    },
    /**
     * Ends a game now (the console's "end the game"): its encoder is dropped (a reconnect is refused: the game is
     * over), its transcoder stopped, and its recording becomes the replay, as at the grace period's end. False when
     * this process holds no stream of the game.
     */
    async endNow(eventId: number): Promise<boolean> {
      const stream = streams.get(eventId);
      if (!stream || stream.ending) return false;
      clearTimeout(stream.graceTimer);
      clearInterval(stream.pauseTimer);
      stream.ending = true;
      if (stream.simulated) await deps.stopSimulation?.(stream);
      const drop = stream.publisher ? stream.drop : undefined;
      stream.publisher = null;
      drop?.();
      const transcoding = stream.transcoding;
      stream.transcoding = null;
      await stream.stopping;
      await transcoding?.stop().catch((err: unknown) => {
        log.error({ error: redact(String(err)), eventId }, 'stopping an ingest transcoder failed');
      });
      await end(stream);
      log.info({ eventId }, 'game ended from the console');
      return true;
    },
    /**
     * The game's key was replaced: an encoder still publishing with the old one is let go (a leaked key stops at
     * once). The game waits for its encoder as after any disconnect; one with the new key continues the recording.
     */
    letGoOfKey(eventId: number) {
      const stream = streams.get(eventId);
      if (!stream?.publisher || stream.ending) return;
      log.info({ eventId }, 'stream key replaced: its encoder is let go');
      stream.drop?.();
    },
    /** Whether the game's stream is ingested here (publishing, or waiting for its encoder). */
    has: (eventId: number) => streams.has(eventId),
    /** Whether the game's stream here is the demo's own encoder's (paused or publishing). */
    simulated: (eventId: number) => Boolean(streams.get(eventId)?.simulated),
    /** Whether an encoder publishes the game here now. */
    connected: (eventId: number) => Boolean(streams.get(eventId)?.publisher),
    /** How many encoders publish here now. */
    publishers: () => [...streams.values()].filter((s) => s.publisher).length,
    /** Ends every transcoder (no ffmpeg outlives the server); games stay live for the next start to settle. */
    async close() {
      closed = true;
      const all = [...streams.values()];
      streams.clear();
      for (const s of all) {
        clearTimeout(s.graceTimer);
        clearInterval(s.pauseTimer);
        clearInterval(s.sampler);
      }
      await Promise.all(all.map((s) => s.transcoding?.stop()));
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
