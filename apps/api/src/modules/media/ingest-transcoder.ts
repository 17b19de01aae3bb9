import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EncoderPids } from './ffmpeg/encoder-pids';
import { type FfmpegRun, runFfmpeg } from './ffmpeg/ffmpeg';
import { progressReader, type TranscoderProgress } from './ffmpeg/progress';
import { LIVE_SEGMENT_S, masterPlaylist, type Rendition, rateArgs } from './hls/ladder';
import { ENCODER_PLAYLIST, PUBLISHED_PLAYLIST, publishPlaylists, replaceWhole } from './hls/playlist-publisher';
import { liveAssetOf } from './live-simulator';
import type { MediaRepository } from './media.repository';
import type { MediaPaths } from './media-paths';

/** What the ingest knows of a publisher's stream (its RTMP metadata): codecs by name, picture size, frame rate. */
export type SourceInfo = {
  video: 'h264' | 'other' | 'unknown';
  audio: 'aac' | 'other' | 'unknown';
  height: number;
  /** Frames per second the encoder announced; 0 or absent when it did not. */
  fps?: number;
};

/** What the ingest's own encodes are (x264 Main, AAC-LC), by height: level 3.1 up to 720p, 4.0 above. */
const encodedCodecs = (height: number) => (height > 720 ? 'avc1.4d4028,mp4a.40.2' : 'avc1.4d401f,mp4a.40.2');

/** A rung of an ingest ladder: a rendition, and whether it is the source's own stream copied as it is. */
export type IngestRung = Rendition & { passthrough: boolean };

/** Lower rungs an ingest adds under the source, when the source is taller. */
const LOWER: readonly { height: number; videoKbps: number; audioKbps: number }[] = [
  { height: 720, videoKbps: 2000, audioKbps: 96 },
  { height: 360, videoKbps: 600, audioKbps: 64 },
];
/** An encoded top rung (a source that cannot pass through) is at most this tall. */
const MAX_ENCODED_HEIGHT = 1080;
/** A source whose size is not announced is treated as this tall: its top rung is encoded, never upscaled past it. */
const UNKNOWN_HEIGHT = 720;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The ladder of a source: its own picture on top, copied as it is when its codecs fit HLS players (H.264 + AAC) so
 * it costs no encode, else encoded at its height (capped); below it the standard rungs shorter than the source.
 * Never upscaled. Widths assume 16:9 for the playlist's RESOLUTION; the encode keeps the source's aspect.
 */
export function ingestLadder(source: SourceInfo): IngestRung[] {
  const passthrough = source.video === 'h264' && source.audio === 'aac' && source.height > 0;
  const topHeight = passthrough
    ? even(source.height)
    : Math.min(MAX_ENCODED_HEIGHT, even(source.height > 0 ? source.height : UNKNOWN_HEIGHT));
  const kbpsAt = (h: number) => Math.round((2000 * (h * h)) / (720 * 720));
  const top: IngestRung = {
    name: `${topHeight}p`,
    width: even((topHeight * 16) / 9),
    height: topHeight,
    videoKbps: Math.min(6000, Math.max(400, kbpsAt(topHeight))),
    audioKbps: 128,
    passthrough,
    // A stream passed through keeps the packager's announcement (Baseline 3.1, AAC-LC): its real profile is the
    // encoder's and not read yet, and a variant with no CODECS beside ones with it was never chosen by hls.js here
    // (a fan stayed on 360p).
    codecs: passthrough ? undefined : encodedCodecs(topHeight),
    frameRate: source.fps && source.fps > 0 ? source.fps : null,
  };
  const lower = LOWER.filter((r) => r.height < topHeight).map(
    (r): IngestRung => ({
      ...r,
      name: `${r.height}p`,
      width: even((r.height * 16) / 9),
      passthrough: false,
      codecs: encodedCodecs(r.height),
      frameRate: top.frameRate,
    }),
  );
  return [top, ...lower];
}

/**
 * The ladder a publish writes: the game's own, and when the encoder now sends another size or other codecs than
 * the game's first publish (a reconnect after a settings change), every rung encoded, the top one scaled to its
 * height, so the renditions fans switch between, and their playlists, stay the ones the game began with.
 */
export function keepLadder(ladder: IngestRung[], source: SourceInfo, sent: SourceInfo): IngestRung[] {
  const same = sent.height === source.height && sent.video === source.video && sent.audio === source.audio;
  // The announced codecs stay the game's first (the master playlist fans hold does not change mid-game).
  return same ? ladder : ladder.map((r) => ({ ...r, passthrough: false }));
}

/**
 * ffmpeg's arguments that pull a publisher's stream from the local RTMP server and write the game's HLS ladder into
 * `outDir`: an EVENT playlist (the whole game stays rewindable), 1 s segments where the keyframes allow, program
 * date times. Lower rungs take their keyframes where the source has them, so every rendition switches cleanly.
 * With `append` (a publisher back within the grace period) the segments continue the same playlists after a
 * discontinuity. The playlists never end here: the game's end writes ENDLIST (`finishRecording`).
 */
