import { describe, expect, it } from 'vitest';
import { progressOf, progressReader, type TranscoderProgress } from './progress';

// Two blocks as the bundled ffmpeg (2018) writes them with `-progress pipe:1`.
const OUTPUT = `frame=16
fps=0.00
stream_0_0_q=-0.0
bitrate=N/A
total_size=N/A
out_time_us=533333
out_time_ms=533333
out_time=00:00:00.533333
dup_frames=0
drop_frames=0
speed=1.05x
progress=continue
frame=300
fps=29.97
stream_0_0_q=23.0
bitrate= 812.3kbits/s
total_size=1015296
out_time_ms=10000000
out_time=00:00:10.000000
dup_frames=2
drop_frames=5
speed=0.998x
progress=end
`;

describe("ffmpeg's -progress output", () => {
  it('reads each block, whatever the chunks it arrives in', () => {
    for (const size of [1, 7, 64, OUTPUT.length]) {
      const blocks: TranscoderProgress[] = [];
      const read = progressReader((p) => blocks.push(p));
      for (let i = 0; i < OUTPUT.length; i += size) read(OUTPUT.slice(i, i + size));
      expect(blocks, `chunks of ${size}`).toEqual([
        { frame: 16, fps: 0, dropFrames: 0, dupFrames: 0, speed: 1.05, outTimeS: 0.533333, end: false },
        { frame: 300, fps: 29.97, dropFrames: 5, dupFrames: 2, speed: 0.998, outTimeS: 10, end: true },
      ]);
    }
  });

  it('takes N/A and missing values as unknown, and CRLF lines as lines', () => {
    expect(progressOf({ frame: '0', fps: 'N/A', speed: 'N/A', out_time_us: 'N/A', progress: 'continue' })).toEqual({
      frame: 0,
      fps: null,
      dropFrames: 0,
      dupFrames: 0,
      speed: null,
      outTimeS: 0,
      end: false,
    });
    const blocks: TranscoderProgress[] = [];
    progressReader((p) => blocks.push(p))('frame=5\r\nout_time_us=200000\r\nspeed=2x\r\nprogress=continue\r\n');
    expect(blocks).toMatchObject([{ frame: 5, outTimeS: 0.2, speed: 2 }]);
  });
});
