import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export const FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Publisher = { child: ChildProcess; exited: Promise<number | null> };

/**
 * An encoder as OBS would be: RTMP, H.264 + AAC, 1 s GOP, testsrc2 at 30 fps in real time, until stopped.
 * `videoKbps` caps the video's bitrate (CBR-like, as a stream's encoder is set); unset, x264 picks it. `audioOnly`
 * sends the tone alone, as an encoder whose video source is missing.
 */
export function publish(
  url: string,
  { size = '854x480', videoKbps, audioOnly = false }: { size?: string; videoKbps?: number; audioOnly?: boolean } = {},
) {
  const rate = videoKbps ? ['-b:v', `${videoKbps}k`, '-maxrate', `${videoKbps}k`, '-bufsize', `${videoKbps}k`] : [];
  const picture = audioOnly ? [] : ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=30`];
  const encode = audioOnly ? [] : ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', ...rate];
  const child = spawn(
    FFMPEG,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      ...picture,
      '-f',
      'lavfi',
      '-i',
      'sine',
      ...encode,
      '-c:a',
      'aac',
      '-f',
      'flv',
      url,
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, exited } satisfies Publisher;
}

/** Polls `probe` every 200 ms until it answers something truthy; throws after `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  ms = 25_000,
): Promise<T> {
  for (const end = Date.now() + ms; ; await sleep(200)) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
}
