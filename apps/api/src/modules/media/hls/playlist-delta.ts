/**
 * LL-HLS Playlist Delta Updates for the live window: the full playlist says the client may skip
 * (`EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL`), and a reload with `_HLS_skip=YES` gets only the last seconds, the older
 * segments replaced by `EXT-X-SKIP` (hls.js keeps them from its previous copy). A 12-minute window of 1 s segments
 * is ~60 KB; its delta is ~1 KB.
 */

/** Seconds at the end of the window always sent in full: at least six target durations (RFC 8216bis 4.4.3.8). */
const skipUntil = (targetS: number) => Math.max(12, 6 * targetS);

type Parsed = { header: string[]; segments: { lines: string[]; duration: number }[] };

function parse(text: string): Parsed | null {
  const header: string[] = [];
  const segments: Parsed['segments'] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    if (line.startsWith('#EXTINF:') || line.startsWith('#EXT-X-PROGRAM-DATE-TIME:') || current.length) {
      current.push(line);
      if (!line.startsWith('#')) {
        const duration = Number(/#EXTINF:([\d.]+)/.exec(current.join('\n'))?.[1]);
        if (!Number.isFinite(duration)) return null;
        segments.push({ lines: current, duration });
        current = [];
      }
    } else header.push(line);
  }
  return current.length ? null : { header, segments };
}

/** The full playlist (advertising delta updates) and its delta; the original text when it is not one we know. */
export function withDeltaUpdates(text: string): { full: string; delta: string } {
  const parsed = parse(text);
  const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1]);
  if (!parsed || !Number.isFinite(target) || text.includes('#EXT-X-ENDLIST')) return { full: text, delta: text };
  const until = skipUntil(target);
  const control = `#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=${until.toFixed(1)}`;
  const header = parsed.header.filter((l) => !l.startsWith('#EXT-X-SERVER-CONTROL'));
  const full = [...header, control, ...parsed.segments.flatMap((s) => s.lines), ''].join('\n');

  // Keep the segments whose start is within `until` of the end; skip only plain segments before them.
  let kept = 0;
  for (let i = parsed.segments.length - 1, tail = 0; i >= 0 && tail < until; i--, kept++) {
    tail += parsed.segments[i]?.duration ?? 0;
  }
  const skipped = parsed.segments.slice(0, parsed.segments.length - kept);
  const plain = skipped.every((s) =>
    s.lines.every((l) => !l.startsWith('#') || /^#(EXTINF|EXT-X-PROGRAM-DATE-TIME):/.test(l)),
  );
  if (!skipped.length || !plain) return { full, delta: full };
  const delta = [
    ...header.map((l) => (l.startsWith('#EXT-X-VERSION:') ? '#EXT-X-VERSION:9' : l)),
    control,
    `#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped.length}`,
    ...parsed.segments.slice(skipped.length).flatMap((s) => s.lines),
    '',
  ].join('\n');
  return { full, delta };
}
