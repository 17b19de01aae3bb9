import type Hls from 'hls.js/light';

/** The live playback figures of the stream check (null where the player cannot tell yet). */
export type PlaybackFigures = {
  /** hls.js's estimate of how far behind the playlist's live edge the picture is, in seconds. */
  latencyS: number | null;
  /** The picture's delay from the encoder's clock (EXT-X-PROGRAM-DATE-TIME of the frame shown), in ms. */
  pdtLatencyMs: number | null;
  bitrateKbps: number | null;
  height: number | null;
  bufferAheadS: number | null;
  droppedFrames: number | null;
};

/** Seconds of media buffered past the playhead (in the buffered range that holds it). */
export function bufferAhead(buffered: TimeRanges, currentTime: number): number {
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.1 && currentTime <= buffered.end(i))
      return Math.max(0, buffered.end(i) - currentTime);
  }
  return 0;
}

const finite = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : null);

/** Reads the figures now; `now` is `Date.now()` (the encoder's clock is wall-clock time). */
export function readFigures(hls: Hls | null, video: HTMLVideoElement | null, now: number): PlaybackFigures {
  const level = hls && hls.currentLevel >= 0 ? hls.levels[hls.currentLevel] : undefined;
  const playingDate = hls?.playingDate;
  return {
    latencyS: finite(hls?.latency),
    pdtLatencyMs: playingDate ? Math.round(now - playingDate.getTime()) : null,
    bitrateKbps: level ? Math.round(level.bitrate / 1000) : null,
    height: level?.height ?? finite(video?.videoHeight) ?? null,
    bufferAheadS: video ? bufferAhead(video.buffered, video.currentTime) : null,
    droppedFrames: video?.getVideoPlaybackQuality?.().droppedVideoFrames ?? null,
  };
}
