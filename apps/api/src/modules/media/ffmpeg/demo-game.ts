import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  COPY_TO_MP4,
  encodeArgs,
  LADDER,
  LIVE_SEGMENT_S,
  LIVE_WINDOW_S,
  type Rendition,
  VOD_SEGMENT_S,
} from '../hls/ladder';
import { ENCODER_PLAYLIST } from '../hls/playlist-publisher';
import { fontFile } from './ffmpeg';

export type DemoGame = {
  /** Team labels burned into the scoreboard (away first). */
  away: string;
  home: string;
  /** Top-left caption, e.g. the sport or "LIVE". */
  caption: string;
  /** Seconds of game for VOD; undefined for the endless live feed. */
  durationS?: number;
  /** Varies the picture's motion and the tone, so games look and sound different. */
  seed: number;
};

/**
 * The filter graph of a generated game: a moving test pattern, a scoreboard (away, score, home) whose score
 * changes as the game goes on, a clock (game time for VOD, wall-clock time for live, to read latency off the
 * picture) and a caption. Labels come from text files so no team name needs filter escaping.
 */
function scoreboard(game: DemoGame, labelDir: string, live: boolean, ladder: readonly Rendition[] = LADDER): string {
  const font = fontFile();
  const file = (name: string, text: string) => {
    const p = path.join(labelDir, `${name}.txt`);
    writeFileSync(p, text);
    return p;
  };
  const away = file('away', game.away.toUpperCase());
  const home = file('home', game.home.toUpperCase());
  const caption = file('caption', game.caption.toUpperCase());
  const a = 17 + (game.seed % 7);
  const h = 13 + (game.seed % 5);
  const clock = live ? '%{localtime}' : '%{pts\\:hms}';
  const splits = ladder.map((_, i) => `[s${i}]`).join('');
  const scaled = ladder.map((r, i) => `[s${i}]scale=${r.width}:${r.height}[v${i}]`).join(';');
  return [
    `[0:v]drawbox=x=0:y=0:w=iw:h=96:color=black@0.65:t=fill`,
    `drawtext=fontfile=${font}:textfile=${away}:expansion=none:x=40:y=28:fontsize=40:fontcolor=white`,
    `drawtext=fontfile=${font}:text='%{eif\\:trunc(t/${a})\\:d}  -  %{eif\\:trunc(t/${h})\\:d}':x=(w-tw)/2:y=28:fontsize=44:fontcolor=#ffd54f`,
    `drawtext=fontfile=${font}:textfile=${home}:expansion=none:x=w-tw-40:y=28:fontsize=40:fontcolor=white`,
    `drawbox=x=0:y=ih-70:w=iw:h=70:color=black@0.5:t=fill`,
    `drawtext=fontfile=${font}:textfile=${caption}:expansion=none:x=40:y=h-52:fontsize=32:fontcolor=white`,
    `drawtext=fontfile=${font}:text='${clock}':x=w-tw-40:y=h-52:fontsize=32:fontcolor=#ffd54f`,
    `split=${ladder.length}${splits};${scaled}`,
  ].join(',');
}

function inputs(game: DemoGame, live: boolean): string[] {
  const duration = game.durationS ? `:duration=${game.durationS}` : '';
  const biggest = LADDER[0] ?? { width: 1280, height: 720 };
  return [
    ...(live ? ['-re'] : []),
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${biggest.width}x${biggest.height}:rate=25${duration}`,
    ...(live ? ['-re'] : []),
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${220 + (game.seed % 8) * 55}:sample_rate=48000${duration}`,
  ];
}

/** ffmpeg arguments packaging a generated game as HLS VOD: one output per rendition, 2 s segments. */
export function vodArgs(game: DemoGame, outDir: string, labelDir: string): string[] {
  const outputs = LADDER.flatMap((r, i) => [
    '-map',
    `[v${i}]`,
    '-map',
    '1:a',
    ...encodeArgs(r, VOD_SEGMENT_S),
    '-f',
    'hls',
    '-hls_time',
    String(VOD_SEGMENT_S),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    path.join(outDir, r.name, 'seg_%04d.ts'),
    path.join(outDir, r.name, 'index.m3u8'),
  ]);
  return ['-y', ...inputs(game, false), '-filter_complex', scoreboard(game, labelDir, false), ...outputs];
}

/**
 * ffmpeg arguments of the simulated live encoder: real time, 1 s segments, a sliding window long enough to
 * rewind, EXT-X-PROGRAM-DATE-TIME on every segment, old segments deleted.
 */
export function liveArgs(game: DemoGame, outDir: string, labelDir: string): string[] {
  const listSize = String(Math.ceil(LIVE_WINDOW_S / LIVE_SEGMENT_S));
  const outputs = LADDER.flatMap((r, i) => [
    '-map',
    `[v${i}]`,
    '-map',
    '1:a',
    ...encodeArgs(r, LIVE_SEGMENT_S),
    '-f',
    'hls',
    '-hls_time',
    String(LIVE_SEGMENT_S),
    '-hls_list_size',
    listSize,
    '-hls_delete_threshold',
    '10',
    '-hls_flags',
    'delete_segments+program_date_time+independent_segments+temp_file+omit_endlist',
    '-hls_segment_filename',
    path.join(outDir, r.name, 'seg_%06d.ts'),
    // Published whole as index.m3u8 by the encoder (see playlist-publisher.ts).
    path.join(outDir, r.name, ENCODER_PLAYLIST),
  ]);
  return ['-y', ...inputs(game, true), '-filter_complex', scoreboard(game, labelDir, true), ...outputs];
}

/**
 * ffmpeg arguments of the demo's encoder for a live game: the game's picture at the top rendition's size, H.264 +
 * AAC with a keyframe every segment, pushed by RTMP to `url` as OBS pushes a real game, in real time.
 */
export function publishArgs(game: DemoGame, url: string, labelDir: string): string[] {
  const top = LADDER[0] as Rendition;
  return [
    '-y',
    ...inputs(game, true),
    '-filter_complex',
    scoreboard(game, labelDir, true, [top]),
    '-map',
    '[v0]',
    '-map',
    '1:a',
    ...encodeArgs(top, LIVE_SEGMENT_S),
    '-f',
    'flv',
    url,
  ];
}

/** An MP4 of a packaged VOD (the top rendition, stream-copied) for downloads. */
export function mp4Args(hlsDir: string, outFile: string): string[] {
  const top = LADDER[0]?.name ?? '720p';
  return ['-y', '-i', path.join(hlsDir, top, 'index.m3u8'), ...COPY_TO_MP4, outFile];
}
