/**
 * The adaptive ladder every stream is packaged in: two renditions with aligned keyframes. `codecs` and `frameRate`
 * are what the master playlist announces: unset, the packager's own (below); null, not announced.
 */
export type Rendition = {
  name: string;
  width: number;
  height: number;
  videoKbps: number;
  audioKbps: number;
  codecs?: string | null;
  frameRate?: number | null;
};

export const LADDER: readonly Rendition[] = [
  { name: '720p', width: 1280, height: 720, videoKbps: 2000, audioKbps: 96 },
  { name: '360p', width: 640, height: 360, videoKbps: 600, audioKbps: 64 },
];

export const FPS = 25;
/** VOD segments are 2 s; live segments are 1 s, which keeps a player a few seconds from the edge. */
export const VOD_SEGMENT_S = 2;
export const LIVE_SEGMENT_S = 1;
/** Fans can rewind a live game this far. */
export const LIVE_WINDOW_S = 12 * 60;

// Constrained Baseline level 3.1 (what x264 ultrafast writes) and AAC-LC.
const CODECS = 'avc1.42e01f,mp4a.40.2';

/** The master playlist pointing at each rendition's media playlist, highest first. */
export function masterPlaylist(ladder: readonly Rendition[] = LADDER): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of ladder) {
    const bandwidth = Math.round((r.videoKbps + r.audioKbps) * 1000 * 1.1);
    const codecs = r.codecs === undefined ? CODECS : r.codecs;
    const frameRate = r.frameRate === undefined ? FPS : r.frameRate;
    const attributes = [
      `BANDWIDTH=${bandwidth}`,
      `AVERAGE-BANDWIDTH=${(r.videoKbps + r.audioKbps) * 1000}`,
      `RESOLUTION=${r.width}x${r.height}`,
      ...(frameRate ? [`FRAME-RATE=${Number(frameRate.toFixed(3))}`] : []),
      ...(codecs ? [`CODECS="${codecs}"`] : []),
      `NAME="${r.name}"`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, `${r.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * ffmpeg's output options that copy HLS segments' streams into an MP4 as they are (no re-encoding): AAC in ADTS
 * becomes MP4's form, and the index goes first so a player starts before the whole file is downloaded.
 */
export const COPY_TO_MP4 = ['-c', 'copy', '-bsf:a', 'aac_adtstoasc', '-movflags', '+faststart'] as const;

/** x264 and AAC settings of one rendition; keyframes every segment so renditions switch cleanly. */
export function encodeArgs(r: Rendition, segmentS: number): string[] {
  const gop = String(FPS * segmentS);
  return [
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-profile:v',
    'baseline',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(FPS),
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    ...rateArgs(r),
  ];
}

/** A rendition's video rate (capped, for steady segment sizes) and its AAC audio: the same for packaged and live. */
export function rateArgs(r: Pick<Rendition, 'videoKbps' | 'audioKbps'>): string[] {
  return [
    '-b:v',
    `${r.videoKbps}k`,
    '-maxrate',
    `${Math.round(r.videoKbps * 1.1)}k`,
    '-bufsize',
    `${r.videoKbps * 2}k`,
    '-c:a',
    'aac',
    '-b:a',
    `${r.audioKbps}k`,
    '-ac',
    '2',
    '-ar',
    '48000',
  ];
}
