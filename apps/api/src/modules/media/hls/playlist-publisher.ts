import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The name ffmpeg writes a live rendition's playlist under; readers get `index.m3u8`. */
export const ENCODER_PLAYLIST = 'live.m3u8';
export const PUBLISHED_PLAYLIST = 'index.m3u8';

/**
 * Whether a media playlist was read whole: it starts as a playlist, ends at a line's end, and every segment's
 * EXTINF has its URI. A playlist read while it is being rewritten fails one of these.
 */
export function isWholePlaylist(text: string): boolean {
  if (!text.startsWith('#EXTM3U') || !text.endsWith('\n')) return false;
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const infos = lines.filter((l) => l.startsWith('#EXTINF:')).length;
  const uris = lines.filter((l) => !l.startsWith('#')).length;
  const last = lines.at(-1) ?? '';
  return infos === uris && (!last.startsWith('#') || last === '#EXT-X-ENDLIST');
}

/** The number after the newest segment: a live window only moves forward. */
function endOf(text: string): number {
  const sequence = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(text)?.[1] ?? 0);
  return sequence + (text.match(/^#EXTINF:/gm) ?? []).length;
}

let writes = 0;

/**
 * Replaces `to` with `text` whole, by rename. Each write has a temporary file of its own: two writers of one
 * playlist (a stopping transcoder's last publish and the periodic one, or the transcoders before and after an
 * encoder's reconnect) sharing one `.tmp` name had the second rename fail (ENOENT), which left an ingested game live
 * after its encoder had gone.
 */
export async function replaceWhole(to: string, text: string): Promise<void> {
  const tmp = `${to}.${process.pid}.${++writes}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, to);
}

/**
 * ffmpeg builds before 4.2 (the bundled static one among them) rewrite a live playlist in place: `temp_file` covers
 * segments only, so a reader can find the playlist empty or cut short for an instant, and nginx serving it from disk
 * then ends the connection (measured: 0.26 % of reads). The encoder lets ffmpeg write `live.m3u8` and publishes
 * each whole version as `index.m3u8` by rename, so the edge and the API only ever read whole playlists. It looks
 * every `everyMs` (segments are a second long): cheap stats, a read only when the file changed.
 */
export function publishPlaylists(dirs: string[], { everyMs = 100 } = {}) {
  const seen = new Map<string, string>();
  const published = new Map<string, string>();
  let busy = false;
  const publishOne = async (dir: string) => {
    const from = path.join(dir, ENCODER_PLAYLIST);
    const info = await stat(from).catch(() => null);
    if (!info) return;
    const version = `${info.mtimeMs}:${info.size}`;
    if (seen.get(dir) === version) return;
    const text = await readFile(from, 'utf8').catch(() => '');
    // Not whole yet: the next look, after ffmpeg's write ends, finds the file changed again. A write cut just after
    // a segment's line reads as a whole but shorter playlist: the window never moves back, so it waits too.
    const before = published.get(dir);
    if (!isWholePlaylist(text) || (before !== undefined && endOf(text) < endOf(before))) return;
    seen.set(dir, version);
    if (published.get(dir) === text) return;
    const to = path.join(dir, PUBLISHED_PLAYLIST);
    await replaceWhole(to, text);
    published.set(dir, text);
  };
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      await Promise.all(dirs.map((dir) => publishOne(dir).catch(() => undefined)));
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return {
    /** Publishes what is there now (tests, and a last look before stopping). */
    tick,
    stop() {
      clearInterval(timer);
    },
  };
}
export type PlaylistPublisher = ReturnType<typeof publishPlaylists>;
