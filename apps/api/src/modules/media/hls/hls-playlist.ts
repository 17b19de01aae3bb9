/** One media segment of an HLS media playlist: its URI (relative to the playlist) and its length in seconds. */
export type Segment = { uri: string; duration: number };

/** The segments of a media playlist, in order (`#EXTINF` lines and the URI after each). */
export function parseMediaPlaylist(text: string): Segment[] {
  const segments: Segment[] = [];
  let duration: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      const value = Number.parseFloat(line.slice('#EXTINF:'.length));
      duration = Number.isFinite(value) && value > 0 ? value : null;
    } else if (line && !line.startsWith('#') && duration !== null) {
      segments.push({ uri: line, duration });
      duration = null;
    }
  }
  return segments;
}
