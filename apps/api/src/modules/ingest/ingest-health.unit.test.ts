import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../plugins/metrics';
import { audioCodecName, calm, judge, type PeriodReport, type TroubleState, videoCodecName } from './ingest-health';
import type { IngestHealthRepository, NewHealthRow } from './ingest-health.repository';
import { createIngestHealth } from './ingest-health.service';
import type { ProgressReading, StreamView, Transcoding } from './ingest-stream';
import type { RtmpPublisher } from './rtmp-server';

const flowing: PeriodReport = { connected: true, inputArrived: true, inputGap: false, advanced: true, speed: 1 };

/** Runs the judge over periods; returns the last state and the periods (0-based) where an episode started. */
function run(periods: PeriodReport[], start: TroubleState = calm()) {
  let state = start;
  const stalls: number[] = [];
  const slows: number[] = [];
  periods.forEach((period, i) => {
    const verdict = judge(state, period);
    state = verdict.state;
    if (verdict.stallStarted) stalls.push(i);
    if (verdict.slowStarted) slows.push(i);
  });
  return { state, stalls, slows };
}
const times = <T>(n: number, x: T) => Array.from({ length: n }, () => x);

describe('the stalled and slow transcoder judge', () => {
  it('a healthy transcoder is neither', () => {
    expect(run(times(100, flowing))).toEqual({ state: calm(), stalls: [], slows: [] });
  });

  it('stalled after more than 3 periods without progress while the encoder sends; once per episode', () => {
    const still = { ...flowing, advanced: false, speed: 0 };
    expect(run(times(3, still)).stalls).toEqual([]);
    const r = run([...times(6, still), flowing, ...times(4, still)]);
    // The 4th still period starts the first episode; progress ends it; 4 more still periods start a second.
    expect(r.stalls).toEqual([3, 10]);
    expect(r.state.stalled).toBe(true);
  });

  it('no progress while the encoder sends nothing (a gap) or is gone is not the transcoder stalling', () => {
    const silent = { ...flowing, inputArrived: false, inputGap: true, advanced: false, speed: 0 };
    expect(run(times(10, silent)).stalls).toEqual([]);
    const gone = { ...silent, connected: false };
    expect(run(times(10, gone)).stalls).toEqual([]);
    // A disconnect ends an episode: the next one counts again.
    const still = { ...flowing, advanced: false };
    expect(run([...times(4, still), gone, ...times(4, still)]).stalls).toEqual([3, 8]);
  });

  it('slow after 3 periods in a row under 0.9x; a period at speed ends the run; once per episode', () => {
    const slow = { ...flowing, speed: 0.8 };
    expect(run([slow, slow, flowing, slow, slow]).slows).toEqual([]);
    const r = run([slow, slow, slow, slow, slow, flowing, slow, slow, slow]);
    expect(r.slows).toEqual([2, 8]);
    expect(run([...times(3, { ...flowing, speed: 0.9 })]).slows).toEqual([]);
  });

  it('slow periods with an input gap are the encoder’s doing: not counted', () => {
    expect(run(times(5, { ...flowing, speed: 0.5, inputGap: true })).slows).toEqual([]);
  });
});

describe('source codec names', () => {
  it('names FLV codec ids and the names encoders send', () => {
    expect([7, 'avc1', 12, 0, 99].map(videoCodecName)).toEqual(['h264', 'h264', 'hevc', null, '99']);
    expect([10, 'mp4a', 2, 0].map(audioCodecName)).toEqual(['aac', 'aac', 'mp3', null]);
  });
});

describe('the ingest health recorder', () => {
  /** A publisher and a transcoder driven by hand, sampled at a clock driven by hand: no timers, no ffmpeg. */
  function rig() {
    let clock = 1_000_000;
    const rows: NewHealthRow[] = [];
    const warnings: string[] = [];
    const metrics = createMetrics();
    const repo = { insert: async (row: NewHealthRow) => void rows.push(row) } as unknown as IngestHealthRepository;
    const health = createIngestHealth({
      repo,
      log: { warn: (_obj: unknown, msg?: string) => void warnings.push(String(msg)) } as never,
      sampleMs: 5000,
      counters: metrics.ingest,
      isIngested: () => true,
      isConnected: () => true,
      now: () => clock,
    });
    const publisher = {
      id: 'p1',
      ip: '127.0.0.1',
      streamApp: 'live',
      streamName: 'sk_secret',
      videoCodec: 7,
      audioCodec: 10,
      videoWidth: 640,
      videoHeight: 360,
      videoFramerate: 30,
      isPublisher: true,
      inBytes: 0,
    };
    let reading: ProgressReading | null = null;
    const transcoding: Transcoding = {
      stop: async () => undefined,
      exited: new Promise(() => undefined),
      progress: () => reading,
      renditions: [{ name: '360p', height: 360, passthrough: true }],
    };
    const view: StreamView = {
      game: { channelId: 1, eventId: 7 },
      publisher: publisher as RtmpPublisher,
      transcoding,
      source: { video: 'h264', audio: 'aac', height: 360 },
    };
    let frame = 0;
    let media = 0;
    /** One period of 5 s: the encoder sends `kbps`, the transcoder writes at `speed`. */
    async function period(kbps: number, speed: number) {
      clock += 5000;
      publisher.inBytes += (kbps * 1000 * 5) / 8;
      frame += Math.round(speed * 5 * 30);
      media += speed * 5;
      if (speed > 0 || !reading) {
        reading = {
          at: clock,
          progress: { frame, outTimeS: media, dropFrames: 0, dupFrames: 0, fps: 30, speed: 1 },
        };
      }
      await health.sample(view);
    }
    const count = async (name: string) => (await metrics.registry.getSingleMetric(name)?.get())?.values[0]?.value ?? 0;
    return { rows, warnings, period, count, metrics };
  }

  it('measures the period: input bitrate from the bytes, transcoder speed and fps from its progress', async () => {
    const r = rig();
    for (let i = 0; i < 3; i++) await r.period(800, 1);
    const last = r.rows.at(-1);
    expect(last).toMatchObject({
      connected: true,
      inputKbps: 800,
      sourceFps: 30,
      width: 640,
      height: 360,
      videoCodec: 'h264',
      audioCodec: 'aac',
      transcoderRunning: true,
      speed: 1,
      transcoderFps: 30,
      stalled: false,
      slow: false,
      renditions: [{ name: '360p', height: 360, passthrough: true }],
    });
    expect(await r.count('sideline_ingest_transcoder_stalls_total')).toBe(0);
  });

  it('counts a stall and a slow run in the metrics once per episode, and logs them without the key', async () => {
    const r = rig();
    await r.period(800, 1);
    await r.period(800, 1);
    for (let i = 0; i < 6; i++) await r.period(800, 0);
    expect(await r.count('sideline_ingest_transcoder_stalls_total')).toBe(1);
    expect(r.rows.filter((row) => row.stalled)).toHaveLength(3);
    for (let i = 0; i < 4; i++) await r.period(800, 0.7);
    expect(await r.count('sideline_ingest_transcoder_slow_total')).toBe(1);
    expect(r.rows.at(-1)?.slow).toBe(true);
    expect(r.warnings).toHaveLength(2);
    expect(r.warnings.join(' ')).not.toContain('sk_');
    const text = await r.metrics.registry.metrics();
    expect(text).toContain('sideline_ingest_transcoder_stalls_total 1');
    expect(text).toContain('sideline_ingest_transcoder_slow_total 1');
  });
});
