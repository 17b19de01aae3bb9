import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const ffmpegPath =
  process.env.FFMPEG_PATH || (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** Bits of the wall clock drawn into each frame: ms modulo 2^32 (it wraps every 49 days). */
export const CLOCK_BITS = 32;
/** The clock band: CLOCK_BITS boxes of this many pixels, along the top of a 1280-wide frame. */
export const BOX_PX = 40;

/**
 * The encoder's clock in its own pictures: each frame is stamped with the wall-clock time it was made (setpts with
 * RTCTIME, before anything is encoded), drawn as a row of black and white boxes, one per bit, that a page reads back
 * from the frame it shows. What a fan sees minus what the camera saw, without trusting any playlist's timestamps.
 */
function clockFilter(): string {
  const bits = Array.from(
    { length: CLOCK_BITS },
    (_, k) =>
      `drawbox=x=${k * BOX_PX}:y=0:w=${BOX_PX}:h=${BOX_PX}:color=white:t=fill:` +
      `enable='eq(mod(floor(t*1000/pow(2\\,${k}))\\,2)\\,1)'`,
  );
  return [
    'setpts=RTCTIME/(TB*1000000)',
    `drawbox=x=0:y=0:w=${CLOCK_BITS * BOX_PX}:h=${BOX_PX}:color=black:t=fill`,
    ...bits,
    'setpts=PTS-STARTPTS',
  ].join(',');
}

export type Publisher = { child: ChildProcess; stop(): Promise<void> };

/**
 * An encoder set up as docs/playback.md tells a school's OBS: RTMP, H.264 at 1280x720 30 fps with a keyframe a
 * second, in real time. `audio: 'mp3'` sends a codec the ladder cannot copy, so the top rendition is encoded too.
 */
export function publishClock(rtmpUrl: string, audio: 'aac' | 'mp3' = 'aac'): Publisher {
  const child = spawn(
    ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine'],
      ...['-vf', clockFilter()],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-b:v', '2500k'],
      ...(audio === 'aac' ? ['-c:a', 'aac'] : ['-c:a', 'libmp3lame', '-ar', '44100']),
      ...['-f', 'flv', rtmpUrl],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * Run in the page: reads the clock band back from the frame the video shows now (scaled to the rendition shown)
 * and answers now minus the frame's time, in ms (within a frame's duration of the display time), with the
 * rendition's height; a string says why not.
 */
export const READ_FRAME_AGE = `(() => {
  // Our player's video sits in a shadow root (media-chrome): look through open ones too.
  const videos = [];
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el instanceof HTMLVideoElement) videos.push(el);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  const video = videos.find((v) => v.readyState >= 2 && v.videoWidth > 0);
  if (!video) return 'no video with a frame (' + videos.length + ' videos)';
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  g.drawImage(video, 0, 0);
  const now = Date.now();
  const scale = video.videoWidth / 1280;
  let stamp = 0;
  for (let k = 0; k < ${CLOCK_BITS}; k++) {
    const x = Math.round((k * ${BOX_PX} + ${BOX_PX / 2}) * scale);
    const [r, gr, b] = g.getImageData(x, Math.round(${BOX_PX / 2} * scale), 1, 1).data;
    if ((r + gr + b) / 3 > 128) stamp += 2 ** k;
  }
  return [((now % 2 ** ${CLOCK_BITS}) - stamp + 2 ** ${CLOCK_BITS}) % 2 ** ${CLOCK_BITS}, video.videoHeight];
})()`;
