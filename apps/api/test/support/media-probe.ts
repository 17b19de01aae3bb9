import { spawnSync } from 'node:child_process';
import { ffmpegPath } from '../../src/modules/media/ffmpeg/ffmpeg';

/** What ffmpeg reads off a media file: its length in seconds and whether it has video and audio. */
export function probeMedia(file: string): { durationS: number; video: boolean; audio: boolean } {
  // Decoding to nothing reports the real length (the container's own field can be off by a segment).
  const out = spawnSync(ffmpegPath(), ['-hide_banner', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
  const times = [...out.stderr.matchAll(/time=(\d+):(\d+):(\d+\.\d+)/g)];
  const last = times.at(-1);
  const durationS = last ? Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]) : Number.NaN;
  return { durationS, video: /Stream #.*Video:/.test(out.stderr), audio: /Stream #.*Audio:/.test(out.stderr) };
}
