import type Hls from 'hls.js/light';
import { describe, expect, it } from 'vitest';
import { bufferAhead, readFigures } from './playback-figures';

const ranges = (...pairs: [number, number][]) =>
  ({ length: pairs.length, start: (i: number) => pairs[i]?.[0], end: (i: number) => pairs[i]?.[1] }) as TimeRanges;

describe('playback figures', () => {
  it('measures the buffer ahead of the playhead in the range that holds it', () => {
    expect(bufferAhead(ranges([0, 10], [20, 30]), 4)).toBe(6);
    expect(bufferAhead(ranges([0, 10], [20, 30]), 22.5)).toBe(7.5);
    expect(bufferAhead(ranges([0, 10]), 15)).toBe(0);
    expect(bufferAhead(ranges(), 3)).toBe(0);
  });

  it('reads latency, the delay from the encoder clock, bitrate and rendition', () => {
    const hls = {
      currentLevel: 1,
      levels: [
        { bitrate: 800_000, height: 360 },
        { bitrate: 2_800_000, height: 720 },
      ],
      latency: 2.4,
      playingDate: new Date(100_000),
    } as unknown as Hls;
    expect(readFigures(hls, null, 102_750)).toEqual({
      latencyS: 2.4,
      pdtLatencyMs: 2750,
      bitrateKbps: 2800,
      height: 720,
      bufferAheadS: null,
      droppedFrames: null,
    });
  });

  it('says nothing it does not know yet', () => {
    expect(readFigures(null, null, 0)).toEqual({
      latencyS: null,
      pdtLatencyMs: null,
      bitrateKbps: null,
      height: null,
      bufferAheadS: null,
      droppedFrames: null,
    });
  });
});
