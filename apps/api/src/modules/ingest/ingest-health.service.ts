import type { IngestHealth, IngestHealthSample } from '@sideline/contract/ingest';
import type { FastifyBaseLogger } from 'fastify';
import { ingestErrors } from './ingest.errors';
import { audioCodecName, calm, judge, type TroubleState, videoCodecName } from './ingest-health';
import type { HealthRow, IngestHealthRepository, NewHealthRow } from './ingest-health.repository';
import type { ProgressReading, StreamView, Transcoding } from './ingest-stream';
import { gapMs, type RtmpPublisher } from './rtmp-server';

/** At most this many samples in one answer (a 4 h game at 5 s is about 2,900: three calls with `since`). */
export const SAMPLES_PER_ANSWER = 1000;

/** What the previous sample of a game saw, to measure the period since. */
type Previous = {
  at: number;
  publisher: RtmpPublisher | null;
  inBytes: number;
  gapMs: number;
  transcoding: Transcoding | null;
  reading: ProgressReading | null;
  trouble: TroubleState;
};

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Ingest health (issue 41): every sample period of an ingested game, what its encoder sent (bitrate from the bytes
 * received, the announced frame rate, size and codecs, gaps) and how its transcoder kept up (speed and frame rate
 * over the period from ffmpeg's `-progress`, frames dropped and duplicated), stored for the game. A transcoder that
 * stalls or runs slow (ingest-health.ts `judge`) is logged and counted once per episode.
 */
export function createIngestHealth({
  repo,
  log,
  sampleMs,
  counters,
  isIngested,
  isConnected,
  now = Date.now,
}: {
  repo: IngestHealthRepository;
  log: Pick<FastifyBaseLogger, 'warn'>;
  sampleMs: number;
  counters: { stall(): void; slow(): void };
  /** Whether this process ingests the game, and whether an encoder publishes it now. */
  isIngested: (eventId: number) => boolean;
  isConnected: (eventId: number) => boolean;
  now?: () => number;
}) {
  const previous = new Map<number, Previous>();

  /** The sample of one period of a game's stream, and what the next period is measured from. */
  function measure(view: StreamView, at: number, prev: Previous | undefined) {
    const p = view.publisher;
    const t = view.transcoding;
    const samePublisher = prev !== undefined && p !== null && prev.publisher === p;
    const inBytes = p?.inBytes ?? 0;
    const gap = p ? gapMs(p, at) : 0;
    const periodMs = samePublisher ? at - prev.at : 0;
    const inputKbps = samePublisher && periodMs > 0 ? round(((inBytes - prev.inBytes) * 8) / periodMs, 1) : null;
    const gapS = samePublisher ? (gap - prev.gapMs) / 1000 : p ? gap / 1000 : 0;

    const reading = t?.progress?.() ?? null;
    const sameRun = prev !== undefined && t !== null && prev.transcoding === t;
    let speed: number | null = null;
    let fps: number | null = null;
    let dropped = 0;
    let duplicated = 0;
    let advanced = false;
    if (reading && sameRun && prev.reading) {
      const secs = (reading.at - prev.reading.at) / 1000;
      const frames = reading.progress.frame - prev.reading.progress.frame;
      const media = reading.progress.outTimeS - prev.reading.progress.outTimeS;
      advanced = frames > 0 || media > 0;
      speed = secs > 0 ? round(media / secs) : 0;
      fps = secs > 0 ? round(frames / secs, 1) : 0;
      dropped = Math.max(0, reading.progress.dropFrames - prev.reading.progress.dropFrames);
      duplicated = Math.max(0, reading.progress.dupFrames - prev.reading.progress.dupFrames);
    } else if (reading) {
      // The run's first figures: ffmpeg's own averages since it started.
      advanced = reading.progress.frame > 0 || reading.progress.outTimeS > 0;
      speed = reading.progress.speed;
      fps = reading.progress.fps;
      dropped = reading.progress.dropFrames;
      duplicated = reading.progress.dupFrames;
    } else if (t && sameRun) {
      // A transcoder that has written nothing yet.
      speed = 0;
      fps = 0;
    }
    const verdict = judge(prev?.trouble ?? calm(), {
      connected: p !== null,
      inputArrived: samePublisher ? inBytes > prev.inBytes : p !== null && inBytes > 0,
      inputGap: gapS > 0,
      advanced,
      speed,
    });
    const row: NewHealthRow = {
      channelId: view.game.channelId,
      eventId: view.game.eventId,
      sampledAt: new Date(at),
      connected: p !== null,
      inputKbps,
      sourceFps: p && Number(p.videoFramerate) > 0 ? round(Number(p.videoFramerate)) : null,
      width: p && Number(p.videoWidth) > 0 ? Number(p.videoWidth) : null,
      height: p && Number(p.videoHeight) > 0 ? Number(p.videoHeight) : null,
      videoCodec: p ? videoCodecName(p.videoCodec) : null,
      audioCodec: p ? audioCodecName(p.audioCodec) : null,
      gapS: round(Math.max(0, gapS)),
      transcoderRunning: t !== null,
      speed,
      transcoderFps: fps,
      framesDropped: Math.round(dropped),
      framesDuplicated: Math.round(duplicated),
      stalled: verdict.state.stalled,
      slow: verdict.state.slow,
      renditions: t?.renditions ?? [],
    };
    const next: Previous = { at, publisher: p, inBytes, gapMs: gap, transcoding: t, reading, trouble: verdict.state };
    return { row, next, verdict };
  }

  return {
    sampleMs,
    /** Takes and stores one sample of a game's stream (the ingest calls it every period). */
    async sample(view: StreamView) {
      const at = now();
      const { eventId } = view.game;
      const { row, next, verdict } = measure(view, at, previous.get(eventId));
      previous.set(eventId, next);
      // The key never appears: the game's id names the stream.
      if (verdict.stallStarted) {
        counters.stall();
        log.warn(
          { eventId, periods: next.trouble.stillPeriods, sampleS: sampleMs / 1000 },
          'ingest transcoder stalled: no progress while its encoder sends',
        );
      }
      if (verdict.slowStarted) {
        counters.slow();
        log.warn({ eventId, speed: row.speed }, 'ingest transcoder slow: under 0.9x realtime for 3 samples');
      }
      await repo.insert(row);
    },
    forget(eventId: number) {
      previous.delete(eventId);
    },

    /** A game's health for the operator: whether an encoder publishes it, the latest sample and the game's samples. */
    async read(channelId: number, eventId: number, since?: Date): Promise<IngestHealth> {
      if (!(await repo.gameOf(channelId, eventId))) throw ingestErrors.eventNotFound();
      const [rows, latest, totals] = await Promise.all([
        repo.list(eventId, since, SAMPLES_PER_ANSWER),
        repo.latest(eventId),
        repo.totals(eventId),
      ]);
      // Another process may ingest the game (a cluster's encoder role): its recent samples say whether it publishes.
      const connected = isIngested(eventId)
        ? isConnected(eventId)
        : Boolean(latest?.connected && now() - latest.sampledAt.getTime() < 3 * sampleMs);
      const last = rows.at(-1);
      return {
        event_id: eventId,
        connected,
        sample_period_s: sampleMs / 1000,
        latest: latest ? sampleView(latest) : null,
        samples: rows.map(sampleView),
        next_since: rows.length === SAMPLES_PER_ANSWER && last ? last.sampledAt.toISOString() : null,
        totals: {
          samples: totals.samples,
          gap_s: round(totals.gapS),
          frames_dropped: totals.framesDropped,
          frames_duplicated: totals.framesDuplicated,
          stalled_samples: totals.stalled,
          slow_samples: totals.slow,
        },
      };
    },
  };
}
export type IngestHealthService = ReturnType<typeof createIngestHealth>;

export function sampleView(row: HealthRow): IngestHealthSample {
  return {
    sampled_at: row.sampledAt.toISOString(),
    connected: row.connected,
    source: {
      bitrate_kbps: row.inputKbps,
      fps: row.sourceFps,
      width: row.width,
      height: row.height,
      video_codec: row.videoCodec,
      audio_codec: row.audioCodec,
      gap_s: row.gapS,
    },
    transcoder: {
      running: row.transcoderRunning,
      speed: row.speed,
      fps: row.transcoderFps,
      frames_dropped: row.framesDropped,
      frames_duplicated: row.framesDuplicated,
      stalled: row.stalled,
      slow: row.slow,
    },
    renditions: row.renditions,
  };
}

/** `since` of the query: Unix milliseconds, or an ISO date-time. */
export const sinceOf = (since: string | undefined) =>
  since === undefined ? undefined : new Date(/^\d+$/.test(since) ? Number(since) : since);
