/* ffmpeg's `-progress` output (`-progress pipe:1`, every runFfmpeg run asks for it) read into figures. */

/** One block of ffmpeg's `-progress` output (`key=value` lines ending with `progress=continue|end`). */
export type TranscoderProgress = {
  /** Frames written so far (the first video output's). */
  frame: number;
  /** ffmpeg's own frame rate, averaged since its start. */
  fps: number | null;
  dropFrames: number;
  dupFrames: number;
  /** ffmpeg's own speed (×realtime), averaged since its start. */
  speed: number | null;
  /** Media time written so far, in seconds. */
  outTimeS: number;
  end: boolean;
};

const num = (v: string | undefined) => {
  if (v === undefined) return null;
  const n = Number.parseFloat(v);
  return Number.isFinite(n) ? n : null;
};

/** A block's `key=value` pairs as figures; missing or `N/A` values are null or 0. */
export function progressOf(pairs: Record<string, string>): TranscoderProgress {
  // `out_time_ms` is microseconds too (an old ffmpeg misnomer); `out_time_us` is the newer name.
  const us = num(pairs.out_time_us) ?? num(pairs.out_time_ms) ?? 0;
  return {
    frame: num(pairs.frame) ?? 0,
    fps: num(pairs.fps),
    dropFrames: num(pairs.drop_frames) ?? 0,
    dupFrames: num(pairs.dup_frames) ?? 0,
    speed: num(pairs.speed?.replace(/x$/, '')),
    outTimeS: Math.max(0, us / 1_000_000),
    end: pairs.progress === 'end',
  };
}

/**
 * A reader of ffmpeg's `-progress` stream: feed it the output as it comes (chunks split anywhere), and it calls
 * `onBlock` with each whole block.
 */
export function progressReader(onBlock: (progress: TranscoderProgress) => void) {
  let rest = '';
  let pairs: Record<string, string> = {};
  return (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.trim();
      const eq = line.indexOf('=');
      if (eq <= 0) continue;
      const key = line.slice(0, eq);
      pairs[key] = line.slice(eq + 1);
      if (key === 'progress') {
        onBlock(progressOf(pairs));
        pairs = {};
      }
    }
    // A stream that never ends a line is not kept growing.
    if (rest.length > 4096) rest = '';
  };
}
