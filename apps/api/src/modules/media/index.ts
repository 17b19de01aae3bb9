/**
 * The media module's public entry: what other modules use of it. Its tables are the database schema's and are
 * imported from their own files.
 */
export { cacheControl, isEventAsset, MEDIA_FILE, sendFile } from './delivery.routes';
export { planCut, runCut, SourceTooShort } from './ffmpeg/clip-cut';
export { encoderPids } from './ffmpeg/encoder-pids';
export { createFfmpegJobs, ffmpegPath, HandedBack } from './ffmpeg/ffmpeg';
export type { Segment } from './hls/hls-playlist';
export { parseMediaPlaylist } from './hls/hls-playlist';
export { LADDER } from './hls/ladder';
export type { IngestMedia, SourceInfo } from './ingest-transcoder';
export { createIngestMedia, ingestLadder, ingestPlaylistsHold } from './ingest-transcoder';
export { liveAssetOf } from './live-simulator';
export { mediaErrors } from './media.errors';
export type { MediaRepository } from './media.repository';
export type { MediaAccess } from './media-access';
export type { MediaPaths } from './media-paths';
export { CLIP_UUID } from './media-paths';
export type { MediaGrant, MediaTokens } from './media-token';
export { createMediaTokens } from './media-token';
export type { PackageJob } from './packager';
export type { PlaybackService } from './playback.service';
export { createReplayMp4, type ReplayMp4 } from './replay-mp4';
