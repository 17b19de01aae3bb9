import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Segment } from '../hls/hls-playlist';
import { COPY_TO_MP4, encodeArgs, LADDER, VOD_SEGMENT_S } from '../hls/ladder';

/** Frames of 25 fps: a cut this close to a segment's start is on its keyframe. */
const ON_KEYFRAME_S = 0.02;

/** A piece of the clip: whole segments copied as they are, or one segment trimmed (re-encoded). */
export type CutPart = { kind: 'copy'; files: string[] } | { kind: 'trim'; file: string; from: number; length: number };

/**
 * How a clip is made: `copy` when it starts and ends on segment boundaries (every segment starts on a keyframe,
 * renditions are packaged that way), `edges` when only the first and last segments need re-encoding.
 */
export type CutPlan = { method: 'copy' | 'edges'; parts: CutPart[]; duration: number };

export class SourceTooShort extends Error {}

/**
 * Plans the cut of [start, start + duration) out of a rendition's segments (files in `dir`): the segments inside the
 * span are stream-copied, the ones the span cuts into are trimmed. Throws `SourceTooShort` past the media's end.
 */
export function planCut(segments: readonly Segment[], dir: string, start: number, duration: number): CutPlan {
  const end = start + duration;
  const total = segments.reduce((sum, s) => sum + s.duration, 0);
  if (end > total + ON_KEYFRAME_S) throw new SourceTooShort(`clip ends at ${end}s, media is ${total}s`);
  const parts: CutPart[] = [];
  let copying: string[] = [];
  const flush = () => {
    if (copying.length) parts.push({ kind: 'copy', files: copying });
    copying = [];
  };
  let at = 0;
  for (const segment of segments) {
    const segStart = at;
    const segEnd = at + segment.duration;
    at = segEnd;
    if (segEnd <= start + ON_KEYFRAME_S) continue;
    if (segStart >= end - ON_KEYFRAME_S) break;
    const file = path.join(dir, segment.uri);
    const from = Math.max(0, start - segStart);
    const to = Math.min(segment.duration, end - segStart);
    const whole = from <= ON_KEYFRAME_S && to >= segment.duration - ON_KEYFRAME_S;
    if (whole) {
      copying.push(file);
    } else {
      flush();
      parts.push({ kind: 'trim', file, from, length: to - from });
    }
  }
  flush();
  return { method: parts.some((p) => p.kind === 'trim') ? 'edges' : 'copy', parts, duration };
}

type Run = (args: string[]) => Promise<void>;

/**
 * Runs a plan with ffmpeg into `outFile` (MP4, moov first so it plays while loading) and a JPEG thumbnail. Trimmed
 * edges are encoded with the ladder's own settings, so their stream joins the copied segments' without a
 * re-encode of the middle; the pieces are joined by the concat demuxer, which lines up their timestamps.
 */
export async function runCut(
  plan: CutPlan,
  {
    workDir,
    outFile,
    thumbFile,
    run,
    onStep,
  }: {
    workDir: string;
    outFile: string;
    thumbFile: string;
    run: Run;
    onStep?: (percent: number) => void;
  },
) {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const top = LADDER[0];
  if (!top) throw new Error('empty ladder');
  const list: string[] = [];
  let n = 0;
  for (const part of plan.parts) {
    if (part.kind === 'copy') {
      list.push(...part.files);
      continue;
    }
    const piece = path.join(workDir, `edge_${n++}.ts`);
    // `-ss` after `-i`: the segment is decoded from its keyframe and frames before `from` dropped. Before `-i`, a
    // seek into an MPEG-TS segment lands past its only keyframe, so the piece had no video (a span inside one
    // segment then gave an MP4 without a video stream and its thumbnail failed). A segment is at most 2 s to decode.
    await run([
      '-y',
      '-i',
      part.file,
      '-ss',
      part.from.toFixed(3),
      '-t',
      part.length.toFixed(3),
      ...encodeArgs(top, VOD_SEGMENT_S),
      '-f',
      'mpegts',
      piece,
    ]);
    list.push(piece);
  }
  onStep?.(50);
  const listFile = path.join(workDir, 'parts.txt');
  await writeFile(listFile, `${list.map((f) => `file '${f.replace(/'/g, "'\\''")}'`).join('\n')}\n`);
  const joined = path.join(workDir, 'clip.mp4');
  await run(['-y', '-f', 'concat', '-safe', '0', '-i', listFile, ...COPY_TO_MP4, joined]);
  onStep?.(80);
  const thumb = path.join(workDir, 'thumb.jpg');
  await run([
    '-y',
    '-ss',
    (plan.duration / 2).toFixed(2),
    '-i',
    joined,
    '-frames:v',
    '1',
    '-vf',
    'scale=640:-2',
    '-q:v',
    '4',
    thumb,
  ]);
  await mkdir(path.dirname(outFile), { recursive: true });
  await rename(thumb, thumbFile);
  // The MP4 last: its presence is what makes the clip's files complete.
  await rename(joined, outFile);
  await rm(workDir, { recursive: true, force: true });
}

/** The same span re-encoded whole, the way a plain ffmpeg cut does it (the benchmark's baseline). */
export function plainReencodeArgs(playlist: string, start: number, duration: number, outFile: string): string[] {
  const top = LADDER[0];
  if (!top) throw new Error('empty ladder');
  return [
    '-y',
    '-ss',
    start.toFixed(3),
    '-i',
    playlist,
    '-t',
    duration.toFixed(3),
    ...encodeArgs(top, VOD_SEGMENT_S),
    '-movflags',
    '+faststart',
    outFile,
  ];
}
