import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

// The ffmpeg the product itself uses, unless FFMPEG_PATH names another (as apps/api does).
const ffmpegPath =
  process.env.FFMPEG_PATH || (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

export type Encoder = { stop(): Promise<void> };

/**
 * An encoder as a school's OBS is set up (docs/playback.md): RTMP, H.264 + AAC, a keyframe a second, in real time,
 * until stopped. A test pattern with a tone stands in for the camera.
 */
export function startEncoder(rtmpUrl: string, size = '640x360'): Encoder {
  const child: ChildProcess = spawn(
    ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=30`, '-f', 'lavfi', '-i', 'sine'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-c:a', 'aac', '-f', 'flv', rtmpUrl],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    // As an operator presses "Stop streaming": ffmpeg ends the stream and closes the connection.
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