export function ingestArgs(input: string, outDir: string, ladder: readonly IngestRung[], { append = false } = {}) {
  const flags = ['program_date_time', 'independent_segments', 'temp_file', 'omit_endlist'];
  if (append) flags.push('append_list', 'discont_start');
  const outputs = ladder.flatMap((r) => [
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    ...(r.passthrough
      ? ['-c:v', 'copy', '-c:a', 'copy']
      : [
          '-vf',
          `scale=-2:${r.height}`,
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-profile:v',
          'main',
          '-pix_fmt',
          'yuv420p',
          '-force_key_frames',
          ladder[0]?.passthrough ? 'source' : `expr:gte(t,n_forced*${LIVE_SEGMENT_S})`,
          '-g',
          '600',
          '-sc_threshold',
          '0',
          ...rateArgs(r),
        ]),
    '-f',
    'hls',
    '-hls_time',
    String(LIVE_SEGMENT_S),
    '-hls_list_size',
    '0',
    '-hls_playlist_type',
    'event',
    '-hls_flags',
    flags.join('+'),
    '-hls_segment_filename',
    path.join(outDir, r.name, 'seg_%06d.ts'),
    path.join(outDir, r.name, ENCODER_PLAYLIST),
  ]);
  // A publisher's first seconds: ffmpeg reads the RTMP metadata and headers instead of probing for long.
  return ['-y', '-analyzeduration', '1000000', '-probesize', '500000', '-i', input, ...outputs];
}

/** The file that marks a live folder as an ingest's (not a simulated feed's). */
const INGEST_MARKER = 'ingest.json';

/** How long a transcoder asked to stop has to write its last segment before it is killed. */
const STOP_WAIT_MS = 3000;

/** The transcoder's latest `-progress` block and when it came (Date.now()). */
export type ProgressReading = { at: number; progress: TranscoderProgress };

export type IngestTranscoder = {
  run: FfmpegRun;
  exited: Promise<unknown>;
  stop(): Promise<void>;
  /** Its latest progress, or null before the first block (ingest health samples it). */
  progress(): ProgressReading | null;
  /** The renditions it writes. */
  renditions: { name: string; height: number; passthrough: boolean }[];
};

/**
 * Starts the transcoder of one publish: prepares the folder (a first publish starts it empty, a reconnect appends to
 * it), writes the master playlist, runs ffmpeg and publishes each rendition's playlist whole (playlist-publisher.ts).
 */
