/*
 * Ingest health, the pure parts: the judge of a transcoder that stalls or runs slow, and the source's codec names.
 * No timers, no I/O: the tests feed them synthetic periods. ffmpeg's `-progress` reader is media/ffmpeg/progress.ts.
 */

/** A stalled or slow transcoder's thresholds (docs/playback.md "Ingest health"). */
export const STALL_PERIODS = 3;
export const SLOW_SPEED = 0.9;
export const SLOW_PERIODS = 3;

export type TroubleState = { stillPeriods: number; slowPeriods: number; stalled: boolean; slow: boolean };
export const calm = (): TroubleState => ({ stillPeriods: 0, slowPeriods: 0, stalled: false, slow: false });

/** What a sample period says to the judge. */
export type PeriodReport = {
  /** An encoder publishes the game. */
  connected: boolean;
  /** The encoder sent bytes during the period. */
  inputArrived: boolean;
  /** The period had a silence of the input (a gap): a slow period then is the encoder's doing, not the transcoder's. */
  inputGap: boolean;
  /** The transcoder wrote frames during the period. */
  advanced: boolean;
  /** The transcoder's speed over the period (×realtime), when it has one. */
  speed: number | null;
};

/**
 * Judges one sample period. A transcoder is **stalled** when it wrote nothing for more than `STALL_PERIODS` periods
 * in a row while its encoder was connected and sending; **slow** when its speed stayed under `SLOW_SPEED`× for
 * `SLOW_PERIODS` periods in a row while the input flowed without gaps. `stallStarted` and `slowStarted` are true on
 * the period an episode begins (counted and logged once per episode); a disconnect ends both.
 */
export function judge(
  state: TroubleState,
  report: PeriodReport,
): { state: TroubleState; stallStarted: boolean; slowStarted: boolean } {
  if (!report.connected) return { state: calm(), stallStarted: false, slowStarted: false };
  let stillPeriods = state.stillPeriods;
  if (report.advanced) stillPeriods = 0;
  else if (report.inputArrived) stillPeriods += 1;
  const stalled = stillPeriods > STALL_PERIODS;

  let slowPeriods = state.slowPeriods;
  if (report.advanced && !report.inputGap && report.speed !== null && report.speed < SLOW_SPEED) slowPeriods += 1;
  else if (report.advanced) slowPeriods = 0;
  // A period with no progress belongs to the stall count, not the slow one: the slow run waits.
  const slow = slowPeriods >= SLOW_PERIODS;
  return {
    state: { stillPeriods, slowPeriods, stalled, slow },
    stallStarted: stalled && !state.stalled,
    slowStarted: slow && !state.slow,
  };
}

/** FLV codec ids (or the names some encoders send) as codec names; null before the metadata arrives. */
export function videoCodecName(codec: number | string): string | null {
  const known: Record<string, string> = {
    '2': 'h263',
    '4': 'vp6',
    '7': 'h264',
    '12': 'hevc',
    '13': 'av1',
    avc1: 'h264',
    hvc1: 'hevc',
  };
  const key = String(codec).toLowerCase();
  if (key === '0' || key === '') return null;
  return known[key] ?? key;
}
export function audioCodecName(codec: number | string): string | null {
  const known: Record<string, string> = { '1': 'adpcm', '2': 'mp3', '10': 'aac', '11': 'speex', mp4a: 'aac' };
  const key = String(codec).toLowerCase();
  if (key === '0' || key === '') return null;
  return known[key] ?? key;
}
