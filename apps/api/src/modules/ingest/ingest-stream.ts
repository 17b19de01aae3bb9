/** What the ingest knows of a game's stream: its game, its source, its transcoder and their figures. */
import type { RtmpPublisher } from './rtmp-server';

/** What the ingest learned of a publisher's stream from its metadata. */
export type PublishedSource = {
  video: 'h264' | 'other' | 'unknown';
  audio: 'aac' | 'other' | 'unknown';
  height: number;
  fps?: number;
};

export type Game = { channelId: number; eventId: number };
/** A transcoder's latest `-progress` figures and when they came (media/ffmpeg/progress.ts). */
export type ProgressReading = {
  at: number;
  progress: {
    frame: number;
    outTimeS: number;
    dropFrames: number;
    dupFrames: number;
    fps: number | null;
    speed: number | null;
  };
};
/** A running transcoder of one publish; `progress` and `renditions` feed the ingest health. */
export type Transcoding = {
  stop(): Promise<void>;
  exited: Promise<unknown>;
  progress?: () => ProgressReading | null;
  renditions?: { name: string; height: number; passthrough: boolean }[];
};
/** What the ingest health samples of a game's stream, every sample period. */
export type StreamView = {
  game: Game;
  publisher: RtmpPublisher | null;
  transcoding: Transcoding | null;
  source: PublishedSource | null;
};

/** FLV's codec ids (7 H.264, 10 AAC), or the names some encoders send instead. */
export function sourceOf(p: RtmpPublisher): PublishedSource {
  const name = (c: number | string | undefined, ok: number, names: string[]) =>
    c === ok || names.includes(String(c).toLowerCase())
      ? 'match'
      : c === 0 || c === '' || c === undefined || c === null
        ? 'unknown'
        : 'other';
  const video = name(p.videoCodec, 7, ['avc1', 'h264', '7']);
  const audio = name(p.audioCodec, 10, ['mp4a', 'aac', '10']);
  return {
    video: video === 'match' ? 'h264' : video,
    audio: audio === 'match' ? 'aac' : audio,
    height: Number(p.videoHeight) || 0,
    fps: Number(p.videoFramerate) || 0,
  };
}

/** The publisher announced its streams and there is no picture among them (an audio-only encoder setting). */
export const audioOnly = (p: RtmpPublisher) => sourceOf(p).video === 'unknown' && sourceOf(p).audio !== 'unknown';