export async function startIngestTranscoder({
  ffmpeg,
  input,
  outDir,
  ladder,
  append,
}: {
  ffmpeg: string;
  input: string;
  outDir: string;
  ladder: readonly IngestRung[];
  append: boolean;
}): Promise<IngestTranscoder> {
  if (!append) await rm(outDir, { recursive: true, force: true });
  for (const r of ladder) await mkdir(path.join(outDir, r.name), { recursive: true });
  await writeFile(path.join(outDir, 'master.m3u8'), masterPlaylist(ladder));
  let latest: ProgressReading | null = null;
  const read = progressReader((progress) => {
    latest = { at: Date.now(), progress };
  });
  const run = runFfmpeg(ffmpeg, ingestArgs(input, outDir, ladder, { append }), { onProgressText: read });
  const publisher = publishPlaylists(ladder.map((r) => path.join(outDir, r.name)));
  const exited = run.done.then(
    () => undefined,
    (err: unknown) => err,
  );
  void exited.finally(() => publisher.stop());
  return {
    run,
    exited,
    progress: () => latest,
    renditions: ladder.map((r) => ({ name: r.name, height: r.height, passthrough: r.passthrough })),
    async stop() {
      run.kill();
      // ffmpeg ends on SIGTERM between reads; one blocked on a silent input is killed after a moment.
      const killer = setTimeout(() => {
        try {
          if (run.pid) process.kill(run.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, STOP_WAIT_MS);
      await exited;
      clearTimeout(killer);
      // The last whole version ffmpeg wrote at its exit, published before the next publisher or the end reads it.
      await publishNow(ladder.map((r) => path.join(outDir, r.name)));
    },
  };
}

async function publishNow(dirs: string[]) {
  for (const dir of dirs) {
    const text = await readFile(path.join(dir, ENCODER_PLAYLIST), 'utf8').catch(() => null);
    if (text?.startsWith('#EXTM3U')) {
      await replaceWhole(path.join(dir, PUBLISHED_PLAYLIST), text);
    }
  }
}

/**
 * Ends a game's recording where it lies: each rendition's playlist becomes a finished VOD playlist (ENDLIST), the
 * segments untouched, then the folder moves to the replay's place (one rename on one disk: no copy, no re-encode).
 * Returns the recording's length in seconds (its top rendition's).
 */
export async function finishRecording(liveDir: string, replayDir: string): Promise<number> {
  const rungs = (await readdir(liveDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  let durationS = 0;
  for (const rung of rungs) {
    const dir = path.join(liveDir, rung);
    const text = await readFile(path.join(dir, ENCODER_PLAYLIST), 'utf8').catch(() =>
      readFile(path.join(dir, PUBLISHED_PLAYLIST), 'utf8').catch(() => ''),
    );
    if (!text.startsWith('#EXTM3U')) continue;
    const body = text.replace('#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-PLAYLIST-TYPE:VOD').replace(/\n*$/, '\n');
    const ended = body.includes('#EXT-X-ENDLIST') ? body : `${body}#EXT-X-ENDLIST\n`;
    await writeFile(path.join(dir, `${PUBLISHED_PLAYLIST}.tmp`), ended);
    await rename(path.join(dir, `${PUBLISHED_PLAYLIST}.tmp`), path.join(dir, PUBLISHED_PLAYLIST));
    await rm(path.join(dir, ENCODER_PLAYLIST), { force: true });
    const seconds = [...ended.matchAll(/^#EXTINF:([\d.]+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    durationS = Math.max(durationS, seconds);
  }
  await rm(path.join(liveDir, INGEST_MARKER), { force: true });
  await rm(replayDir, { recursive: true, force: true });
  await mkdir(path.dirname(replayDir), { recursive: true });
  await rename(liveDir, replayDir);
  return durationS;
}

/** Whether every rung's published playlist in `dir` holds `segments` segments: the first answer can play. */
export async function ingestPlaylistsHold(dir: string, segments: number): Promise<boolean> {
  const master = await readFile(path.join(dir, 'master.m3u8'), 'utf8').catch(() => '');
  const rungs = master.split('\n').filter((l) => /^\d{3,4}p\/index\.m3u8$/.test(l));
  if (!rungs.length) return false;
  for (const rung of rungs) {
    const text = await readFile(path.join(dir, rung), 'utf8').catch(() => '');
    if ((text.match(/^#EXTINF:/gm) ?? []).length < segments) return false;
  }
  return true;
}

/**
 * The media side of the RTMP ingest: a game's transcoder pulling its publish from this machine's RTMP server into
 * the game's live folder (`live/e<id>`, what live playback serves), and at the end its recording made the game's
 * replay (`vod/<slug>-e<id>`, what a finished game plays) as a ready asset.
 */
export function createIngestMedia({
  ffmpeg,
  paths,
  media,
  rtmpPort,
  pids,
}: {
  ffmpeg: string;
  paths: MediaPaths;
  media: MediaRepository;
  rtmpPort: () => number;
  pids: EncoderPids;
}) {
  return {
    /**
     * `source` is the game's first publish's, whose renditions the recording keeps; `sent` is what this publisher
     * sends. An encoder back with another size or codecs is scaled to those renditions (`keepLadder`).
     */
    async transcode(
      eventId: number,
      streamPath: string,
      source: SourceInfo,
      resume: boolean,
      sent: SourceInfo = source,
      simulated = false,
    ) {
      const asset = liveAssetOf(eventId);
      const outDir = paths.hlsDir(asset);
      // A transcoder of this game left by a server that died (where no parent-death signal could be set).
      await pids.killStale(asset, outDir);
      const t = await startIngestTranscoder({
        ffmpeg,
        input: `rtmp://127.0.0.1:${rtmpPort()}/${streamPath}`,
        outDir,
        ladder: keepLadder(ingestLadder(source), source, sent),
        append: resume,
      });
      // What a later start needs to settle the game if this process dies: whose folder it is, and its source.
      await writeFile(path.join(outDir, INGEST_MARKER), JSON.stringify({ eventId, source, simulated }));
      if (t.run.pid) await pids.write(asset, t.run.pid);
      void t.exited.finally(() => pids.remove(asset));
      return t;
    },
    /**
     * The source of a game's ingest folder left by an earlier process, or null when the folder is not an ingest's.
     * A demo encoder's folder (`simulated`) is not waited for: the demo starts its game again when a fan asks.
     */
    async leftover(eventId: number): Promise<SourceInfo | null> {
      const dir = paths.hlsDir(liveAssetOf(eventId));
      const text = await readFile(path.join(dir, INGEST_MARKER), 'utf8').catch(() => '');
      try {
        const marker = JSON.parse(text) as { eventId?: number; source?: SourceInfo; simulated?: boolean };
        if (marker.eventId === eventId && marker.simulated) {
          await rm(dir, { recursive: true, force: true });
          return null;
        }
        return marker.eventId === eventId && marker.source ? marker.source : null;
      } catch {
        return null;
      }
    },
    /** The game's recording becomes its replay; returns the replay's asset key and length. */
    async finish(eventId: number, replayKey: string, title: string) {
      const durationS = await finishRecording(paths.hlsDir(liveAssetOf(eventId)), paths.hlsDir(replayKey));
      await media.ensure(replayKey, 'vod', title);
      await media.setStatus(replayKey, 'ready', { progress: 100, durationS, error: null });
      return { key: replayKey, durationS };
    },
  };
}
export type IngestMedia = ReturnType<typeof createIngestMedia>;
